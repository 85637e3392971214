import webpush from 'web-push';
import { expect, it } from 'vitest';
import { madeForKey } from './push-key';

const bytesOf = (base64url: string) => new Uint8Array(Buffer.from(base64url, 'base64url')).buffer;

it('a subscription counts as on only when it was made for the key the site has now', () => {
  const before = webpush.generateVAPIDKeys().publicKey;
  const now = webpush.generateVAPIDKeys().publicKey;
  expect(madeForKey(bytesOf(now), now)).toBe(true);
  // Made for the key that was lost and replaced: alerts show off, so its person turns them on again.
  expect(madeForKey(bytesOf(before), now)).toBe(false);
  // A browser that does not say which key it was made for is not unsubscribed on every visit.
  expect(madeForKey(null, now)).toBe(true);
});
