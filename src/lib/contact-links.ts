/** Links into the visitor's own apps: a call, a WhatsApp chat (for the site's numbers and leads' alike), directions in maps. */

/** tel: link target for a phone number as displayed or typed. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The page a WhatsApp chat was started from, as a short reference at the end of its prefilled message (issue 46, item
 * 4): whoever reads the chat on the sales team's phone sees where the buyer came from, and once scripts run the visit's
 * campaign is added to it (src/modules/leads/form/whatsapp-campaign.ts): `(ref D1)` becomes `(ref D1 lugbe-nov)`.
 */
export const whatsappRef = (page: string) => `(ref ${page})`;
/**
 * A campaign's name as a WhatsApp link's reference carries it: word characters and dashes, at most 40
 * (`Estate Launch: Nov/2026!` → `Estate-Launch-Nov-2026`); empty when nothing is left.
 */
export const whatsappCampaignCode = (campaign: string) =>
  campaign
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

/** The page's reference at the end of a prefilled message, as whatsappRef writes it ($1: the page). */
export const WHATSAPP_REF_AT_END = /\(ref ([A-Z0-9]+)\)$/;

/**
 * The reference a buyer's first message ends with, as the site's link prefilled it and a campaign extended it: `(ref
 * D1)`, `(ref D1 lugbe-nov)`. Undefined when the buyer wrote their own message.
 */
export function readWhatsappRef(text: string): { page: string; campaign?: string } | undefined {
  const found = /\(ref ([A-Z0-9]{1,12})(?: ([\w-]{1,40}))?\)\s*$/.exec(text);
  return found ? { page: found[1], ...(found[2] ? { campaign: found[2] } : {}) } : undefined;
}

/** wa.me link for an international number (any spelling: only its digits count), optionally with a prefilled message. */
export const whatsappHref = (number: string, message?: string) =>
  `https://wa.me/${number.replace(/\D/g, '')}${message ? `?text=${encodeURIComponent(message)}` : ''}`;

/**
 * Route to a point in the visitor's own maps app: Google's documented cross-platform directions URL opens the Google
 * Maps app on Android and iOS when it is installed and the website everywhere else (docs/decisions/0331-directions-link.md).
 */
export const directionsHref = ({ lat, lng }: { lat: number; lng: number }) =>
  `https://www.google.com/maps/dir/?api=1&destination=${lat}%2C${lng}`;
