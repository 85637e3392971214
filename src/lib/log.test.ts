import { DrizzleQueryError } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeError, logError } from './log';

const email = 'adaeze.okafor@example.com';

function databaseError(): Error {
  // The shape pg and PGlite throw: named after the message type, the value quoted in the message.
  return Object.assign(new Error(`duplicate key value violates unique constraint "interest_submissions_email_key": ${email}`), {
    name: 'error',
    code: '23505',
    constraint: 'interest_submissions_email_key',
    detail: `Key (email)=(${email}) already exists.`,
  });
}

describe('describeError', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps name, code and constraint of an error and its causes, and drops messages, SQL and parameters', () => {
    const error = new DrizzleQueryError(
      'insert into "interest_submissions" ("full_name", "email") values ($1, $2)',
      ['Adaeze Okafor', email],
      databaseError(),
    );
    const text = describeError(error);
    expect(text).toMatch(/^DrizzleQueryError ← DatabaseError code=23505 constraint=interest_submissions_email_key \(at /);
    expect(text).not.toContain(email);
    expect(text).not.toContain('Adaeze');
    expect(text).not.toMatch(/insert into|params/i);
  });

  it('names system and SMTP-style errors by their code, never their message', () => {
    expect(describeError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toMatch(
      /^Error code=ECONNREFUSED/,
    );
    const smtp = Object.assign(new Error(`Recipient address rejected: <${email}>`), { code: 'EENVELOPE', responseCode: 550 });
    expect(describeError(smtp)).not.toContain(email);
    expect(describeError(new AggregateError([Object.assign(new Error('x'), { code: 'ETIMEDOUT' })]))).toContain(
      'AggregateError ← Error code=ETIMEDOUT',
    );
  });

  it('says what was thrown when it is not an Error, without its value', () => {
    expect(describeError(email)).toBe('thrown string');
    expect(describeError({ email })).toBe('thrown object');
  });

  it('logError writes one line with the context', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    logError('[interest] request failed', databaseError());
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0][0]).toMatch(/^\[interest\] request failed: DatabaseError code=23505/);
    expect(String(spy.mock.calls[0])).not.toContain(email);
  });
});
