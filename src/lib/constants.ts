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

/**
 * The pages of the forms for visitors without scripts: the form on a page of its own, and where a successful post
 * lands (docs/decisions/0011-forms-without-scripts.md).
 */
export const FORM_PAGES = {
  interest: { retry: '/interest', success: '/interest/thanks' },
  newsletter: { retry: '/newsletter', success: '/newsletter/thanks' },
} as const;

/** The encrypted cookie that carries a refused form back to its page, and the header src/proxy.ts hands it on in. */
export const FORM_FLASH_COOKIE = 'form_flash';
export const FORM_FLASH_HEADER = 'x-form-flash';
