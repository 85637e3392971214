import { describe, expect, it } from 'vitest';
import { sourceLabel } from './format';

const lead = (origin: 'form' | 'whatsapp', utm: { s?: string; m?: string; c?: string; r?: string } = {}) => ({
  origin,
  utmSource: utm.s ?? null,
  utmMedium: utm.m ?? null,
  utmCampaign: utm.c ?? null,
  referrer: utm.r ?? null,
});

describe('where a lead came from, as the inbox says it', () => {
  it("names a form lead's campaign, referring site or Direct", () => {
    expect(sourceLabel(lead('form', { s: 'facebook', m: 'cpc', c: 'nov' }))).toBe('facebook / cpc / nov');
    expect(sourceLabel(lead('form', { r: 'https://www.nairaland.com/topic' }))).toBe('www.nairaland.com');
    expect(sourceLabel(lead('form'))).toBe('Direct');
  });

  it("says a chat's lead began on WhatsApp first, then its campaign, never the placeholder source", () => {
    expect(sourceLabel(lead('whatsapp', { s: 'facebook', m: 'cpc', c: 'lugbe-nov' }))).toBe('WhatsApp chat · facebook / cpc / lugbe-nov');
    expect(sourceLabel(lead('whatsapp', { s: 'whatsapp', m: 'chat', c: 'lugbe-nov' }))).toBe('WhatsApp chat · lugbe-nov');
    expect(sourceLabel(lead('whatsapp', { s: 'meta', m: 'ad', c: 'moniya launch' }))).toBe('WhatsApp chat · meta / ad / moniya launch');
    expect(sourceLabel(lead('whatsapp'))).toBe('WhatsApp chat');
  });
});
