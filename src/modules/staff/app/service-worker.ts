/**
 * The staff app's service worker (docs/decisions/0360-staff-app-hand-written-worker.md). It controls the staff area
 * only (/admin), and keeps no lead data on the phone: nothing it fetches is stored, so a lost phone holds no leads. All
 * it keeps is a page that says the phone is offline, and the app's icons.
 *
 * `staffServiceWorker` is sent to the browser as its own source text (staff-app.server.ts writes
 * `(<this function>)(self, <config>)`), so its body must use nothing from outside it: no imports but types, no module
 * constants; what it needs comes in `config`. The unit tests run that same text against a fake worker scope.
 */

import type { PushMessage } from '@/lib/push/message';

export interface StaffWorkerConfig {
  /** Changes whenever the worker or what it precaches changes: the name of its cache. */
  version: string;
  /** The app's pages (a path prefix): the only windows a notification reuses. */
  scope: string;
  /** Where a notification that could not be read leads. */
  home: string;
  /** Answered for a staff page while the network is down. */
  offline: string;
  /** Kept at install: the offline page and the icons, nothing else. */
  precache: string[];
  icon: string;
  badge: string;
  pushSubscriptionApi: string;
  copy: { genericTitle: string; genericBody: string; claim: string };
}

/** The web push message the server sends (src/lib/push/message.ts). */
export type StaffPushMessage = PushMessage;

// The parts of ServiceWorkerGlobalScope the worker uses (TypeScript's webworker library cannot sit beside the DOM one
// in this project); the tests' fake scope implements exactly these.
interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  preloadResponse?: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  action: string;
  notification: { data: unknown; close(): void };
}
interface PushSubscriptionChangeEventLike extends ExtendableEventLike {
  newSubscription?: { toJSON(): unknown } | null;
}
export interface StaffNotificationOptions {
  body: string;
  tag: string;
  data: { url: string; claim?: string };
  icon: string;
  badge: string;
  renotify: boolean;
  requireInteraction: boolean;
  actions: { action: string; title: string }[];
}
interface WindowClientLike {
  url: string;
  focused: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface StaffWorkerEvents {
  install: ExtendableEventLike;
  activate: ExtendableEventLike;
  fetch: FetchEventLike;
  push: PushEventLike;
  notificationclick: NotificationEventLike;
  pushsubscriptionchange: PushSubscriptionChangeEventLike;
}
export interface StaffWorkerScope {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: StaffNotificationOptions): Promise<void>;
    navigationPreload?: { enable(): Promise<unknown> };
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  caches: Pick<CacheStorage, 'open' | 'keys' | 'delete' | 'match'>;
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  skipWaiting(): Promise<void>;
  setTimeout(handler: () => void, ms: number): unknown;
  addEventListener<K extends keyof StaffWorkerEvents>(type: K, listener: (event: StaffWorkerEvents[K]) => void): void;
}

export function staffServiceWorker(self: StaffWorkerScope, config: StaffWorkerConfig) {
  const cachePrefix = 'staff-app-';
  const cacheName = cachePrefix + config.version;
  const origin = self.location.origin;
  // A claim that hangs must not hold the window back: the browser lets a notification click open one for seconds only.
  const claimWaitMs = 3000;

  /** `value` when it is a URL of this site (as given, relative or not); anything else is never fetched or opened. */
  function ownUrl(value: unknown): string | undefined {
    if (typeof value !== 'string' || value === '') return undefined;
    try {
      return new URL(value, origin).origin === origin ? value : undefined;
    } catch {
      return undefined;
    }
  }
  function inScope(href: string): boolean {
    const path = new URL(href, origin).pathname;
    return path === config.scope || path.startsWith(`${config.scope}/`);
  }
  const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';

  self.addEventListener('install', (event) => {
    event.waitUntil(
      self.caches
        .open(cacheName)
        // From the network, past the browser's HTTP cache: a new worker comes with its own offline page.
        .then((cache) => cache.addAll(config.precache.map((path) => new Request(new URL(path, origin), { cache: 'reload' }))))
        .then(() => self.skipWaiting()),
    );
  });

  self.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        for (const name of await self.caches.keys()) if (name.startsWith(cachePrefix) && name !== cacheName) await self.caches.delete(name);
        // The page's request leaves while the worker starts, so a staff page is no slower for having a worker.
        await self.registration.navigationPreload?.enable();
        // Staff pages already open get the offline page too, without a reload first.
        await self.clients.claim();
      })(),
    );
  });

  // Staff pages only, straight from the network and never stored; the offline page when the network is down. Every
  // other request (scripts, data, the API) is left to the browser as if there were no worker.
  self.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.mode !== 'navigate' || request.method !== 'GET') return;
    event.respondWith(
      (async () => {
        try {
          return (await event.preloadResponse) ?? (await self.fetch(request));
        } catch {
          return (await self.caches.match(new URL(config.offline, origin).href, { cacheName })) ?? Response.error();
        }
      })(),
    );
  });

  /** The server's message, or the generic one when it sent none or one that cannot be read. */
  function readPush(data: PushEventLike['data']): StaffPushMessage {
    let payload: unknown;
    try {
      payload = data?.json();
    } catch {
      payload = undefined;
    }
    const message = (payload && typeof payload === 'object' ? payload : {}) as Partial<Record<keyof StaffPushMessage, unknown>>;
    const url = ownUrl(message.url);
    if (filled(message.title) && typeof message.body === 'string' && url && filled(message.tag)) {
      const claim = ownUrl(message.claim);
      return { title: message.title, body: message.body, url, tag: message.tag, ...(claim ? { claim } : {}) };
    }
    return { title: config.copy.genericTitle, body: config.copy.genericBody, url: config.home, tag: 'staff-app-new-lead' };
  }

  self.addEventListener('push', (event) => {
    const { title, body, url, tag, claim } = readPush(event.data);
    event.waitUntil(
      self.registration.showNotification(title, {
        body,
        tag,
        data: { url, claim },
        icon: config.icon,
        badge: config.badge,
        renotify: true,
        requireInteraction: false,
        actions: claim ? [{ action: 'claim', title: config.copy.claim }] : [],
      }),
    );
  });

  /** Shows `url` in a window of the app when one is open (the focused one first), else in a new one. */
  async function openApp(url: string) {
    const windows = (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((client) => inScope(client.url));
    const appWindow = windows.find((client) => client.focused) ?? windows[0];
    if (appWindow) {
      try {
        await appWindow.focus();
        await appWindow.navigate(url);
        return;
      } catch {
        // A window this worker does not control yet cannot be navigated from here: a new one instead.
      }
    }
    await self.clients.openWindow(url);
  }

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = (event.notification.data ?? {}) as { url?: unknown; claim?: unknown };
    const url = ownUrl(data.url) ?? config.home;
    const claim = event.action === 'claim' ? ownUrl(data.claim) : undefined;
    event.waitUntil(
      (async () => {
        if (claim) {
          const claimed = self
            .fetch(claim, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: '{}' })
            .catch(() => undefined);
          // Whatever its answer, the lead's page says who has it.
          await Promise.race([claimed, new Promise((resolve) => self.setTimeout(() => resolve(undefined), claimWaitMs))]);
        }
        await openApp(url);
      })(),
    );
  });

  // The browser renewed the subscription by itself: the server learns the new one (best effort; the person's toggle
  // in Your account subscribes again otherwise).
  self.addEventListener('pushsubscriptionchange', (event) => {
    const subscription = event.newSubscription;
    if (!subscription) return;
    event.waitUntil(
      self
        .fetch(config.pushSubscriptionApi, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ subscription }),
        })
        .catch(() => undefined),
    );
  });
}
