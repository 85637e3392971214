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
 * A sign-in half-way (docs/decisions/0322-second-factor.md): the password was right, the second factor (or its
 * enrolment) is still to come. HttpOnly, minutes long, `__Host-` over HTTPS like the session cookie.
 */
export const CHALLENGE_COOKIE = 'staff_challenge';
export const SECURE_CHALLENGE_COOKIE = `__Host-${CHALLENGE_COOKIE}`;

/** The pages of the sign-in steps after the password, and of a forgotten password. */
export const SECOND_FACTOR_PATH = `${SIGN_IN_PATH}/second-factor`;
export const ENROL_PATH = `${SIGN_IN_PATH}/enrol`;
/** Where an enrolment posted without scripts shows its recovery codes. */
export const ENROL_CODES_PATH = `${ENROL_PATH}/codes`;
export const PASSWORD_RESET_PATH = `${SIGN_IN_PATH}/reset`;
/** Where a new account's invitation link leads: its first password (docs/decisions/0347-invitations-not-initial-passwords.md). */
export const WELCOME_PATH = `${SIGN_IN_PATH}/welcome`;

/** Where a new install's first owner is made with the set-up code the server printed (docs/decisions/0380). */
export const FIRST_OWNER_PATH = `${SIGN_IN_PATH}/first-owner`;

/** The staff area's home (the lead inbox), where a sign-in ends unless it was sent from another /admin page. */
export const STAFF_HOME_PATH = '/admin';

/**
 * Your account: password, two-step sign-in and the signed-in devices. Its forms post without scripts too and come back
 * here; new recovery codes are then shown on ACCOUNT_CODES_PATH (docs/decisions/0322-second-factor.md, addendum).
 */
export const ACCOUNT_PATH = `${STAFF_HOME_PATH}/account`;
export const ACCOUNT_CODES_PATH = `${ACCOUNT_PATH}/codes`;
/** The signed-in person's open sessions: GET lists them, POST {end: <id> | 'others'} ends them (0321, addendum). */
export const ACCOUNT_SESSIONS_API = '/api/admin/account/sessions';
/** The owners' Staff page, where an account is added (and its form posted without scripts comes back). */
export const STAFF_ADMIN_PATH = '/admin/staff';

/**
 * The password typed again (docs/decisions/0323-recent-password.md): the API that checks it (POST) or says whether it
 * is recent (GET), and the staff page that asks for it without scripts, then goes on to its `?next=` (0345).
 */
export const REAUTH_API = '/api/admin/account/reauth';
export const REAUTH_PATH = '/admin/confirm-password';

/**
 * The staff downloads that need the password typed recently (0345): the file, and the page a link to it opens, which
 * asks for the password first when needed (a browser without scripts; with scripts the staff area's dialog asks).
 */
export const STAFF_DOWNLOADS = {
  leads: { file: '/api/admin/exports/leads', page: '/admin/exports/leads' },
  newsletter: { file: '/api/admin/exports/newsletter', page: '/admin/exports/newsletter' },
  ledger: { file: '/api/admin/exports/ledger', page: '/admin/exports/ledger' },
  /** A backup file: its name joins the file's path, and is the page's `?name=` (backup names hold dots). */
  backup: { file: '/api/admin/backups', page: '/admin/backups' },
} as const;

/** The download of one backup file: the file and the page a link to it opens (see STAFF_DOWNLOADS.backup). */
export const backupDownload = (name: string) => ({
  file: `${STAFF_DOWNLOADS.backup.file}/${encodeURIComponent(name)}`,
  page: `${STAFF_DOWNLOADS.backup.page}?name=${encodeURIComponent(name)}`,
});

/** Where to go after signing in: only paths inside /admin are followed (an open redirect otherwise). */
export function staffNextPath(next: string | null | undefined): string {
  return next && /^\/admin(\/[\w\-/]*)?(\?[^#]*)?$/.test(next) ? next : STAFF_HOME_PATH;
}

/**
 * The pages of the forms for visitors without scripts: the form on a page of its own, and where a successful post
 * lands (docs/decisions/0011-forms-without-scripts.md).
 */
export const FORM_PAGES = {
  interest: { retry: '/interest', success: '/interest/thanks' },
  newsletter: { retry: '/newsletter', success: '/newsletter/thanks' },
} as const;

/**
 * The site inspection pages a booking form posted without scripts comes back to after a refusal (a district's booking
 * page, /<slug>/inspection, and moving or cancelling a booking); where it goes on to depends on the answer
 * (docs/decisions/0391). A pattern for the districts' pages: the proxy does not load the district list.
 */
export const INSPECTION_FORM_PAGES = ['/inspection/change'] as const;
export const isDistrictBookingPage = (pathname: string) => /^\/[a-z0-9-]+\/inspection$/.test(pathname);

/** The same for the staff sign-in forms posted before their script runs (read by their pages, never by the proxy). */
export const STAFF_FORM_FLASH_COOKIE = 'staff_form_flash';
/** The recovery codes of an enrolment posted without scripts, for ENROL_CODES_PATH (or ACCOUNT_CODES_PATH) only. */
export const STAFF_RECOVERY_CODES_COOKIE = 'staff_recovery_codes';

/** The encrypted cookie that carries a refused form back to its page, and the header src/proxy.ts hands it on in. */
export const FORM_FLASH_COOKIE = 'form_flash';
export const FORM_FLASH_HEADER = 'x-form-flash';

/**
 * The attribute src/components/HydratedMark.tsx puts on <html> once the framework runs the page; a prerendered page's
 * loader (serving/defer-scripts.mjs) replays a tap or a form sent before then.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** What Tab can reach inside a dialog (src/components/ui/Modal.tsx, and the home popup's inline script before it). */
export const FOCUSABLE_SELECTOR =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
