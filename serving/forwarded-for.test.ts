import { describe, expect, it } from 'vitest';
import { clientAddress } from '@/lib/http/client.server';
import { withSocketHop } from './forwarded-for.mjs';

/** What a route handler sees behind server.mjs, for a request that arrived with `received` from `socket`. */
const seen = (received: string | string[] | undefined, socket: string, trustProxy = 0) =>
  clientAddress(
    new Request('http://localhost/api/interest', { headers: { 'x-forwarded-for': withSocketHop(received, socket) } }),
    trustProxy,
  );

describe('X-Forwarded-For from the socket', () => {
  it('appends the connection address as the last hop, whatever the client sent', () => {
    expect(withSocketHop(undefined, '198.51.100.7')).toBe('198.51.100.7');
    expect(withSocketHop('1.2.3.4', '198.51.100.7')).toBe('1.2.3.4, 198.51.100.7');
    expect(withSocketHop(['1.2.3.4', ' 5.6.7.8 ,, '], '::ffff:198.51.100.7')).toBe('1.2.3.4, 5.6.7.8, ::ffff:198.51.100.7');
    expect(withSocketHop('', undefined)).toBe('unknown');
  });

  it('without TRUST_PROXY the bucket is the socket address: a forged header, rotated or not, changes nothing', () => {
    const buckets = new Set(['1.1.1.1', '2.2.2.2, 3.3.3.3', 'garbage', '', undefined].map((forged) => seen(forged, '::ffff:198.51.100.7')));
    expect([...buckets]).toEqual(['198.51.100.7']);
  });

  it('with TRUST_PROXY=n the bucket is the address the n-th proxy appended, counted back from the socket', () => {
    // client → proxy (appends the client) → server.mjs (appends the proxy's socket address)
    expect(seen('6.6.6.6, 203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    expect(seen('203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    // client → CDN → load balancer → server.mjs
    expect(seen('6.6.6.6, 203.0.113.9, 10.1.1.1', '10.0.0.2', 2)).toBe('203.0.113.9');
    // Fewer hops than trusted proxies (a request straight to the server): the leftmost there is, never beyond.
    expect(seen(undefined, '10.0.0.2', 2)).toBe('10.0.0.2');
  });
});
