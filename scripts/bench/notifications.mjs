// Bench, notification part: submit-to-delivered latency of the messages of BENCH_LEADS leads (200), sent 10 at a time
// to the production server with a local SMTP peer, webhook receiver, Web Push service (an agent who takes every lead
// has alerts on for one phone) and a fake of WhatsApp's Cloud API, on each database. Targets: p95 ≤ 5 s for the three
// messages, and on its own for the push alert; p95 ≤ 60 s for the buyer's first reply by WhatsApp (issue 46). Prints
// tables and returns the figures for bench/results.json.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startSmtpPeer, startWebhookReceiver } from '../../tests/support/peers.ts';
import { startFakeWhatsApp } from '../../tests/support/fake-whatsapp.ts';
import { PUSH_SERVICE_CERT, startPushService } from '../../tests/support/push-service.mjs';
import {
  deliveriesByLead,
  exited,
  freePort,
  freshDatabase,
  leadBody,
  root,
  peerEnv,
  pgUrl,
  postLead,
  startServer,
  waitHealthy,
} from '../lib/harness.mjs';
import { percentile } from './server-common.mjs';

const LEADS = Number(process.env.BENCH_LEADS ?? 200);
const TARGET_P95_MS = 5_000;
const FIRST_REPLY_TARGET_P95_MS = 60_000;
const WHATSAPP = { token: 'bench-whatsapp-token-0123456789', phoneNumberId: '109876543210', appSecret: 'bench-app-secret-0123456789' };

async function measure(kind, log) {
  const database = await freshDatabase(kind, 'bench_notify');
  const smtp = await startSmtpPeer();
  const hooks = await startWebhookReceiver();
  const pushService = await startPushService();
  const whatsApp = await startFakeWhatsApp(WHATSAPP);
  const phone = pushService.subscribe();
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  // The server trusts the push service's certificate as it would a real one's.
  const env = {
    ...database.env,
    ...peerEnv(smtp, hooks),
    NODE_EXTRA_CA_CERTS: PUSH_SERVICE_CERT,
    PUSH_SERVICE_HOSTS: '127.0.0.1',
    WHATSAPP_TOKEN: WHATSAPP.token,
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
    WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'bench-verify-token-0123456789',
    WHATSAPP_API_BASE: whatsApp.apiBase,
  };
  const seeded = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['--conditions=react-server', path.join(import.meta.dirname, 'seed-push-agent.ts')],
    { cwd: root, encoding: 'utf8', env: { ...process.env, ...env, PUSH_SUBSCRIPTION: JSON.stringify(phone.subscription) } },
  );
  if (seeded.status !== 0) throw new Error(`seeding the push agent failed: ${seeded.stderr}`);
  const server = startServer(port, env, path.join(database.work, 'server.log'));
  try {
    await waitHealthy(base, server);
    await sleep(2_000); // let the workers start
    const leads = [];
    let next = 0;
    const burstStart = Date.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < LEADS) {
          const i = next++;
          const body = leadBody(database.runId, i, 'Bench');
          const submittedAt = Date.now();
          const { status, id } = await postLead(base, body, `bench-${database.runId}-${i}`);
          if (status !== 201) throw new Error(`lead ${i} answered ${status}`);
          leads.push({ id, email: body.email, whatsApp: `234${body.phonenumber.slice(1)}`, submittedAt });
        }
      }),
    );
    const burstSeconds = Math.round((Date.now() - burstStart) / 100) / 10;
    const deadline = Date.now() + 120_000;
    let latencies = [];
    let pushLatencies = [];
    let replyLatencies = [];
    while (Date.now() < deadline) {
      const { byLead, receiptTo } = deliveriesByLead(smtp, hooks);
      const pushedAt = new Map(pushService.received.map((push) => [push.message.tag, push.at]));
      latencies = [];
      pushLatencies = [];
      replyLatencies = [];
      const repliedAt = new Map(whatsApp.sent.map((message) => [message.to, message.at]));
      for (const lead of leads) {
        const replied = repliedAt.get(lead.whatsApp);
        if (replied) replyLatencies.push(replied - lead.submittedAt);
        const got = byLead.get(lead.id);
        const receipt = receiptTo.get(lead.email)?.[0];
        for (const at of [got?.sales[0], got?.webhooks[0]?.at, receipt]) if (at) latencies.push(at - lead.submittedAt);
        const pushed = pushedAt.get(`lead-${lead.id}`);
        if (pushed) pushLatencies.push(pushed - lead.submittedAt);
      }
      if (latencies.length === leads.length * 3 && pushLatencies.length === leads.length && replyLatencies.length === leads.length) break;
      await sleep(250);
    }
    latencies.sort((a, b) => a - b);
    pushLatencies.sort((a, b) => a - b);
    replyLatencies.sort((a, b) => a - b);
    const result = {
      driver: kind,
      leads: leads.length,
      submittedInSeconds: burstSeconds,
      messages: latencies.length,
      expected: leads.length * 3,
      medianMs: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
      maxMs: latencies[latencies.length - 1],
      targetP95Ms: TARGET_P95_MS,
      pushes: pushLatencies.length,
      pushMedianMs: percentile(pushLatencies, 0.5),
      pushP95Ms: percentile(pushLatencies, 0.95),
      pushRejected: pushService.rejected.length,
      firstReplies: replyLatencies.length,
      firstReplyMedianMs: percentile(replyLatencies, 0.5),
      firstReplyP95Ms: percentile(replyLatencies, 0.95),
      firstReplyTargetP95Ms: FIRST_REPLY_TARGET_P95_MS,
    };
    result.pass = result.messages === result.expected && result.p95Ms <= TARGET_P95_MS;
    result.pushPass = result.pushes === leads.length && result.pushRejected === 0 && result.pushP95Ms <= TARGET_P95_MS;
    result.firstReplyPass = result.firstReplies === leads.length && result.firstReplyP95Ms <= FIRST_REPLY_TARGET_P95_MS;
    log(`notifications ${kind}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    server.kill('SIGTERM');
    await exited(server);
    await smtp.stop();
    await hooks.stop();
    await pushService.stop();
    await whatsApp.stop();
    await database.dispose();
  }
}

export async function benchNotifications(log) {
  const kinds = ['pglite', ...(pgUrl ? ['postgres'] : [])];
  const results = [];
  for (const kind of kinds) results.push(await measure(kind, log));
  console.log('\nSubmit-to-delivered latency (sales e-mail, receipt, webhook; local SMTP peer and receiver)');
  console.log('| driver | leads (submitted in) | messages | median | p95 | max | target p95 | result |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.driver} | ${r.leads} (${r.submittedInSeconds} s) | ${r.messages}/${r.expected} | ${r.medianMs} ms | ${r.p95Ms} ms | ${r.maxMs} ms | ≤ ${r.targetP95Ms} ms | ${r.pass ? 'pass' : 'short'} |`,
    );
  }
  console.log("\nSubmit-to-push latency (the agent's phone: a local Web Push service that checks VAPID and decrypts each alert)");
  console.log('| driver | alerts received | refused by the service | median | p95 | target p95 | result |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.driver} | ${r.pushes}/${r.leads} | ${r.pushRejected} | ${r.pushMedianMs} ms | ${r.pushP95Ms} ms | ≤ ${r.targetP95Ms} ms | ${r.pushPass ? 'pass' : 'short'} |`,
    );
  }
  console.log("\nSubmit-to-first-reply latency (the buyer's WhatsApp template; a local fake of Meta's Cloud API)");
  console.log('| driver | first replies | median | p95 | target p95 | result |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.driver} | ${r.firstReplies}/${r.leads} | ${r.firstReplyMedianMs} ms | ${r.firstReplyP95Ms} ms | ≤ ${r.firstReplyTargetP95Ms} ms | ${r.firstReplyPass ? 'pass' : 'short'} |`,
    );
  }
  return results;
}
