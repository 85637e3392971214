import { describe, expect, it } from 'vitest';
import { mayHaveReachedProvider } from './channel-error';

describe('mayHaveReachedProvider', () => {
  const fetchFailed = (cause?: object) => Object.assign(new TypeError('fetch failed'), cause ? { cause } : {});

  it('is false only where no connection was made, so nothing can have been taken', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'])
      expect(mayHaveReachedProvider(fetchFailed(Object.assign(new Error(code), { code })))).toBe(false);
  });

  it('is true for a connection cut, a time-out or an unknown failure: the request may have arrived', () => {
    expect(mayHaveReachedProvider(fetchFailed(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })))).toBe(true);
    expect(mayHaveReachedProvider(fetchFailed(Object.assign(new Error('reset'), { code: 'ECONNRESET' })))).toBe(true);
    expect(mayHaveReachedProvider(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe(true);
    expect(mayHaveReachedProvider(fetchFailed())).toBe(true);
  });
});
