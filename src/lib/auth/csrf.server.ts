import 'server-only';
import { getEnv } from '@/lib/env.server';

/**
 * Cross-site defence of every staff request, reads included (docs/decisions/0200-staff-sessions.md,
 * 0303-admin-api-same-origin-and-audited-exports.md): a SameSite=Lax cookie still rides on a top-level GET from another
 * site, and the privacy export and CSV downloads are GETs. Browsers send Sec-Fetch-Site on every request: anything but
 * `same-origin` or `none` (typed, bookmarked) is refused, a sibling subdomain (`same-site`) included; an Origin header,
 * when present, must name this host. Requests that carry neither header do not come from a browser page (curl,
 * server-to-server) and cannot ride on a victim's cookie.
 */
export function isCrossSite(request: Request): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  if (origin === 'null') return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  return !allowedHosts(request).includes(originHost);
}

function allowedHosts(request: Request): string[] {
  const hosts: string[] = [];
  const env = getEnv();
  const forwarded = env.TRUST_PROXY ? request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const host = forwarded || request.headers.get('host');
  if (host) hosts.push(host.toLowerCase());
  try {
    hosts.push(new URL(request.url).host.toLowerCase());
  } catch {
    /* relative URLs do not happen in route handlers */
  }
  if (env.SITE_URL) hosts.push(new URL(env.SITE_URL).host.toLowerCase());
  return hosts;
}
