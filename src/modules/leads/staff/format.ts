import { SALES_EMAIL_COPY } from '@/content/notifications';
import { leadName, STAFF_COPY } from '@/content/staff';
import { telHref, whatsappHref } from '@/lib/contact-links';

/** "12 min ago" style age. */
export function timeAgo(date: Date, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return STAFF_COPY.ago.justNow;
  if (minutes < 60) return STAFF_COPY.ago.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return STAFF_COPY.ago.hours(hours);
  return STAFF_COPY.ago.days(Math.floor(hours / 24));
}

export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return STAFF_COPY.inbox.counters.none;
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** A wait in seconds as a person reads it: `45 s` under a minute, else as formatMinutes. */
export function formatSeconds(seconds: number): string {
  return seconds < 60 ? `${Math.round(seconds)} s` : formatMinutes(Math.round(seconds / 60));
}

/** Where a lead came from: UTM source/medium, else the referrer's host, else Direct; a WhatsApp chat's says so first. */
export function sourceLabel(lead: {
  origin: 'form' | 'whatsapp';
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
}): string {
  if (lead.origin === 'form') return attributionLabel(lead);
  // A chat whose campaign no counted visit explains is `whatsapp / chat` (0399): its campaign alone says the rest.
  const fromChat = lead.utmSource === 'whatsapp' && lead.utmMedium === 'chat';
  const source = fromChat ? lead.utmCampaign : lead.utmSource || lead.referrer ? attributionLabel(lead) : null;
  return source ? `${STAFF_COPY.inbox.byWhatsApp} · ${source}` : STAFF_COPY.inbox.byWhatsApp;
}

function attributionLabel(lead: {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
}) {
  if (lead.utmSource) return [lead.utmSource, lead.utmMedium, lead.utmCampaign].filter(Boolean).join(' / ');
  if (lead.referrer) {
    try {
      return new URL(lead.referrer).host;
    } catch {
      return lead.referrer.slice(0, 60);
    }
  }
  return STAFF_COPY.inbox.direct;
}

export const STATUS_STYLES: Record<string, string> = {
  new: 'bg-brass-300/40 text-forest-950',
  contacted: 'bg-forest-100 text-forest-900',
  qualified: 'bg-forest-700 text-ivory-50',
  // The inspection stages in brass, between qualified and won (docs/decisions/0391).
  inspection_booked: 'bg-brass-300 text-forest-950 ring-1 ring-inset ring-brass-500/60',
  inspected: 'bg-brass-700 text-ivory-50',
  // A plot held, then reserved with a deposit (docs/decisions/0412): on the way to won.
  plot_held: 'bg-forest-100 text-forest-950 ring-1 ring-inset ring-forest-700/60',
  reserved: 'bg-forest-800 text-ivory-50 ring-1 ring-inset ring-brass-300/70',
  won: 'bg-forest-900 text-ivory-50',
  lost: 'bg-ivory-200 text-ink-soft',
  spam: 'bg-red-100 text-red-900',
  held: 'bg-amber-100 text-amber-950 ring-1 ring-inset ring-amber-300',
};

/** An overdue lead: the one warm, urgent colour of the inbox, apart from the statuses' greens and the spam red. */
export const OVERDUE_STYLE = 'bg-[#f7e4d9] text-[#7a3418] ring-1 ring-inset ring-[#e2b59c]';

/** Who opens a WhatsApp chat from the staff area: the signed-in agent's name and the brand, for the greeting. */
export interface ChatSender {
  agent: string;
  brand: string;
}

/**
 * Call and WhatsApp links of a lead (WhatsApp only for numbers that parsed to E.164), the chat prefilled with the
 * sales e-mail's greeting signed by the agent.
 */
export function leadContactLinks(
  lead: { phoneE164: string | null; phoneRaw: string; title: string | null; fullName: string; district: string | null },
  sender: ChatSender,
) {
  const greeting = SALES_EMAIL_COPY.whatsappGreeting({ name: leadName(lead), district: lead.district }, sender.brand, sender.agent);
  return { tel: telHref(lead.phoneE164 ?? lead.phoneRaw), whatsapp: lead.phoneE164 ? whatsappHref(lead.phoneE164, greeting) : undefined };
}
