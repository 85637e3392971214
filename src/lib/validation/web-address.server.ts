import 'server-only';
import { parse } from 'tldts';
import { hasNoWebAddress, withDotsMadePlain } from './text';

/**
 * The server's strict half of "a name is a name" (docs/decisions/0340-names-are-names.md, 0387-public-surface-round-3.md):
 * beside the browser's light check (text.ts), any dotted word whose ending is on the public suffix list (every domain
 * ending there is, `.shop`, `.live`, `.vip` …) or an IPv4 address, after the text is made plain (NFKC: `evil．com` is
 * `evil.com`). The list stays on the server: it is most of tldts's weight, too much for the public pages' scripts.
 */

/** Words as a host name is written: letters, digits, marks, hyphens and the dots between them. */
const DOTTED_WORD = /[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)+/gu;

export function hasNoDomainName(value: string): boolean {
  const plain = withDotsMadePlain(value).toLowerCase();
  if (!hasNoWebAddress(plain)) return false;
  return !Array.from(plain.matchAll(DOTTED_WORD), ([word]) => word).some(isLinkable);
}

function isLinkable(word: string): boolean {
  const host = parse(word);
  if (host.isIp) return true;
  if (!host.domain || !(host.isIcann || host.isPrivate)) return false;
  // Initials before an ending are a name, not an address: "B.Tech", "M.Sc", "J.Ng". A one-letter host name is
  // rarely for sale, and without a path it can only point at its own front page.
  const labels = word.slice(0, word.length - host.publicSuffix!.length - 1).split('.');
  return !labels.every((label) => /^\p{L}$/u.test(label));
}
