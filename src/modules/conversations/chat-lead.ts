import { DISTRICTS } from '@/content/districts';
import type { NewChatLead } from '@/modules/leads/server';
import { readWhatsappRef } from '@/lib/contact-links';
import type { IncomingMessage } from '@/modules/messaging';

/**
 * What a chat a buyer started on WhatsApp says about its lead (docs/decisions/0399-chats-that-start-on-whatsapp-become-
 * leads.md): the name their WhatsApp profile shows (else their number); the district of the page its link was on
 * (`(ref D1)`), else the one district the message names; the page and campaign of the reference; and, for a chat that
 * began from a click-to-WhatsApp ad, the ad (Meta's `referral`).
 */

const MAX_NAME = 120;
const MAX_LABEL = 100;

export function chatLeadOf(message: IncomingMessage): NewChatLead {
  const ref = readWhatsappRef(message.text);
  const page = DISTRICTS.find((d) => d.slug.toUpperCase() === ref?.page);
  const district = page ?? districtNamedIn(message.text);
  const name = message.profileName
    ?.replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, MAX_NAME);
  const referral = message.referral;
  return {
    providerId: message.providerId,
    fullName: name || message.from,
    phoneE164: message.from,
    district: district?.choice ?? null,
    // The reference's page: a district's, or the home page's; the popup's (FORM) is on every page, so it names none.
    landingPath: page?.path ?? (ref?.page === 'HOME' ? '/' : null),
    // An ad's chat is Meta's campaign; a site link's names only its campaign (withCampaignSource finds its source).
    utmSource: referral ? 'meta' : null,
    utmMedium: referral ? (referral.sourceType ?? 'ad').toLowerCase().slice(0, MAX_LABEL) : null,
    utmCampaign: (ref?.campaign ?? referral?.headline)?.toLowerCase().slice(0, MAX_LABEL) ?? null,
    utmContent: referral?.sourceId?.slice(0, MAX_LABEL) ?? null,
    referrer: referral?.sourceUrl?.slice(0, 500) ?? null,
  };
}

/**
 * A site link's campaign placed on the row of the visits that brought it (their source, medium and campaign as they
 * were counted), or, when none were counted, on a row of its own: `whatsapp / chat`.
 */
export function withCampaignSource(
  lead: NewChatLead,
  visitedAs: { source: string; medium: string; campaign: string } | undefined,
): NewChatLead {
  if (lead.utmSource || !lead.utmCampaign) return lead;
  if (!visitedAs) return { ...lead, utmSource: 'whatsapp', utmMedium: 'chat' };
  return { ...lead, utmSource: visitedAs.source, utmMedium: visitedAs.medium || null, utmCampaign: visitedAs.campaign };
}

/** The one district whose area or city the buyer's own words name ("a plot in <area>"); undefined for none or more. */
function districtNamedIn(text: string) {
  const named = DISTRICTS.filter((d) => new RegExp(`\\b(${d.area}|${d.city})\\b`, 'i').test(text));
  return named.length === 1 ? named[0] : undefined;
}
