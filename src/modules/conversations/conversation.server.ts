import 'server-only';
import { FOLLOW_UP_COPY } from '@/content/conversations';
import { getSiteFacts } from '@/lib/site-facts.server';
import { optOutOf } from '@/modules/leads/server';
import { conversationOfLead, type ConversationMessage } from '@/modules/leads/server';
import { staffDisplayName } from '@/modules/staff';
import type { Db } from '@/lib/db/client';
import type { MessageChannel } from '@/lib/db/enums';
import { smsConfigured } from '@/modules/messaging/server';
import { whatsAppConfigured } from '@/modules/messaging/server';
import { replyRoute } from './reply-route';

/**
 * What the lead page's Messages show (docs/decisions/0394-whatsapp-and-sms.md): the conversation oldest first, whether
 * the number said STOP, and what the reply box offers the staff member looking, decided by the same rules as the
 * handler that sends (./reply-route.ts): free text, or outside WhatsApp's 24-hour window the follow-up template with
 * its words filled in, or why nothing can go.
 */
export type ReplyOffer =
  | { can: 'text'; channel: MessageChannel; closesAt?: Date; whereTheyAre: boolean }
  | { can: 'follow_up'; lastWrote?: Date; preview: string; alreadySent?: Date }
  | { can: 'nothing'; why: 'opted_out' | 'not_set_up' | 'no_number' | 'claim_first' };

export interface LeadConversation {
  messages: ConversationMessage[];
  optedOut?: { at: Date; channel: MessageChannel; stops: MessageChannel[] };
  reply: ReplyOffer;
}

/** Undefined when neither WhatsApp nor SMS is set up and the lead has no messages: the page shows no Messages then. */
export async function leadConversation(
  db: Db,
  lead: { id: string; title: string | null; fullName: string; phoneE164: string | null },
  viewer: { name: string; email: string; mayChange: boolean },
  now = new Date(),
): Promise<LeadConversation | undefined> {
  const configured = { whatsApp: whatsAppConfigured(), sms: smsConfigured() };
  const messages = await conversationOfLead(db, lead.id);
  if (!configured.whatsApp && !configured.sms && messages.length === 0) return undefined;
  const optedOut = lead.phoneE164 ? await optOutOf(db, lead.phoneE164) : undefined;
  return { messages, ...(optedOut ? { optedOut } : {}), reply: offer() };

  function offer(): ReplyOffer {
    if (optedOut?.stops.includes('whatsapp')) return { can: 'nothing', why: 'opted_out' };
    const route = replyRoute(messages, configured, now);
    if (!route) return { can: 'nothing', why: 'not_set_up' };
    // A STOP by SMS stops SMS only (docs/decisions/0402): a reply by WhatsApp may still go.
    if (optedOut?.stops.includes(route.channel)) return { can: 'nothing', why: 'opted_out' };
    if (!lead.phoneE164) return { can: 'nothing', why: 'no_number' };
    if (!viewer.mayChange) return { can: 'nothing', why: 'claim_first' };
    if (route.channel === 'sms') return { can: 'text', channel: 'sms', whereTheyAre: configured.whatsApp };
    if (route.window.open) return { can: 'text', channel: 'whatsapp', closesAt: route.window.closesAt, whereTheyAre: false };
    const parameters = FOLLOW_UP_COPY.parameters(lead, { agentName: staffDisplayName(viewer), brand: getSiteFacts().brand });
    // A follow-up already sent since the buyer last wrote: said, so the buyer is not sent the same words twice unawares.
    const since = route.lastWritten?.getTime() ?? 0;
    const alreadySent = messages.findLast(
      (m) => m.kind === 'template' && m.status !== 'failed' && m.createdAt.getTime() > since,
    )?.createdAt;
    return {
      can: 'follow_up',
      ...(route.lastWritten ? { lastWrote: route.lastWritten } : {}),
      preview: FOLLOW_UP_COPY.text(parameters),
      ...(alreadySent ? { alreadySent } : {}),
    };
  }
}
