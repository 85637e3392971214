/**
 * Names shared by the proxy, the server's session code and the browser's error catalogue. Import-safe anywhere
 * (no server or browser APIs), so each is defined once.
 */

/** The staff session cookie over plain HTTP (development, loopback). */
export const SESSION_COOKIE = 'staff_session';
/** Over HTTPS the cookie carries the __Host- prefix: Secure, Path=/, no Domain, so no subdomain can plant one. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The `error` every staff API answers without a usable session; the browser then sends the user to sign in (spec §8). */
export const SESSION_EXPIRED_ERROR = 'jwt expired';

/** The staff sign-in page, where an expired session is sent (spec §8). */
export const SIGN_IN_PATH = '/registration';
