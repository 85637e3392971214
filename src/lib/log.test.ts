import { DrizzleQueryError } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeError, logError, withoutContactDetails } from './log';

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

  it("quotes node-postgres's fixed connection messages, which tell a pool wait from a dropped connection", () => {
    const waited = new DrizzleQueryError('select 1', [], new Error('timeout exceeded when trying to connect'));
    expect(describeError(waited)).toMatch(/^DrizzleQueryError ← Error "timeout exceeded when trying to connect" \(at /);
    expect(describeError(new Error('Connection terminated unexpectedly'))).toMatch(/^Error "Connection terminated unexpectedly"/);
    expect(describeError(new Error(`no such user ${email}`))).not.toContain(email);
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

describe('withoutContactDetails', () => {
  it('takes out e-mail addresses and phone numbers in any spelling', () => {
    expect(
      withoutContactDetails(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <Ada.Obi+x@mail.example.ng>: Recipient address rejected",
      ),
    ).toBe("Can't send mail - all recipients were rejected: 550 5.1.1 [address]: Recipient address rejected");
    for (const phone of ['0803 555 1212', '+234 803 555 1212', '2348035551212', '+234 (0) 803-555-1212', '0803-555-1212']) {
      expect(withoutContactDetails(`refused for ${phone}, try again`)).toBe('refused for [phone], try again');
    }
  });

  it('keeps what an operator acts on: codes, network addresses, ports, ids', () => {
    for (const text of [
      'connect ECONNREFUSED 127.0.0.1:2525',
      '421 4.4.2 connection timed out after 10000 ms',
      'the webhook receiver answered HTTP 503',
      'job 6f1c2d3e-1234-4abc-9def-0123456789ab failed (code=23505)',
      'read ETIMEDOUT 192.168.100.200:587',
    ]) {
      expect(withoutContactDetails(text)).toBe(text);
    }
  });
});
