import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GET as manifestRoute } from '@/app/staff-app/manifest.webmanifest/route';
import { GET as offlineRoute } from '@/app/staff-app/offline.html/route';
import { GET as workerRoute } from '@/app/staff-app/sw.js/route';
import { STAFF_APP_COPY } from '@/content/staff-app';
import { STAFF_HOME_PATH } from '@/lib/constants';
import { resetEnvCache } from '@/lib/env.server';
import { STAFF_APP } from './staff-app';

/** The staff app's manifest, icons, offline page and worker script as the browser gets them. */

const publicFile = (url: string) => readFileSync(path.join(process.cwd(), 'public', url));

/** A PNG's size from its header: the signature, then the IHDR chunk's width and height. */
function pngSize(file: Buffer) {
  expect(file.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(file.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return `${file.readUInt32BE(16)}x${file.readUInt32BE(20)}`;
}

const defaultBrand = () => {
  delete process.env.SITE_BRAND;
  resetEnvCache();
};
beforeEach(defaultBrand);
afterEach(defaultBrand);

it("the app's scope and start are the staff area", () => {
  expect([STAFF_APP.scope, STAFF_APP.startUrl]).toEqual([STAFF_HOME_PATH, STAFF_HOME_PATH]);
});

describe('manifest', () => {
  it('is valid JSON with what an install needs: name, start at the inbox, standalone, within its scope', async () => {
    const response = await manifestRoute();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const manifest = JSON.parse(await response.text());
    expect(manifest).toMatchObject({
      id: '/admin',
      name: 'Meridian Districts Sales',
      short_name: 'Meridian Sales',
      start_url: '/admin',
      scope: '/admin',
      display: 'standalone',
      theme_color: '#12302a',
      background_color: '#fbf9f4',
    });
    // A start_url outside the scope would make browsers drop the scope (the app would then claim the public site).
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    expect(manifest.short_name.length).toBeLessThanOrEqual(15);
  });

  it('names the app after the brand the site is run under', async () => {
    process.env.SITE_BRAND = 'Okoro & Sons Estates';
    resetEnvCache();
    const manifest = await (await manifestRoute()).json();
    expect([manifest.name, manifest.short_name]).toEqual(['Okoro & Sons Estates Sales', 'Okoro Sales']);
  });

  it('lists 192 and 512 px icons and a maskable one, each a PNG of its stated size', async () => {
    const { icons } = await (await manifestRoute()).json();
    const listed = (icons as { src: string; sizes: string; type: string; purpose: string }[]).map((icon) => {
      expect(icon.type).toBe('image/png');
      expect(pngSize(publicFile(icon.src)), icon.src).toBe(icon.sizes);
      return `${icon.sizes} ${icon.purpose}`;
    });
    expect(listed).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('has a notification badge of 96 px', () => {
    expect(pngSize(publicFile(STAFF_APP.icons.badge))).toBe('96x96');
  });
});

describe('offline page', () => {
  it('says the phone is offline, runs no script and loads nothing', async () => {
    const response = await offlineRoute();
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain(`<h1>${STAFF_APP_COPY.offline.heading}</h1>`);
    expect(html).toContain('<html lang="en-NG">');
    expect(html).not.toMatch(/<script|<link|\ssrc=|url\(/i);
    // Its one link asks again for the page the person opened.
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual(['']);
  });

  it('allows its own stylesheet by hash and nothing else', async () => {
    const response = await offlineRoute();
    const csp = response.headers.get('content-security-policy')!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(await response.text())![1];
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('escapes the brand', async () => {
    process.env.SITE_BRAND = 'Okoro <b>&</b> Sons';
    resetEnvCache();
    const html = await (await offlineRoute()).text();
    expect(html).toContain('Okoro &lt;b&gt;&amp;&lt;/b&gt; Sons Sales');
  });
});

describe('worker script', () => {
  it('may control /admin from its folder, and is never taken from an HTTP cache without asking', async () => {
    const response = await workerRoute();
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('service-worker-allowed')).toBe('/admin');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('changes with the offline page, so phones install the new one', async () => {
    const before = await (await workerRoute()).text();
    process.env.SITE_BRAND = 'Another Brand';
    resetEnvCache();
    const after = await (await workerRoute()).text();
    const version = (script: string) => /"version":"([0-9a-f]+)"/.exec(script)![1];
    expect(version(after)).not.toBe(version(before));
  });
});
