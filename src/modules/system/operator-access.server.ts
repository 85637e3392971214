import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { getEnv } from '@/lib/env.server';
import { isLoopbackClient } from '@/lib/http/client.server';

/**
 * Who may read what the site knows about itself (docs/decisions/0387-public-surface-round-3.md): a scraper or monitor
 * with `Authorization: Bearer <METRICS_TOKEN>`, and for /api/health also whoever is on this machine (the operator's
 * curl, a local check). Everyone else learns at most whether the site is up.
 */

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The Bearer token a request carries, '' without one. */
const bearerOf = (request: Request) => /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';

/** Whether `request` carries exactly `token` as its Bearer token, compared in constant time. */
export function hasBearerToken(request: Request, token: string): boolean {
  return timingSafeEqual(digest(bearerOf(request)), digest(token));
}

/**
 * `operator`: the token or a client on this machine; `refused`: it sent credentials that are not the token (told
 * apart, so a monitor's wrong token is not mistaken for a quiet answer); `public`: anyone else.
 */
export type HealthAccess = 'operator' | 'refused' | 'public';

export function healthAccessOf(request: Request | undefined): HealthAccess {
  if (!request) return 'public';
  const env = getEnv();
  if (request.headers.has('authorization')) return env.METRICS_TOKEN && hasBearerToken(request, env.METRICS_TOKEN) ? 'operator' : 'refused';
  return isLoopbackClient(request, env.TRUST_PROXY) ? 'operator' : 'public';
}
