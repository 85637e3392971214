import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from '@/modules/messaging';
import { chatLeadOf, withCampaignSource } from './chat-lead';

const message = (text: string, extra: Partial<IncomingMessage> = {}): IncomingMessage => ({
  type: 'message',
  channel: 'whatsapp',
  providerId: 'wamid.1',
  from: '+2348031234567',
  at: new Date(),
  text,
  ...extra,
});

describe('a chat that starts on WhatsApp, as a lead', () => {
  it("takes the district, page and campaign of the site link's reference, and the profile's name", () => {
    expect(
      chatLeadOf(message('Hello, I am interested in a plot in Lugbe, Abuja. (ref D2 Moniya-Nov)', { profileName: ' Ada\u200b Obi ' })),
    ).toEqual({
      providerId: 'wamid.1',
      fullName: 'Ada Obi',
      phoneE164: '+2348031234567',
      // The reference names the page the link was on, whatever the words say.
      district: 'Moniya, Ibadan',
      landingPath: '/d2',
      utmSource: null,
      utmMedium: null,
      utmCampaign: 'moniya-nov',
      utmContent: null,
      referrer: null,
    });
  });

  it('names the district the words name when the link named none, and none when they name both or neither', () => {
    expect(chatLeadOf(message('Any land in moniya? (ref FORM)'))).toMatchObject({ district: 'Moniya, Ibadan', landingPath: null });
    expect(chatLeadOf(message('Abuja or Ibadan, which is cheaper? (ref HOME)'))).toMatchObject({ district: null, landingPath: '/' });
    expect(chatLeadOf(message('Good morning'))).toMatchObject({
      district: null,
      landingPath: null,
      utmCampaign: null,
      fullName: '+2348031234567',
    });
  });

  it("takes a click-to-WhatsApp ad's referral as Meta's campaign", () => {
    const lead = chatLeadOf(
      message('Is this still available?', {
        referral: { sourceType: 'ad', sourceId: '1202', sourceUrl: 'https://fb.me/x', headline: 'Lugbe Plots' },
      }),
    );
    expect(lead).toMatchObject({
      utmSource: 'meta',
      utmMedium: 'ad',
      utmCampaign: 'lugbe plots',
      utmContent: '1202',
      referrer: 'https://fb.me/x',
    });
    // An ad's source stands: the visits do not change it.
    expect(withCampaignSource(lead, { source: 'facebook', medium: 'cpc', campaign: 'lugbe plots' })).toBe(lead);
  });

  it("places a site link's campaign on the row of the visits that brought it, or on a row of its own", () => {
    const lead = chatLeadOf(message('Hello (ref D1 lugbe-nov)'));
    expect(withCampaignSource(lead, { source: 'facebook', medium: 'cpc', campaign: 'lugbe-nov' })).toMatchObject({
      utmSource: 'facebook',
      utmMedium: 'cpc',
    });
    // The campaign's name as its visits were counted, which the reference had to write without spaces.
    expect(withCampaignSource(lead, { source: 'newsletter', medium: '', campaign: 'lugbe nov' })).toMatchObject({
      utmSource: 'newsletter',
      utmMedium: null,
      utmCampaign: 'lugbe nov',
    });
    expect(withCampaignSource(lead, undefined)).toMatchObject({ utmSource: 'whatsapp', utmMedium: 'chat', utmCampaign: 'lugbe-nov' });
    const noCampaign = chatLeadOf(message('Hello (ref D1)'));
    expect(withCampaignSource(noCampaign, undefined)).toBe(noCampaign);
  });
});
