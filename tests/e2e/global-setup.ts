import { request, type FullConfig } from '@playwright/test';
import { startFakePaystack } from '../support/fake-paystack';
import { startFakeWhatsApp } from '../support/fake-whatsapp';
import { E2E_STAFF } from './staff-fixtures';
import { E2E_PAYSTACK, E2E_WHATSAPP } from './whatsapp-fixtures';
import { sendDashboardSeeds } from './dashboard-seed';
import { ownerStatePath, signInThroughApi } from './staff-session';

/**
 * Once per run, after the web server is up: the fake of WhatsApp's Cloud API starts on the port the server was given
 * (its statuses and the buyers' messages to the server's webhook), and the fake of Paystack, until the run ends; the dashboard test's lead that
 * must turn overdue is sent (tests/e2e/dashboard-seed.ts); then the first owner sets up two-step sign-in and signs in,
 * and that session is kept for the tests that need an owner without testing sign-in itself (tests/e2e/staff-session.ts).
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0].use.baseURL;
  const whatsApp = await startFakeWhatsApp({
    ...E2E_WHATSAPP,
    port: Number(process.env.E2E_WHATSAPP_PORT),
    statusesTo: `${baseURL}/api/webhooks/whatsapp`,
  });
  // Paystack's hosted checkout and verify, on the port the server was given (tests/e2e/payments.spec.ts), and its events
  // for transfers into buyers' own account numbers (tests/e2e/payments-own-account.spec.ts).
  const paystack = await startFakePaystack({
    ...E2E_PAYSTACK,
    port: Number(process.env.E2E_PAYSTACK_PORT),
    webhookUrl: `${baseURL}/api/webhooks/paystack`,
  });
  const context = await request.newContext({ baseURL });
  try {
    await sendDashboardSeeds(
      context,
      config.projects.map((project) => project.name),
    );
    await signInThroughApi(context, E2E_STAFF.email, E2E_STAFF.password);
    await context.storageState({ path: ownerStatePath() });
  } finally {
    await context.dispose();
  }
  return async () => {
    await whatsApp.stop();
    await paystack.stop();
  };
}
