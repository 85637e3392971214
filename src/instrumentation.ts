import type { Instrumentation } from 'next';
import { logError } from './lib/log';

/** Next.js calls register() once when a server process starts; the work is Node.js-only (see instrumentation-node.ts). */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.NEXT_PHASE !== 'phase-production-build') {
    const { startServer } = await import('./instrumentation-node');
    await startServer();
  }
}

/**
 * An error a page or route did not catch, logged like every other failure (docs/decisions/0302): its kind and the
 * route's pattern, never its message (a failed query's message carries a searched name) nor the request's path (its
 * query may). serving/server.mjs starts Next.js with `quiet`, so that Next.js does not log the whole error too.
 */
export const onRequestError: Instrumentation.onRequestError = (error, _request, context) => {
  const digest = (error as { digest?: unknown } | null)?.digest;
  const reference = typeof digest === 'string' && /^[\w-]{1,40}$/.test(digest) ? ` (digest ${digest})` : '';
  logError(`[next] ${context.routeType} ${context.routePath}${reference} failed`, error);
};
