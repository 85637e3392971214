import 'server-only';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env.server';
import { withoutContactDetails } from '@/lib/log';
import { ChannelError } from '@/modules/messaging';
import { whatsAppChannel, whatsAppConfigured, type NotSent } from '@/modules/messaging/server';
import { mayMessage, sendAtMostOnce } from '@/modules/leads/server';

/**
 * A payment's message on WhatsApp (a receipt, an instalment's reminder; docs/decisions/0414, 0415): an approved
 * template, sent where WhatsApp is on and the number has not said STOP (both asked when it goes), and kept in the lead's
 * conversation as the first reply is (written `sending` before Meta is asked, so the lead page shows it and its
 * delivery statuses find it). A send whose answer never came may have gone: counted as sent, never again. A number
 * WhatsApp cannot reach is not tried again; the provider down, or our credentials refused, is thrown for the outbox's
 * retries.
 */
export async function sendPaymentWhatsApp(
  db: Db,
  message: {
    leadId: string;
    phone: string | null;
    kind: 'payment_receipt' | 'payment_reminder';
    template: string;
    parameters: string[];
    body: string;
  },
): Promise<'sent' | NotSent> {
  const { leadId, phone, kind, template, parameters, body } = message;
  if (!phone || !whatsAppConfigured()) return { state: 'not_configured', lastError: 'not configured' };
  if (!(await mayMessage(db, phone, 'whatsapp'))) return { state: 'withdrawn', lastError: 'the number said STOP' };
  const language = getEnv().WHATSAPP_TEMPLATE_LANGUAGE;
  try {
    await sendAtMostOnce(db, { leadId, channel: 'whatsapp', kind, body, template }, (reference) =>
      whatsAppChannel.send(db, { to: phone, template, language, parameters, reference }),
    );
    return 'sent';
  } catch (error) {
    if (error instanceof ChannelError && error.unanswered) return 'sent';
    if (error instanceof ChannelError && (error.kind === 'unreachable' || error.kind === 'window_closed'))
      return { state: 'not_configured', lastError: `WhatsApp cannot reach the number: ${withoutContactDetails(error.message)}` };
    throw error;
  }
}
