import { WHATSAPP_REF_AT_END, whatsappCampaignCode, whatsappRef } from '@/lib/contact-links';
import { captureAttribution } from './attribution';

/**
 * A WhatsApp link's prefilled message ends with the page's reference, `(ref D1)` (src/lib/contact-links.ts). When the
 * visit came from a campaign (its utm_campaign, kept from the landing page), the reference names it too, so the sales
 * team sees in the chat which campaign brought the buyer: `(ref D1 lugbe-nov)`. The href of a wa.me link, changed;
 * unchanged when there is no campaign or no reference.
 */
export function withCampaign(href: string, campaign: string | undefined): string {
  const code = campaign === undefined ? undefined : whatsappCampaignCode(campaign);
  if (!code) return href;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  const text = url.searchParams.get('text');
  if (url.hostname !== 'wa.me' || !text) return href;
  const changed = text.replace(WHATSAPP_REF_AT_END, whatsappRef(`$1 ${code}`));
  if (changed === text) return href;
  url.searchParams.set('text', changed);
  return url.toString();
}

/**
 * Once scripts run: a WhatsApp link is given the campaign as it is followed (pressed, or opened with the keyboard), so
 * nothing is done on pages where nobody presses one. Without scripts the link keeps the page's reference.
 */
export function addCampaignToWhatsAppLinks(): () => void {
  const follow = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href^="https://wa.me/"]') : null;
    if (link) link.href = withCampaign(link.href, captureAttribution().utm_campaign);
  };
  document.addEventListener('click', follow, true);
  return () => document.removeEventListener('click', follow, true);
}
