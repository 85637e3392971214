/**
 * The three localStorage keys of a staff session (spec §3). The JWT key holds a non-secret marker only:
 * the real token lives in an HttpOnly cookie.
 */
export const SESSION_KEYS = { jwt: 'jwt', active: 'active', email: 'email' } as const;

export function clearSessionKeys(storage: Pick<Storage, 'removeItem'> = window.localStorage) {
  for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key);
}
