// The crash test's money part (npm run test:crash; docs/decisions/0417): a kill -9 between Paystack's event and the
// receipt must end with one ledger entry, one receipt and its e-mail in the buyer's inbox once. Three buyers pay their
// deposit on the fake Paystack, each with its signed charge.success posted to the production server's webhook:
//   A. the server is killed the moment the webhook has answered 200 (the event stored; its job may have begun);
//   B. the mail server is down; the server is killed once the pay page shows the money credited (the entry, the receipt
//      and its e-mail queued in one transaction) and its first attempt at the e-mail failed; the mail server comes back;
//   C. the control: paid without a kill.
// After the restart every event is delivered again (Paystack's own retry, or a replay) and the payment-check job runs as
// it would; then, once the server has outlived the killed one's claimed jobs (see WATCH_MS), the database and the SMTP
// peer must show each buyer one entry of ₦3,000,000, one receipt, one receipt e-mail queued, and that e-mail received:
// at least once, every copy under the receipt's one Message-ID, which an inbox keeps once (docs/decisions/0441; a kill
// during the SMTP exchange sends it again).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startFakePaystack } from '../../tests/support/fake-paystack.ts';
import { startSmtpPeer, startWebhookReceiver } from '../../tests/support/peers.ts';
import { exited, freePort, freshDatabase, logTail, peerEnv, startServer, waitHealthy } from './harness.mjs';
import {
  moneyOf,
  openDepositCheckout,
  PAYSTACK_TEST_SECRET,
  payAndSign,
  paystackEnv,
  postEvent,
  receiptMailsByAddress,
  seedBuyers,
} from './money.mjs';

const DEPOSIT_KOBO = '300000000';
// Past the killed server's claimed jobs: a payment event's job the kill caught in hand expires after 120 s
// (src/lib/jobs/queues.ts), which pg-boss notices at its next supervision (every 60 s), then retries 5 s later; and
// past the outbox's retries (every 5–30 s). 100 s was short of that when the kill came after the job was claimed.
const WATCH_MS = Number(process.env.CRASH_MONEY_WATCH_MS ?? 200_000);

/** How many failed attempts at a receipt's e-mail the server has logged (src/modules/messaging/outbox/outbox.server.ts). */
const failedReceiptMails = (logFile) =>
  existsSync(logFile) ? (readFileSync(logFile, 'utf8').match(/\[outbox\] receipt payment_receipt \S+ will be retried/g) ?? []).length : 0;

export async function crashMoney(kind, log) {
  const database = await freshDatabase(kind, 'crash_money');
  const logFile = path.join(database.work, 'server.log');
  const smtp = await startSmtpPeer();
  const hooks = await startWebhookReceiver();
  const paystack = await startFakePaystack({ secretKey: PAYSTACK_TEST_SECRET });
  const [a, b, c] = seedBuyers(database.env, 3, `crash${database.runId}`);
  const env = { ...database.env, ...peerEnv(smtp, hooks), ...paystackEnv(paystack) };
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  let server = startServer(port, env, logFile);
  const restart = async (why) => {
    log(`${kind} money: kill -9 ${server.pid} ${why}`);
    server.kill('SIGKILL');
    await exited(server);
    server = startServer(port, env, logFile);
    log(`${kind} money: restarted, healthy after ${await waitHealthy(base, server)} ms`);
  };
  try {
    await waitHealthy(base, server);
    const events = new Map();
    for (const buyer of [a, b, c]) events.set(buyer, payAndSign(paystack, await openDepositCheckout(base, buyer)));

    // A: killed as soon as the 200 is in.
    const answeredA = await postEvent(base, events.get(a));
    if (answeredA !== 200) throw new Error(`the webhook answered ${answeredA}`);
    await restart('right after the webhook answered 200 (A)');

    // B: credited, the e-mail queued but not sent (the mail server is down), then killed.
    await smtp.down();
    const failedBefore = failedReceiptMails(logFile);
    const answeredB = await postEvent(base, events.get(b));
    if (answeredB !== 200) throw new Error(`the webhook answered ${answeredB}`);
    const creditedAt = Date.now() + 60_000;
    let credited = false;
    while (!credited && Date.now() < creditedAt) {
      const page = await fetch(`${base}/payments/pay?t=${encodeURIComponent(b.token)}`).then(
        (r) => r.text(),
        () => '',
      );
      credited = page.includes('Paid so far');
      if (!credited) await sleep(100);
    }
    if (!credited) throw new Error('B was not credited within 60 s');
    // B is about an e-mail that failed before the kill: so the kill waits for the first attempt's failure in the
    // server's log (on a busy machine it came more than 2.5 s after the credit), then for its record to be written;
    // pg-boss tries again 5-10 s after that.
    const failedAt = Date.now() + 60_000;
    while (failedReceiptMails(logFile) === failedBefore && Date.now() < failedAt) await sleep(100);
    if (failedReceiptMails(logFile) === failedBefore) throw new Error("B's receipt e-mail was not tried within 60 s");
    await sleep(2_000);
    await restart('after the credit, before its receipt e-mail could go (B)');
    await smtp.up();

    // C, and every event again (Paystack retries until it has a 200 it trusts; someone may replay one).
    if ((await postEvent(base, events.get(c))) !== 200) throw new Error('the webhook refused C');
    for (const event of events.values()) await postEvent(base, event);
    await sleep(WATCH_MS);
    server.kill('SIGTERM');
    await exited(server);

    const money = await moneyOf(
      database,
      [a, b, c].map((buyer) => buyer.claimId),
    );
    const mails = receiptMailsByAddress(smtp);
    const rows = [a, b, c].map((buyer, i) => {
      const got = money.get(buyer.claimId) ?? {};
      const received = mails.get(buyer.email) ?? [];
      return {
        database: kind,
        case: ['A: killed after the 200', 'B: killed before the e-mail', 'C: no kill'][i],
        entries: got.entries,
        balanceKobo: got.balance,
        receipts: got.receipts,
        receiptEmailsQueued: got.receipt_emails,
        receiptEmailsReceived: received.length,
        inInbox: new Set(received.map((mail) => mail.messageId)).size,
        sameNumber: received.every((mail) => mail.number === got.numbers),
      };
    });
    console.table(rows);
    const ok = rows.every(
      (r) =>
        r.entries === 1 &&
        r.balanceKobo === DEPOSIT_KOBO &&
        r.receipts === 1 &&
        r.receiptEmailsQueued === 1 &&
        r.receiptEmailsReceived >= 1 &&
        r.inInbox === 1 &&
        r.sameNumber,
    );
    if (!ok)
      console.table(
        await database.query(
          `select r.number, o.state, o.attempts, o.last_error, o.sending_since, o.due_at,
             (select string_agg(j.name || ':' || j.state || ':' || j.retry_count || ':' || j.start_after, ' ') from pgboss.job j
               where j.name like 'outbox%' and j.data ->> 'messageId' = o.id::text) as jobs
           from outbox_messages o join payment_receipts r on o.subject_type = 'receipt' and o.subject_id = r.id`,
        ),
      );
    if (!ok) log(`${kind} money: server log tail:\n${logTail(logFile)}`);
    return ok;
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited(server);
    }
    await Promise.all([smtp.stop(), hooks.stop(), paystack.stop()]);
    await database.dispose();
  }
}
