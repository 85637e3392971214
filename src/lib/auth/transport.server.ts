import 'server-only';
import { getEnv } from '@/lib/env.server';

const LOOPBACK = /^(localhost|127(?:\.\d+){3}|\[::1\])(?::\d+)?$/i;

/** What tells how a request reached us: a route handler's Request, or a page's URL-less request headers. */
export type RequestLike = { url?: string; headers: Pick<Headers, 'get'> };

/** Whether this request reached us over HTTPS (directly, or through a trusted proxy, or per SITE_URL in production). */
export function servedOverHttps(request: RequestLike): boolean {
  const env = getEnv();
  if (request.url && new URL(request.url).protocol === 'https:') return true;
  if (env.TRUST_PROXY && request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https') return true;
  const host = request.headers.get('host') ?? '';
  return env.NODE_ENV === 'production' && !!env.SITE_URL?.startsWith('https:') && !LOOPBACK.test(host);
}

/** Cookies are Secure over HTTPS and in production (except on a loopback host, where browsers would drop them over plain HTTP). */
export function wantsSecureCookies(request: RequestLike): boolean {
  if (servedOverHttps(request)) return true;
  return getEnv().NODE_ENV === 'production' && !LOOPBACK.test(request.headers.get('host') ?? '');
}
