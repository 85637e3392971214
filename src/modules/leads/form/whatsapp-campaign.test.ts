import { describe, expect, it } from 'vitest';
import { whatsappHref, whatsappRef } from '@/lib/contact-links';
import { withCampaign } from './whatsapp-campaign';

describe('a WhatsApp link given the visit’s campaign', () => {
  const link = whatsappHref('2347000000000', `Hello, I am interested in a plot in Lugbe, Abuja. ${whatsappRef('D1')}`);
  const text = (href: string) => new URL(href).searchParams.get('text');

  it('adds the campaign to the page’s reference', () => {
    expect(text(withCampaign(link, 'lugbe-nov'))).toBe('Hello, I am interested in a plot in Lugbe, Abuja. (ref D1 lugbe-nov)');
  });

  it('keeps the campaign to a short code of letters, digits, - and _', () => {
    expect(text(withCampaign(link, ' Lugbe Launch: Nov/2026! '))).toMatch(/\(ref D1 Lugbe-Launch-Nov-2026\)$/);
    expect(text(withCampaign(link, 'x'.repeat(80)))).toMatch(new RegExp(`\\(ref D1 ${'x'.repeat(40)}\\)$`));
  });

  it('leaves the link as it is without a campaign, without a reference, or for another site', () => {
    expect(withCampaign(link, undefined)).toBe(link);
    expect(withCampaign(link, '!!!')).toBe(link);
    const plain = whatsappHref('2347000000000', 'Hello');
    expect(withCampaign(plain, 'lugbe-nov')).toBe(plain);
    expect(withCampaign('https://example.com/?text=Hi%20(ref%20D1)', 'lugbe-nov')).toBe('https://example.com/?text=Hi%20(ref%20D1)');
  });
});
