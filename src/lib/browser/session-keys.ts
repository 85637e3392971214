/**
 * The three localStorage keys of a staff session (spec §3). The JWT key holds a non-secret marker only:
 * the real token lives in an HttpOnly cookie.
 */
export const SESSION_KEYS = { jwt: 'jwt', active: 'active', email: 'email' } as const;

/** The staff sign-in page, where an expired session is sent (spec §8). */
export const SIGN_IN_PATH = '/registration';

export function clearSessionKeys(storage: Pick<Storage, 'removeItem'> = window.localStorage) {
  for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key);
}
