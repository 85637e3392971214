import 'server-only';
import type { OutboxSender, OutboxSenders } from '@/modules/messaging/server';
import { passkeyNoticeSender } from './passkeys/notice.server';
import { signInOutboxSender } from './sign-in/delivery.server';

/** The buyers module's senders for the one outbox's worker (src/instrumentation-node.ts): sign-in links and codes, passkey notices. */
export const buyerSenders = (): OutboxSenders => ({
  buyer_sign_in: signInOutboxSender as OutboxSender<never>,
  buyer_passkey: passkeyNoticeSender as OutboxSender<never>,
});
