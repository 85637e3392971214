import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalHttpPeer } from './local-http-peer.mjs';

/**
 * Paystack, faked in-process on loopback for the tests (docs/decisions/0414-the-money-core.md), as its API reference
 * documents it: the envelope `{status, message, data}`, a Bearer secret key, amounts in kobo. It speaks
 * `POST /transaction/initialize` (→ authorization_url on this fake), `GET /transaction/verify/:reference`,
 * `POST /customer`, `POST /dedicated_account`, `GET /dedicated_account?customer=<id>` (the customer's accounts, so a
 * retry finds the one an unanswered create opened); the hosted checkout (`GET /checkout/:access_code?outcome=success`, which
 * takes the money and redirects to the callback URL with `trxref` and `reference`, as Paystack does); and its side of the
 * webhook: `charge.success` events signed with `x-paystack-signature` (hex HMAC-SHA512 of the raw body with the secret
 * key), delivered again while the receiver does not answer 200. A transfer into a dedicated account is a new
 * `dedicated_nuban` transaction whose charge.success goes to `webhookUrl` (when given), as Paystack sends it; a test in
 * another process makes one with `POST /_simulate/transfer {account_number, amount}` (Paystack's test mode has the same
 * button on its dashboard). Point PAYSTACK_API_BASE at `url`.
 */

export interface FakeTransaction {
  id: number;
  reference: string;
  /** Asked at initialize (or, for a transfer into a dedicated account, what was sent). */
  amountKobo: number;
  /** What the buyer paid (set when paid). */
  paidKobo?: number;
  currency: string;
  email: string;
  callbackUrl?: string;
  accessCode: string;
  status: 'ongoing' | 'success' | 'failed' | 'abandoned' | 'reversed';
  paidAt?: string;
  channel: 'card' | 'dedicated_nuban';
  customerCode: string;
  metadata?: unknown;
}

/**
 * A scripted answer to the next API requests: an HTTP error with Paystack's envelope, a connection reset before
 * anything is done, or (`answer`) the request done but its answer lost (a timeout as the caller sees it).
 */
export type PaystackFailure = { status: number; message?: string } | { drop: 'reset' | 'answer' };

export interface WebhookDelivery {
  url: string;
  body: string;
  status: number;
}

export interface FakePaystack {
  url: string;
  secretKey: string;
  transactions: Map<string, FakeTransaction>;
  customers: Map<string, FakeCustomer>;
  dedicatedAccounts: Map<string, { accountNumber: string; accountName: string; bank: string }>;
  /** API requests by method and path, in order. */
  requests: string[];
  deliveries: WebhookDelivery[];
  failNext(count: number, failure: PaystackFailure, path?: RegExp, method?: 'GET' | 'POST'): void;
  /** What verify says of a reference, over what happened (a verify that disagrees with the event). */
  verifyOverride: Map<string, Partial<Pick<FakeTransaction, 'status' | 'currency' | 'paidKobo'>>>;
  /** The buyer pays on the hosted checkout (the amount asked unless told). */
  pay(reference: string, options?: { amountKobo?: number; status?: 'success' | 'failed' | 'abandoned' }): FakeTransaction;
  /** A transfer into a customer's dedicated account: a new transaction of Paystack's own reference. */
  transferIn(customerCode: string, amountKobo: number): FakeTransaction;
  /** A transfer into a dedicated account, and its signed charge.success delivered to `webhookUrl`; the answer's status. */
  transferAndNotify(accountNumber: string, amountKobo: number): Promise<{ transaction: FakeTransaction; status: number }>;
  /** Where events go (Paystack's dashboard setting). */
  webhookUrl: string | undefined;
  /** The charge.success event of a transaction, as Paystack's body (the exact bytes) and its signature. */
  chargeSuccess(reference: string, options?: { amountKobo?: number; secret?: string }): { body: string; signature: string };
  /** POSTs an event to the app's webhook as Paystack does, again (up to `attempts`) while it does not answer 200. */
  deliver(url: string, event: { body: string; signature: string }, attempts?: number): Promise<number>;
  stop(): Promise<void>;
}

export interface FakeCustomer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone?: string;
}

export function paystackSignature(body: string, secret: string): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

/** `port`: where to listen (the e2e server is given it before the fake starts); a free one when 0. */
export async function startFakePaystack({
  secretKey,
  port = 0,
  webhookUrl,
}: {
  secretKey: string;
  port?: number;
  webhookUrl?: string;
}): Promise<FakePaystack> {
  const transactions = new Map<string, FakeTransaction>();
  const customers = new Map<string, FakeCustomer>();
  const dedicatedAccounts = new Map<string, { accountNumber: string; accountName: string; bank: string }>();
  const verifyOverride = new Map<string, Partial<Pick<FakeTransaction, 'status' | 'currency' | 'paidKobo'>>>();
  const requests: string[] = [];
  const deliveries: WebhookDelivery[] = [];
  const failures: { failure: PaystackFailure; path?: RegExp; method?: string }[] = [];
  let ids = 4_000_000_000;
  let origin = '';

  const answersLost = new WeakSet<ServerResponse>();
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (answersLost.has(res)) return res.socket?.destroy();
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, message: string) => send(res, status, { status: false, message });

  const customerOf = (email: string) => {
    for (const [code, c] of customers) if (c.email === email) return code;
    const code = `CUS_${randomBytes(7).toString('hex')}`;
    customers.set(code, { id: ids++, email, firstName: '', lastName: '' });
    return code;
  };

  const transactionData = (t: FakeTransaction) => {
    const o = verifyOverride.get(t.reference) ?? {};
    const paid = o.paidKobo ?? t.paidKobo ?? t.amountKobo;
    return {
      id: t.id,
      domain: 'test',
      status: o.status ?? t.status,
      reference: t.reference,
      amount: paid,
      requested_amount: t.amountKobo,
      message: null,
      gateway_response: (o.status ?? t.status) === 'success' ? 'Successful' : 'The transaction was not completed',
      paid_at: t.paidAt ?? null,
      created_at: new Date().toISOString(),
      channel: t.channel,
      currency: o.currency ?? t.currency,
      metadata: t.metadata ?? '',
      fees: Math.min(200_000, Math.round(paid * 0.015)),
      customer: { id: 1, email: t.email, customer_code: t.customerCode, first_name: null, last_name: null, phone: null },
      authorization:
        t.channel === 'dedicated_nuban'
          ? {
              channel: 'dedicated_nuban',
              bank: 'ACCESS BANK',
              sender_name: 'A TEST SENDER',
              receiver_bank_account_number: dedicatedAccounts.get(t.customerCode)?.accountNumber ?? null,
              receiver_bank: dedicatedAccounts.get(t.customerCode)?.bank ?? null,
              reusable: false,
            }
          : { channel: t.channel, bank: 'TEST BANK', reusable: false },
    };
  };

  function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', origin);
    const checkout = /^\/checkout\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && checkout) {
      // The hosted checkout: the buyer pays (or not), then Paystack sends the browser to the callback URL.
      const t = [...transactions.values()].find((x) => x.accessCode === checkout[1]);
      if (!t) return refuse(res, 404, 'Checkout not found');
      const outcome = url.searchParams.get('outcome') ?? 'success';
      pay(t.reference, { status: outcome === 'success' ? 'success' : outcome === 'failed' ? 'failed' : 'abandoned' });
      const back = new URL(t.callbackUrl ?? `${origin}/`);
      back.searchParams.set('trxref', t.reference);
      back.searchParams.set('reference', t.reference);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/_simulate/transfer') {
      // Not Paystack's API: the test's way to make a transfer into an account from another process (see above).
      let asked: { account_number?: unknown; amount?: unknown };
      try {
        asked = JSON.parse(body) as typeof asked;
      } catch {
        return refuse(res, 400, 'Invalid JSON');
      }
      void transferAndNotify(String(asked.account_number), Number(asked.amount)).then(
        ({ transaction, status }) => send(res, 200, { status: true, data: { reference: transaction.reference, webhook_status: status } }),
        (error: Error) => refuse(res, 400, error.message),
      );
      return;
    }
    requests.push(`${req.method} ${url.pathname}`);
    const failure = failures.findIndex((f) => (!f.path || f.path.test(url.pathname)) && (!f.method || f.method === req.method));
    if (failure >= 0) {
      const [{ failure: f }] = failures.splice(failure, 1);
      if ('drop' in f && f.drop === 'reset') return req.socket.destroy();
      if ('drop' in f) answersLost.add(res);
      else return refuse(res, f.status, f.message ?? 'An error occurred');
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) return refuse(res, 401, 'Invalid key');
    let json: Record<string, unknown> = {};
    if (req.method === 'POST') {
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return refuse(res, 400, 'Invalid JSON');
      }
    }
    if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
      const amount = Number(json.amount);
      const email = typeof json.email === 'string' ? json.email : '';
      if (!email.includes('@')) return refuse(res, 400, 'Invalid Email Address Passed');
      if (!Number.isInteger(amount) || amount < 100) return refuse(res, 400, 'Invalid Amount Sent');
      if (json.currency !== undefined && json.currency !== 'NGN') return refuse(res, 403, 'Currency not supported by merchant');
      const reference = typeof json.reference === 'string' ? json.reference : `T${randomBytes(6).toString('hex')}`;
      if (transactions.has(reference)) return refuse(res, 400, 'Duplicate Transaction Reference');
      const accessCode = randomBytes(8).toString('hex');
      transactions.set(reference, {
        id: ids++,
        reference,
        amountKobo: amount,
        currency: 'NGN',
        email,
        callbackUrl: typeof json.callback_url === 'string' ? json.callback_url : undefined,
        accessCode,
        status: 'ongoing',
        channel: 'card',
        customerCode: customerOf(email),
        metadata: json.metadata,
      });
      return send(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `${origin}/checkout/${accessCode}`, access_code: accessCode, reference },
      });
    }
    const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && verify) {
      const t = transactions.get(decodeURIComponent(verify[1]));
      if (!t) return refuse(res, 400, 'Transaction reference not found');
      return send(res, 200, { status: true, message: 'Verification successful', data: transactionData(t) });
    }
    if (req.method === 'POST' && url.pathname === '/customer') {
      const email = typeof json.email === 'string' ? json.email : '';
      if (!email.includes('@')) return refuse(res, 400, 'Invalid Email Address Passed');
      const code = customerOf(email);
      const id = customers.get(code)!.id;
      customers.set(code, {
        id,
        email,
        firstName: String(json.first_name ?? ''),
        lastName: String(json.last_name ?? ''),
        phone: json.phone as string,
      });
      return send(res, 200, { status: true, message: 'Customer created', data: { email, customer_code: code, id } });
    }
    if (req.method === 'GET' && url.pathname === '/dedicated_account') {
      const id = Number(url.searchParams.get('customer'));
      const found = [...customers].filter(([, c]) => !url.searchParams.has('customer') || c.id === id);
      const data = found.flatMap(([code, c]) => {
        const account = dedicatedAccounts.get(code);
        return account ? [dedicatedAccountData(code, c, account)] : [];
      });
      return send(res, 200, { status: true, message: 'Managed accounts successfully retrieved', data, meta: { total: data.length } });
    }
    if (req.method === 'POST' && url.pathname === '/dedicated_account') {
      const code = String(json.customer ?? '');
      const customer = customers.get(code);
      if (!customer) return refuse(res, 404, 'Customer not found');
      if (typeof json.preferred_bank !== 'string') return refuse(res, 400, 'preferred_bank is required');
      // Paystack assigns a customer one account at a bank; asked again, it answers with that one.
      const account = dedicatedAccounts.get(code) ?? {
        accountNumber: String(9_000_000_000 + dedicatedAccounts.size),
        accountName: `KLM/${customer.firstName} ${customer.lastName}`.toUpperCase(),
        bank: json.preferred_bank === 'test-bank' ? 'Test Bank' : 'Wema Bank',
      };
      dedicatedAccounts.set(code, account);
      return send(res, 200, { status: true, message: 'NUBAN successfully created', data: dedicatedAccountData(code, customer, account) });
    }
    return refuse(res, 404, 'Not found');
  }

  function dedicatedAccountData(
    code: string,
    customer: FakeCustomer,
    account: { accountNumber: string; accountName: string; bank: string },
  ) {
    return {
      bank: { name: account.bank, id: 1, slug: account.bank === 'Test Bank' ? 'test-bank' : 'wema-bank' },
      account_name: account.accountName,
      account_number: account.accountNumber,
      assigned: true,
      currency: 'NGN',
      active: true,
      id: Number(account.accountNumber) - 8_000_000_000,
      customer: { id: customer.id, customer_code: code, email: customer.email },
    };
  }

  function transferIn(customerCode: string, amountKobo: number): FakeTransaction {
    const customer = customers.get(customerCode);
    const reference = `T${randomBytes(8).toString('hex')}`;
    const t: FakeTransaction = {
      id: ids++,
      reference,
      amountKobo,
      paidKobo: amountKobo,
      currency: 'NGN',
      email: customer?.email ?? 'unknown@example.com',
      accessCode: randomBytes(8).toString('hex'),
      status: 'success',
      paidAt: new Date().toISOString(),
      channel: 'dedicated_nuban',
      customerCode,
    };
    transactions.set(reference, t);
    return t;
  }

  function chargeSuccess(reference: string, options: { amountKobo?: number; secret?: string } = {}) {
    const t = transactions.get(reference);
    if (!t) throw new Error(`no transaction ${reference}`);
    const data = transactionData(t);
    const body = JSON.stringify({ event: 'charge.success', data: { ...data, amount: options.amountKobo ?? data.amount } });
    return { body, signature: paystackSignature(body, options.secret ?? secretKey) };
  }

  async function deliver(url: string, event: { body: string; signature: string }, attempts = 3) {
    let status = 0;
    for (let i = 0; i < attempts; i++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': event.signature },
          body: event.body,
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = 0;
      }
      deliveries.push({ url, body: event.body, status });
      if (status === 200) break;
    }
    return status;
  }

  async function transferAndNotify(accountNumber: string, amountKobo: number) {
    const code = [...dedicatedAccounts].find(([, a]) => a.accountNumber === accountNumber)?.[0];
    if (!code) throw new Error('Account not found');
    if (!Number.isInteger(amountKobo) || amountKobo < 100) throw new Error('Invalid amount');
    const transaction = transferIn(code, amountKobo);
    const status = fake.webhookUrl ? await deliver(fake.webhookUrl, chargeSuccess(transaction.reference)) : 0;
    return { transaction, status };
  }

  function pay(reference: string, options: { amountKobo?: number; status?: 'success' | 'failed' | 'abandoned' } = {}) {
    const t = transactions.get(reference);
    if (!t) throw new Error(`no transaction ${reference}`);
    t.status = options.status ?? 'success';
    if (t.status === 'success') {
      t.paidKobo = options.amountKobo ?? t.amountKobo;
      t.paidAt = new Date().toISOString();
    }
    return t;
  }

  const peer = await startLocalHttpPeer(handle, port);
  origin = `http://127.0.0.1:${peer.port}`;

  const fake: FakePaystack = {
    url: origin,
    secretKey,
    webhookUrl,
    transactions,
    customers,
    dedicatedAccounts,
    requests,
    deliveries,
    verifyOverride,
    failNext: (count, failure, path, method) => {
      for (let i = 0; i < count; i++) failures.push({ failure, path, method });
    },
    pay,
    transferIn,
    transferAndNotify,
    chargeSuccess,
    deliver,
    stop: () => peer.down(),
  };
  return fake;
}
