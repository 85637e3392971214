import { SESSION_KEYS } from '@/lib/browser/session-keys';
import { staffNextPath } from '@/lib/constants';

/** A non-secret marker stored under the spec's JWT key: the token itself stays in the HttpOnly cookie. */
const SESSION_MARKER = 'cookie-session';

/** The answer of a sign-in step: either signed in, or the next step's page. */
export type SignInAnswer =
  { ok: true; email: string; role: string; step?: undefined } | { ok: true; step: 'second-factor' | 'enrol'; next: string };

/** `?next=` of this page, kept through the sign-in steps (only /admin paths are followed). */
export const nextParam = () => new URLSearchParams(window.location.search).get('next');

/** The spec's three localStorage keys of a signed-in staff member. */
export function storeSessionKeys(email: string) {
  window.localStorage.setItem(SESSION_KEYS.jwt, SESSION_MARKER);
  window.localStorage.setItem(SESSION_KEYS.active, 'true');
  window.localStorage.setItem(SESSION_KEYS.email, email);
}

/** Signed in: the keys, then into the staff area. */
export function completeSignIn(email: string) {
  storeSessionKeys(email);
  window.location.assign(staffNextPath(nextParam()));
}

/** The next step's page, keeping `?next=`. */
export function goToStep(path: string) {
  const next = nextParam();
  window.location.assign(next ? `${path}?next=${encodeURIComponent(staffNextPath(next))}` : path);
}
