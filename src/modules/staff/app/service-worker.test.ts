import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_APP_COPY } from '@/content/staff-app';
import { workerScript } from './staff-app.server';
import { STAFF_APP } from './staff-app';

/**
 * The staff app's worker as the browser gets it: the text /staff-app/sw.js serves, run in a context of its own (so a
 * reference to anything outside the worker's function fails here, as it would in the browser) against a fake
 * ServiceWorkerGlobalScope with a fake network, caches and windows.
 */

const ORIGIN = 'https://sales.example.ng';
const LEAD_PAGE = '/admin/leads/6f1c2b9e-3f5a-4c1e-9a7d-2b8c4d5e6f70';
const CLAIM = `/api/admin/leads/6f1c2b9e-3f5a-4c1e-9a7d-2b8c4d5e6f70/claim`;
const LEAD_HTML = '<!doctype html><h1>Adaeze Okafor</h1><p>0803 123 4567</p>';

type Listener = (event: Record<string, unknown>) => void;
interface FakeWindow {
  url: string;
  focused: boolean;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

class FakeCache {
  entries = new Map<string, Response>();
  constructor(private readonly fetch: (request: Request) => Promise<Response>) {}
  async addAll(requests: Request[]) {
    for (const request of requests) this.entries.set(request.url, await this.fetch(request));
  }
  async put(request: Request | string, response: Response) {
    this.entries.set(typeof request === 'string' ? request : request.url, response);
  }
  async match(request: Request | string) {
    return this.entries.get(typeof request === 'string' ? request : request.url)?.clone();
  }
}

function fakeWorld() {
  const listeners = new Map<string, Listener>();
  const calls: string[] = [];
  const network = { online: true };
  const stores = new Map<string, FakeCache>();
  const windows: FakeWindow[] = [];
  const fetch = vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, ORIGIN);
    calls.push(`fetch ${init?.method ?? (input as Request).method ?? 'GET'} ${url.pathname}`);
    if (!network.online) throw new TypeError('Failed to fetch');
    if (url.pathname === STAFF_APP.offline) return (await import('./staff-app.server')).offlineResponse();
    if (url.pathname.endsWith('.png')) return new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } });
    if (url.pathname.startsWith('/admin')) return new Response(LEAD_HTML, { headers: { 'Content-Type': 'text/html' } });
    return Response.json({ ok: true });
  });
  const caches = {
    open: vi.fn(async (name: string) => {
      if (!stores.has(name)) stores.set(name, new FakeCache((request) => fetch(request)));
      return stores.get(name)!;
    }),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (request: string, options?: { cacheName?: string }) => {
      for (const [name, cache] of stores) if (!options?.cacheName || options.cacheName === name) return cache.match(request);
      return undefined;
    },
  };
  const self = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: vi.fn(async () => {}),
      navigationPreload: { enable: vi.fn(async () => {}) },
    },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async (url: string) => calls.push(`open ${url}`)),
      claim: vi.fn(async () => {}),
    },
    caches,
    fetch,
    skipWaiting: vi.fn(async () => {}),
    setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  runInNewContext(workerScript(), { self, URL, Request, Response });

  /** Fires an event as the browser would; resolves once everything it waits for is done. */
  async function dispatch(type: string, fields: Record<string, unknown> = {}) {
    const waits: Promise<unknown>[] = [];
    let response: Promise<Response> | undefined;
    const listener = listeners.get(type);
    expect(listener, `a ${type} listener`).toBeTypeOf('function');
    listener!({ ...fields, waitUntil: (p: Promise<unknown>) => waits.push(p), respondWith: (r: Promise<Response>) => (response = r) });
    await Promise.all(waits);
    return { response: response ? await response : undefined };
  }

  const addWindow = (path: string, focused = false) => {
    const window: FakeWindow = {
      url: new URL(path, ORIGIN).href,
      focused,
      focus: vi.fn(async () => calls.push(`focus ${path}`)),
      navigate: vi.fn(async (url: string) => calls.push(`navigate ${path} -> ${url}`)),
    };
    windows.push(window);
    return window;
  };

  /** Every URL kept in every cache. */
  const stored = () => [...stores.values()].flatMap((cache) => [...cache.entries.keys()].map((url) => new URL(url).pathname)).sort();

  return { self, dispatch, network, calls, stores, stored, addWindow, fetch };
}

const navigation = (path: string) => ({ url: new URL(path, ORIGIN).href, mode: 'navigate', method: 'GET' });
const pushData = (payload: unknown) => ({ json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) });

let world: ReturnType<typeof fakeWorld>;
beforeEach(async () => {
  world = fakeWorld();
  await world.dispatch('install');
  await world.dispatch('activate');
  world.calls.length = 0;
  world.fetch.mockClear();
});

describe('install and activate', () => {
  it('keeps the offline page and the icons, nothing else, and takes over at once', async () => {
    expect(world.stored()).toEqual(
      [STAFF_APP.offline, STAFF_APP.icons.any192, STAFF_APP.icons.any512, STAFF_APP.icons.maskable512, STAFF_APP.icons.badge].sort(),
    );
    expect(world.self.skipWaiting).toHaveBeenCalled();
    expect(world.self.clients.claim).toHaveBeenCalled();
    expect(world.self.registration.navigationPreload.enable).toHaveBeenCalled();
  });

  it("drops an earlier version's cache, and no other", async () => {
    const fresh = fakeWorld();
    await fresh.self.caches.open('staff-app-0123456789ab');
    await fresh.self.caches.open('something-else');
    await fresh.dispatch('install');
    await fresh.dispatch('activate');
    expect([...fresh.stores.keys()].filter((name) => name === 'staff-app-0123456789ab')).toEqual([]);
    expect(fresh.stores.has('something-else')).toBe(true);
    expect([...fresh.stores.keys()].filter((name) => name.startsWith('staff-app-'))).toHaveLength(1);
  });
});

describe('fetch', () => {
  it('answers a staff page from the network and keeps none of it', async () => {
    const { response } = await world.dispatch('fetch', { request: navigation(LEAD_PAGE) });
    expect(await response!.text()).toBe(LEAD_HTML);
    expect(world.stored()).not.toContain(LEAD_PAGE);
    expect(world.stored().filter((path) => path.startsWith('/admin') || path.startsWith('/api'))).toEqual([]);
  });

  it("uses the browser's navigation preload when it has one", async () => {
    const preloaded = new Response('preloaded');
    const { response } = await world.dispatch('fetch', { request: navigation('/admin'), preloadResponse: Promise.resolve(preloaded) });
    expect(await response!.text()).toBe('preloaded');
    expect(world.fetch).not.toHaveBeenCalled();
  });

  it('leaves every other request (the API, page data, scripts) to the browser', async () => {
    for (const request of [
      { url: `${ORIGIN}/api/admin/leads`, mode: 'cors', method: 'GET' },
      { url: `${ORIGIN}/admin?_rsc=1`, mode: 'cors', method: 'GET' },
      { url: `${ORIGIN}/_next/static/chunks/a.js`, mode: 'no-cors', method: 'GET' },
      { url: `${ORIGIN}/admin`, mode: 'navigate', method: 'POST' },
    ]) {
      const { response } = await world.dispatch('fetch', { request });
      expect(response, request.url).toBeUndefined();
    }
    expect(world.fetch).not.toHaveBeenCalled();
  });

  it('answers a staff page with the offline page when the network is down, with no lead data', async () => {
    await world.dispatch('fetch', { request: navigation(LEAD_PAGE) });
    world.network.online = false;
    for (const path of [LEAD_PAGE, '/admin']) {
      const { response } = await world.dispatch('fetch', {
        request: navigation(path),
        preloadResponse: Promise.reject(new TypeError('offline')),
      });
      const html = await response!.text();
      expect(html).toContain(`<h1>${STAFF_APP_COPY.offline.heading}</h1>`);
      expect(html).not.toContain('Adaeze');
    }
  });
});

describe('push', () => {
  it('shows the message the server sent, with "I\'m on it" when the lead can be claimed', async () => {
    const message = {
      title: 'New lead: Adaeze O.',
      body: 'District 1 · via the home page',
      url: LEAD_PAGE,
      tag: 'lead-6f1c',
      claim: CLAIM,
    };
    await world.dispatch('push', { data: pushData(JSON.stringify(message)) });
    expect(world.self.registration.showNotification).toHaveBeenCalledWith(message.title, {
      body: message.body,
      tag: message.tag,
      data: { url: LEAD_PAGE, claim: CLAIM },
      icon: STAFF_APP.icons.any192,
      badge: STAFF_APP.icons.badge,
      renotify: true,
      requireInteraction: false,
      actions: [{ action: 'claim', title: "I'm on it" }],
    });
  });

  it('shows no action without a claim', async () => {
    await world.dispatch('push', { data: pushData({ title: 'Overdue', body: 'Call back', url: LEAD_PAGE, tag: 'overdue-1' }) });
    expect(world.self.registration.showNotification).toHaveBeenCalledWith(
      'Overdue',
      expect.objectContaining({ data: { url: LEAD_PAGE, claim: undefined }, actions: [] }),
    );
  });

  it.each([
    ['no payload', null],
    ['a payload that is not JSON', { json: () => JSON.parse('not json') }],
    ['a payload without a title', pushData({ body: 'x', url: '/admin', tag: 't' })],
    ['a link to another site', pushData({ title: 'Phish', body: 'x', url: 'https://evil.example/admin', tag: 't' })],
  ])('shows a generic "New lead" that opens the inbox for %s', async (_, data) => {
    await world.dispatch('push', { data });
    expect(world.self.registration.showNotification).toHaveBeenCalledWith(STAFF_APP_COPY.push.genericTitle, {
      body: STAFF_APP_COPY.push.genericBody,
      tag: expect.any(String),
      data: { url: '/admin', claim: undefined },
      icon: STAFF_APP.icons.any192,
      badge: STAFF_APP.icons.badge,
      renotify: true,
      requireInteraction: false,
      actions: [],
    });
  });

  it('drops a claim link to another site', async () => {
    await world.dispatch('push', {
      data: pushData({ title: 'T', body: 'B', url: LEAD_PAGE, tag: 't', claim: 'https://evil.example/claim' }),
    });
    expect(world.self.registration.showNotification).toHaveBeenCalledWith('T', expect.objectContaining({ actions: [] }));
  });
});

describe('notificationclick', () => {
  const click = (action: string, data: unknown, close = vi.fn()) =>
    world.dispatch('notificationclick', { action, notification: { data, close } });

  it('"I\'m on it" claims the lead, then opens its page', async () => {
    const close = vi.fn();
    await click('claim', { url: LEAD_PAGE, claim: CLAIM }, close);
    expect(close).toHaveBeenCalled();
    expect(world.fetch).toHaveBeenCalledWith(CLAIM, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(world.calls).toEqual([`fetch POST ${CLAIM}`, `open ${LEAD_PAGE}`]);
  });

  it('opens the page even when the claim fails', async () => {
    world.network.online = false;
    await click('claim', { url: LEAD_PAGE, claim: CLAIM });
    expect(world.calls).toEqual([`fetch POST ${CLAIM}`, `open ${LEAD_PAGE}`]);
  });

  it('a tap on the notification itself opens the page without claiming', async () => {
    await click('', { url: LEAD_PAGE, claim: CLAIM });
    expect(world.fetch).not.toHaveBeenCalled();
    expect(world.calls).toEqual([`open ${LEAD_PAGE}`]);
  });

  it("reuses the app's window (the focused one first), not a public page's", async () => {
    world.addWindow('/d1', true);
    world.addWindow('/admin/dashboard');
    world.addWindow('/admin', true);
    await click('', { url: LEAD_PAGE });
    expect(world.calls).toEqual(['focus /admin', `navigate /admin -> ${LEAD_PAGE}`]);
  });

  it('opens a new window when the open one cannot be navigated', async () => {
    world.addWindow('/admin').navigate.mockRejectedValueOnce(new TypeError('not controlled'));
    await click('', { url: LEAD_PAGE });
    expect(world.calls.at(-1)).toBe(`open ${LEAD_PAGE}`);
  });

  it('never opens or posts to another site', async () => {
    await click('claim', { url: 'https://evil.example/x', claim: 'https://evil.example/claim' });
    expect(world.fetch).not.toHaveBeenCalled();
    expect(world.calls).toEqual(['open /admin']);
  });
});

describe('pushsubscriptionchange', () => {
  it('sends the renewed subscription to the server', async () => {
    const subscription = { toJSON: () => ({ endpoint: 'https://push.example/abc', keys: { p256dh: 'k', auth: 'a' } }) };
    await world.dispatch('pushsubscriptionchange', { newSubscription: subscription });
    expect(world.fetch).toHaveBeenCalledWith(STAFF_APP.pushSubscriptionApi, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscription: subscription.toJSON() }),
    });
  });

  it('does nothing without a new subscription, and never fails the event', async () => {
    await world.dispatch('pushsubscriptionchange', { newSubscription: null });
    expect(world.fetch).not.toHaveBeenCalled();
    world.network.online = false;
    await expect(world.dispatch('pushsubscriptionchange', { newSubscription: { toJSON: () => ({}) } })).resolves.toBeDefined();
  });
});
