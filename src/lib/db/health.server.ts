import 'server-only';
import { logError } from '@/lib/log';
import { getDatabase } from './client';

/** GET /api/health: 200 when the database answers within 3 s, else 503 (for load balancers). */
export async function healthResponse(): Promise<Response> {
  const headers = { 'Cache-Control': 'no-store' };
  try {
    const handle = await withTimeout(getDatabase(), 10_000);
    await withTimeout(handle.ping(), 3_000);
    return Response.json({ ok: true, database: 'up', driver: handle.kind }, { status: 200, headers });
  } catch (error) {
    logError('[health] database unreachable', error);
    return Response.json({ ok: false, database: 'down', error: 'The database is not reachable.' }, { status: 503, headers });
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DOMException(`timed out after ${ms} ms`, 'TimeoutError')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
