import { describe, expect, it } from 'vitest';
import { visitOf } from './source';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const request = (url: string, referer = '', userAgent = PHONE) => ({ url, host: 'meridian.example:3000', referer, userAgent });

describe('visitOf', () => {
  it('takes the campaign from the UTM fields, lower-cased and trimmed, before the referrer', () => {
    expect(
      visitOf(request('/d1/?utm_source=%20Facebook&utm_medium=Paid%20Social&utm_campaign=Nov&x=1', 'https://l.facebook.com/')),
    ).toEqual({
      path: '/d1',
      kind: 'campaign',
      source: 'facebook',
      medium: 'paid social',
      campaign: 'nov',
    });
  });

  it("takes another site's host without www., else direct", () => {
    expect(visitOf(request('/', 'https://www.Google.com.ng/search?q=plots'))).toMatchObject({ kind: 'referrer', source: 'google.com.ng' });
    expect(visitOf(request('/', 'android-app://com.google.android.gm/'))).toMatchObject({
      kind: 'referrer',
      source: 'com.google.android.gm',
    });
    expect(visitOf(request('/d2'))).toEqual({ path: '/d2', kind: 'direct', source: '', medium: '', campaign: '' });
    expect(visitOf(request('/', 'not a url'))).toMatchObject({ kind: 'direct' });
  });

  it('is no visit for a step from our own pages, a bot or a request without a user agent', () => {
    expect(visitOf(request('/d1', 'http://meridian.example:3000/'))).toBeUndefined();
    expect(visitOf(request('/d1', 'https://www.meridian.ng/'), ['meridian.ng'])).toBeUndefined();
    expect(visitOf(request('/', '', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'))).toBeUndefined();
    expect(visitOf(request('/', '', 'WhatsApp/2.23.20.0'))).toBeUndefined();
    expect(visitOf(request('/', '', ''))).toBeUndefined();
  });

  it('keeps labels and paths short and free of control characters', () => {
    const visit = visitOf(request(`/${'a'.repeat(300)}?utm_source=${'x'.repeat(300)}%00%E2%80%8B`));
    expect(visit?.path).toHaveLength(200);
    expect(visit?.source).toBe('x'.repeat(100));
  });
});
