/**
 * A signed-in device as its owner recognises it, "Chrome on Android", made from the User-Agent once at sign-in
 * (docs/decisions/0321-session-hardening.md, addendum). Only words of the two lists below are ever returned, so nothing
 * the browser sent (versions, device models, build strings) is stored or shown. A browser or system of neither list is
 * left out ("Chrome", "Android"); with neither known there is no label, and the page says so (src/content/staff.ts).
 */

/** Browsers in the order they must be tested: their User-Agents also name the ones further down (Edge says Chrome). */
const BROWSERS: [name: string, test: RegExp][] = [
  ['Edge', /\bEdg(e|A|iOS)?\//],
  ['Opera Mini', /\bOpera Mini\//],
  ['Opera', /\b(OPR|OPT|OPiOS|Opera)\//],
  ['UC Browser', /\bUCBrowser\//],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Firefox', /\b(Firefox|FxiOS)\//],
  ['Chrome', /(Chrome|CriOS)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

const SYSTEMS: [name: string, test: RegExp][] = [
  ['Android', /\bAndroid\b/],
  ['iPhone', /\biPhone\b/],
  ['iPad', /\biPad\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['Mac', /\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

/** The browser and system named in a User-Agent, each null when it is none of the known ones. */
function deviceOf(userAgent: string | null | undefined): { browser: string | null; system: string | null } {
  const ua = (userAgent ?? '').slice(0, 512);
  const find = (list: [string, RegExp][]) => list.find(([, test]) => test.test(ua))?.[0] ?? null;
  return { browser: find(BROWSERS), system: find(SYSTEMS) };
}

/** The label stored with a session: "Chrome on Android", or "Chrome" or "Android" alone, or null when neither is known. */
export function deviceLabel(userAgent: string | null | undefined): string | null {
  const { browser, system } = deviceOf(userAgent);
  return browser && system ? `${browser} on ${system}` : (browser ?? system);
}

/** The system alone ("Android", "iPhone"), or null: the label of a passkey made on it ("Passkey on Android"). */
export const deviceSystem = (userAgent: string | null | undefined): string | null => deviceOf(userAgent).system;
