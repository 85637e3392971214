import { isbot } from 'isbot';

/**
 * What one visit is counted as (docs/decisions/0350-visits-counted-on-the-server.md): its page and its source, by the
 * rule the sales dashboard applies to leads (src/modules/insights/dashboard.repository.server.ts), so the two can be set
 * side by side: the UTM source (with medium and campaign), lower-cased; else the referring site's host without www.;
 * else direct. Import-safe anywhere (no database).
 */
export type VisitKind = 'campaign' | 'referrer' | 'direct';

export interface VisitKey {
  path: string;
  kind: VisitKind;
  source: string;
  medium: string;
  campaign: string;
}

/** A page request as the server noted it (serving/visits.mjs). */
export interface PageRequest {
  url: string;
  host: string;
  referer: string;
  userAgent: string;
}

const MAX_PATH = 200;
const MAX_LABEL = 100;
const label = (value: string | null | undefined) =>
  (value ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .toLowerCase()
    .slice(0, MAX_LABEL);
const hostOf = (value: string): string | undefined => {
  try {
    return new URL(value).hostname.toLowerCase().replace(/^www\./, '') || undefined;
  } catch {
    return undefined;
  }
};

/**
 * The visit a page request counts as, or undefined when it is not a visit: a bot (the `isbot` list; a request without
 * a user agent is a script), or a step from one of our own pages to another (a visit is counted where it lands, as a
 * lead records its landing page). `ownHosts`: the site's host names besides the request's own Host; `isBot`: the
 * `isbot` package's test, or a memo of it.
 */
export function visitOf(
  request: PageRequest,
  ownHosts: readonly string[] = [],
  isBot: (userAgent: string) => boolean = isbot,
): VisitKey | undefined {
  if (!request.userAgent || isBot(request.userAgent)) return undefined;
  let url: URL;
  try {
    url = new URL(request.url, 'http://visit.invalid');
  } catch {
    return undefined;
  }
  const referrer = request.referer ? hostOf(request.referer) : undefined;
  const host = hostOf(`http://${request.host}`);
  if (referrer && (referrer === host || ownHosts.some((own) => own.replace(/^www\./, '') === referrer))) return undefined;
  const path = (url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname).slice(0, MAX_PATH);
  const source = label(url.searchParams.get('utm_source'));
  if (source) {
    return {
      path,
      kind: 'campaign',
      source,
      medium: label(url.searchParams.get('utm_medium')),
      campaign: label(url.searchParams.get('utm_campaign')),
    };
  }
  if (referrer) return { path, kind: 'referrer', source: referrer.slice(0, MAX_LABEL), medium: '', campaign: '' };
  return { path, kind: 'direct', source: '', medium: '', campaign: '' };
}
