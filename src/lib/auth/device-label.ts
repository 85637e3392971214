/**
 * A signed-in device as its owner recognises it, "Chrome on Android", made from the User-Agent once at sign-in
 * (docs/decisions/0321-session-hardening.md, addendum). Only words of the two lists below are ever returned, so nothing
 * the browser sent (versions, device models, build strings) is stored or shown; anything else is "another browser"
 * or "another system" (copy in src/content/staff.ts, chosen where the label is shown).
 */

/** Browsers in the order they must be tested: their User-Agents also name the ones further down (Edge says Chrome). */
const BROWSERS: [name: string, test: RegExp][] = [
  ['Edge', /\bEdg(e|A|iOS)?\//],
  ['Opera', /\b(OPR|OPT|Opera)\//],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Firefox', /\b(Firefox|FxiOS)\//],
  ['Chrome', /\b(Chrome|CriOS)\//],
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

/** The longest label this can return ("Samsung Internet on ChromeOS"), for the column's check. */
export const DEVICE_LABEL_MAX_LENGTH = 40;

export interface DeviceLabel {
  browser: string | null;
  system: string | null;
}

/** The browser and system named in a User-Agent, each null when it is none of the known ones. */
export function deviceOf(userAgent: string | null | undefined): DeviceLabel {
  const ua = (userAgent ?? '').slice(0, 512);
  const find = (list: [string, RegExp][]) => list.find(([, test]) => test.test(ua))?.[0] ?? null;
  return { browser: find(BROWSERS), system: find(SYSTEMS) };
}

/** The label stored with a session: "Chrome on Android", "Safari", "on Windows", or null when nothing is known. */
export function deviceLabel(userAgent: string | null | undefined): string | null {
  const { browser, system } = deviceOf(userAgent);
  if (!browser && !system) return null;
  return [browser, system && `on ${system}`].filter(Boolean).join(' ');
}
