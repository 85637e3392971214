import { MESSAGE_SENT } from '@/modules/leads/server';
import { CONVERSATION_STAFF_COPY } from '@/content/conversations-staff';

/**
 * The lead history's line for a message an agent sent (the actor's name comes first), from the detail
 * recordAgentMessage wrote (its channel and kind, never the words); undefined for any other action.
 */
export function describeConversationAction(action: string, detail: unknown): string | undefined {
  if (action !== MESSAGE_SENT) return undefined;
  const d = (detail ?? {}) as { channel?: string; kind?: string };
  return CONVERSATION_STAFF_COPY.history.sent(d.channel === 'sms' ? 'sms' : 'whatsapp', d.kind ?? 'text');
}
