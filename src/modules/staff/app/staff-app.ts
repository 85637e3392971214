/**
 * Where the installable staff app's files are served (docs/decisions/0361-staff-app-scope-and-files.md). All of them sit
 * under one root folder that the proxy skips (src/proxy.ts) and the visit counter ignores (they have file extensions),
 * outside /admin, because the browser fetches the manifest without cookies and the sign-in pages install the app too.
 * Import-safe in the browser and on the server.
 */
const ROOT = '/staff-app';
/**
 * The staff area, STAFF_HOME_PATH of src/lib/constants.ts (staff-app.test.ts checks they agree). Written out here: the
 * registration (browser code) importing it from there would add it to the constants the public pages' scripts share.
 */
const STAFF_AREA = '/admin';

export const STAFF_APP = {
  /**
   * The app's pages: the staff area. No trailing slash: a scope of `/admin/` would leave out the inbox itself
   * (`/admin`), which is where the app starts.
   */
  scope: STAFF_AREA,
  startUrl: STAFF_AREA,
  manifest: `${ROOT}/manifest.webmanifest`,
  /** Answered by a route handler with `Service-Worker-Allowed`, so it may control /admin from this folder. */
  worker: `${ROOT}/sw.js`,
  /** What the worker shows for a staff page while the device has no connection; precached with the icons. */
  offline: `${ROOT}/offline.html`,
  icons: {
    any192: `${ROOT}/icon-192.png`,
    any512: `${ROOT}/icon-512.png`,
    maskable512: `${ROOT}/icon-maskable-512.png`,
    /** The small monochrome mark in a phone's status bar (only its alpha channel is drawn). */
    badge: `${ROOT}/badge-96.png`,
  },
  /** Where the worker sends a push subscription the browser renewed by itself (Your account's push alerts). */
  pushSubscriptionApi: '/api/admin/account/push',
} as const;
