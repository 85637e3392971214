/** Next.js calls register() once when a server process starts; the work is Node.js-only (see instrumentation-node.ts). */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.NEXT_PHASE !== 'phase-production-build') {
    const { startServer } = await import('./instrumentation-node');
    await startServer();
  }
}
