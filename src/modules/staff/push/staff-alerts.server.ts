import 'server-only';
import type { Db } from '@/lib/db/client';
import type { PushMessage, PushOutcome } from '@/lib/push/send.server';
import { pushChannel } from '@/modules/messaging/server';
import { forgetSubscriptions, markSubscriptionsUsed, pushTargetsOf } from './subscriptions.repository.server';

/**
 * Pushes one message to the phones of these staff members (a lead's alert, a hand-over, a booking's). A subscription
 * the push service says is gone is removed. Sent when at least one phone took it; not_configured when none of them has
 * alerts on; when every phone failed, the first error is thrown so the job is tried again.
 */
export async function pushToStaff(db: Db, staffIds: string[], message: PushMessage): Promise<'sent' | 'not_configured'> {
  const targets = await pushTargetsOf(db, staffIds);
  const results = await Promise.allSettled(targets.map((target) => pushChannel.send(db, { target, message })));
  const idsWhere = (outcome: PushOutcome) =>
    targets.filter((_, i) => results[i].status === 'fulfilled' && results[i].value === outcome).map((t) => t.id);
  const sent = idsWhere('sent');
  await forgetSubscriptions(db, idsWhere('gone'));
  await markSubscriptionsUsed(db, sent, new Date());
  if (sent.length) return 'sent';
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return 'not_configured';
}
