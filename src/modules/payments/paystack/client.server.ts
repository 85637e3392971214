import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import '@/lib/validation/zod-config';
import { z } from 'zod';
import { getEnv } from '@/lib/env.server';
import { PaystackError } from './errors';

/**
 * A small typed client of Paystack's API over fetch (docs/decisions/0414-the-money-core.md; Paystack's own Node SDK was
 * unstable). Every answer is Paystack's envelope `{status, message, data}`, read with Zod: only the fields we use,
 * unknown ones ignored. Amounts are kobo both ways. tests/support/fake-paystack.ts plays Paystack in tests.
 */

const TIMEOUT_MS = 15_000;

/** On when the secret key is set. */
export function paystackConfigured(): boolean {
  return Boolean(getEnv().PAYSTACK_SECRET_KEY);
}

const ErrorEnvelope = z.object({ status: z.literal(false).optional(), message: z.string().optional() }).loose();

async function call<T extends z.ZodType>(method: 'GET' | 'POST', path: string, body: object | undefined, data: T): Promise<z.infer<T>> {
  const env = getEnv();
  if (!env.PAYSTACK_SECRET_KEY) throw new PaystackError('config', 'Paystack is off: PAYSTACK_SECRET_KEY is not set.');
  let response: Response;
  try {
    response = await fetch(`${env.PAYSTACK_API_BASE.replace(/\/+$/, '')}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${env.PAYSTACK_SECRET_KEY}`,
        Accept: 'application/json',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      // A redirect means the origin is wrong: the key is never sent on to another host.
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : 'the connection failed';
    throw new PaystackError('unavailable', `Paystack could not be reached: ${reason}.`);
  }
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const said = ErrorEnvelope.safeParse(json).data?.message?.slice(0, 200) ?? 'no message';
    const kind = response.status >= 500 || response.status === 429 ? 'unavailable' : 'refused';
    throw new PaystackError(
      kind,
      `Paystack answered ${response.status} to ${method} ${path.split('/').slice(0, 3).join('/')}: ${said}`,
      response.status,
    );
  }
  const parsed = z.object({ status: z.literal(true), data }).safeParse(json);
  if (!parsed.success)
    throw new PaystackError(
      'malformed',
      `Paystack's answer to ${method} ${path.split('/').slice(0, 3).join('/')} is not of the documented shape.`,
      response.status,
    );
  return (parsed.data as { data: z.infer<T> }).data;
}

const kobo = z.number().int().safe();

/** POST /transaction/initialize: a checkout of `amountKobo` under our `reference`; the buyer goes to authorizationUrl. */
export async function initializeTransaction(input: {
  email: string;
  amountKobo: number;
  reference: string;
  callbackUrl: string;
  metadata?: Record<string, string>;
}): Promise<{ authorizationUrl: string; accessCode: string; reference: string }> {
  const data = await call(
    'POST',
    '/transaction/initialize',
    {
      email: input.email,
      amount: String(input.amountKobo),
      currency: 'NGN',
      reference: input.reference,
      callback_url: input.callbackUrl,
      metadata: input.metadata,
    },
    z.object({ authorization_url: z.url(), access_code: z.string(), reference: z.string() }).loose(),
  );
  return { authorizationUrl: data.authorization_url, accessCode: data.access_code, reference: data.reference };
}

/** What GET /transaction/verify/:reference says of a transaction. */
export interface VerifiedTransaction {
  /** `success`, `failed`, `abandoned`, `reversed`, `pending`, `ongoing`, … as Paystack says it. */
  status: string;
  reference: string;
  amountKobo: number;
  currency: string;
  paidAt: Date | undefined;
  channel: string | undefined;
  customerCode: string | undefined;
}

const Verified = z
  .object({
    status: z.string(),
    reference: z.string(),
    amount: kobo,
    currency: z.string(),
    paid_at: z.string().nullish(),
    paidAt: z.string().nullish(),
    channel: z.string().nullish(),
    customer: z.object({ customer_code: z.string().nullish() }).loose().nullish(),
  })
  .loose();

/** GET /transaction/verify/:reference: the one word on a transaction that credits money. */
export async function verifyTransaction(reference: string): Promise<VerifiedTransaction> {
  if (!/^[A-Za-z0-9.=_-]{1,100}$/.test(reference)) throw new PaystackError('refused', 'Not a Paystack reference.');
  const data = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`, undefined, Verified);
  const paid = data.paid_at ?? data.paidAt;
  const paidAt = paid ? new Date(paid) : undefined;
  return {
    status: data.status,
    reference: data.reference,
    amountKobo: data.amount,
    currency: data.currency,
    paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : undefined,
    channel: data.channel ?? undefined,
    customerCode: data.customer?.customer_code ?? undefined,
  };
}

/** POST /customer: a Paystack customer for a buyer (a dedicated account needs one). */
export async function createCustomer(input: {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string;
}): Promise<{ customerCode: string; customerId: number }> {
  // Paystack answers a second create for the same e-mail with the customer it has.
  const data = await call(
    'POST',
    '/customer',
    { email: input.email, first_name: input.firstName, last_name: input.lastName, phone: input.phone },
    z.object({ customer_code: z.string(), id: z.number().int() }).loose(),
  );
  return { customerCode: data.customer_code, customerId: data.id };
}

const DedicatedAccountData = z
  .object({
    account_number: z.string(),
    account_name: z.string(),
    bank: z.object({ name: z.string() }).loose(),
    active: z.boolean().optional(),
  })
  .loose();
type DedicatedAccountAnswer = { accountNumber: string; accountName: string; bankName: string };
const accountOf = (data: z.infer<typeof DedicatedAccountData>): DedicatedAccountAnswer => ({
  accountNumber: data.account_number,
  accountName: data.account_name,
  bankName: data.bank.name,
});

/** GET /dedicated_account?active=true&customer=<id>: the customer's accounts (one a create whose answer was lost made). */
export async function dedicatedAccountsOfCustomer(customerId: number): Promise<DedicatedAccountAnswer[]> {
  const data = await call('GET', `/dedicated_account?active=true&customer=${customerId}`, undefined, z.array(DedicatedAccountData));
  return data.filter((account) => account.active !== false).map(accountOf);
}

/** POST /dedicated_account: a bank account number of the buyer's own, whose transfers come as charge.success. */
export async function createDedicatedAccount(input: { customerCode: string; preferredBank: string }): Promise<DedicatedAccountAnswer> {
  const data = await call(
    'POST',
    '/dedicated_account',
    { customer: input.customerCode, preferred_bank: input.preferredBank },
    DedicatedAccountData,
  );
  return accountOf(data);
}

/**
 * The webhook's signature: `x-paystack-signature` is the hex HMAC-SHA512 of the raw body with the secret key. Compared
 * in constant time, as bytes of equal length; anything else (no key, no header, not 128 hex digits) is false.
 */
export function verifyPaystackSignature(rawBody: Uint8Array | string, header: string | null): boolean {
  const secret = getEnv().PAYSTACK_SECRET_KEY;
  const given = /^[0-9a-f]{128}$/i.exec(header?.trim() ?? '')?.[0];
  if (!secret || !given) return false;
  const expected = createHmac('sha512', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}

/** A webhook event as far as we read it: its name, and a charge's reference, amount and customer. */
const WebhookEvent = z.object({
  event: z.string().max(100),
  data: z
    .object({
      reference: z.string().max(100).optional().catch(undefined),
      amount: kobo.optional().catch(undefined),
      customer: z
        .object({ customer_code: z.string().max(100).optional().catch(undefined) })
        .loose()
        .optional()
        .catch(undefined),
    })
    .loose()
    .optional()
    .catch(undefined),
});

export interface PaystackEvent {
  event: string;
  reference: string | undefined;
  amountKobo: number | undefined;
  customerCode: string | undefined;
}

/** The signed event's parts we keep, or undefined when it is not an event. */
export function parsePaystackEvent(payload: unknown): PaystackEvent | undefined {
  const parsed = WebhookEvent.safeParse(payload);
  if (!parsed.success) return undefined;
  const { event, data } = parsed.data;
  return { event, reference: data?.reference, amountKobo: data?.amount, customerCode: data?.customer?.customer_code };
}
