import { describe, expect, it } from 'vitest';
import { errorKind } from './error-kind';

describe('errorKind', () => {
  it('keeps the SMTP code and the receiver’s words, never an address', () => {
    expect(
      errorKind("Can't send mail - all recipients were rejected: 550 5.1.1 <Ada.Obi+x@mail.example.ng>: Recipient address rejected"),
    ).toBe("Can't send mail - all recipients were rejected: 550 5.1.1 [address]: Recipient address rejected");
    expect(errorKind('RCPT TO:<a@b.c> refused; also "ngozi@example.org" and (x@y.z)')).toBe(
      'RCPT TO:[address] refused; also "[address]" and ([address])',
    );
  });

  it('is one short line, and nothing for no error', () => {
    expect(errorKind('connect ECONNREFUSED 127.0.0.1:2525\n  at x')).toBe('connect ECONNREFUSED 127.0.0.1:2525 at x');
    expect(errorKind('x'.repeat(500))).toHaveLength(160);
    expect(errorKind(null)).toBeNull();
    expect(errorKind('')).toBeNull();
  });
});
