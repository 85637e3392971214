// Which paths are the staff's, in one place (docs/decisions/0439): the server in front of Next.js counts every other
// write as a visitor's (serving/admission.mjs) and notes no visit on them (serving/visits.mjs), and deploy/Caddyfile's
// @staff route sends them to instance B (tests/integration/caddy-routes.test.ts checks it names these and no others).
// Plain JavaScript: server.mjs runs it in front of Next.js.

/** The staff area: its pages, its sign-in and enrolment, the staff app's files and both staff APIs. */
export const STAFF_AREA = Object.freeze(['/admin', '/api/admin', '/api/staff', '/registration', '/staff-app']);

/**
 * Whether a request's URL is in the staff area: one of STAFF_AREA or a path below one (`/administrator` is not).
 * @param {string} url
 */
export function inStaffArea(url) {
  const path = url.split('?', 1)[0];
  return STAFF_AREA.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
