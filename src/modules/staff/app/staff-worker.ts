import { STAFF_APP } from './staff-app';

/**
 * The staff app's service worker, as the browser holds it (docs/decisions/0360-staff-app-hand-written-worker.md).
 * `staffWorkerRegistration()` registers it once per page and resolves once it is active (a push subscription needs an
 * active worker), or to `undefined` where there can be none: a browser without service workers, a page over plain
 * HTTP on a LAN address, a private window that refuses them, an install that failed. It never throws.
 */
let registering: Promise<ServiceWorkerRegistration | undefined> | undefined;

export function staffWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  registering ??= register();
  return registering;
}

async function register(): Promise<ServiceWorkerRegistration | undefined> {
  // Absent, not merely unsupported, outside a secure context.
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !navigator.serviceWorker) return undefined;
  try {
    // updateViaCache 'none': the browser checks the script itself on every update, never its HTTP cache.
    const registration = await navigator.serviceWorker.register(STAFF_APP.worker, { scope: STAFF_APP.scope, updateViaCache: 'none' });
    return (await active(registration)) ? registration : undefined;
  } catch {
    registering = undefined; // asked again later, e.g. once the network is back
    return undefined;
  }
}

/** Whether the registration's worker is (or becomes) active; false when the one being installed fails. */
function active(registration: ServiceWorkerRegistration): Promise<boolean> {
  if (registration.active) return Promise.resolve(true);
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve(true);
      else if (worker.state === 'redundant') resolve(false);
    });
  });
}
