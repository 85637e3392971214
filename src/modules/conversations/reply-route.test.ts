import { describe, expect, it } from 'vitest';
import { replyRoute } from './reply-route';

const NOW = new Date('2026-11-28T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const BOTH = { whatsApp: true, sms: true };

type Seen = Parameters<typeof replyRoute>[0][number];
const buyer = (channel: Seen['channel'], hours: number): Seen => ({
  channel,
  direction: 'in',
  status: 'received',
  createdAt: hoursAgo(hours),
});
const ours = (channel: Seen['channel'], hours: number, status: Seen['status'] = 'delivered'): Seen => ({
  channel,
  direction: 'out',
  status,
  createdAt: hoursAgo(hours),
});

describe('how an agent’s reply goes', () => {
  it('goes nowhere when neither WhatsApp nor SMS is set up', () => {
    expect(replyRoute([buyer('whatsapp', 1)], { whatsApp: false, sms: false }, NOW)).toBeUndefined();
  });

  it('takes free text by WhatsApp within 24 hours of the buyer’s last WhatsApp message, and says until when', () => {
    expect(replyRoute([ours('whatsapp', 30), buyer('whatsapp', 23)], BOTH, NOW)).toEqual({
      channel: 'whatsapp',
      window: { open: true, closesAt: hoursAgo(-1) },
      lastWritten: hoursAgo(23),
    });
  });

  it('closes the window a day after the buyer wrote, and keeps it closed when they never wrote (our messages do not open it)', () => {
    expect(replyRoute([buyer('whatsapp', 25), ours('whatsapp', 2)], BOTH, NOW)).toMatchObject({
      channel: 'whatsapp',
      window: { open: false },
    });
    expect(replyRoute([ours('whatsapp', 1)], BOTH, NOW)).toEqual({ channel: 'whatsapp', window: { open: false } });
    expect(replyRoute([], { whatsApp: true, sms: false }, NOW)).toEqual({ channel: 'whatsapp', window: { open: false } });
  });

  it('goes by SMS when only SMS is set up, whatever the buyer last used', () => {
    expect(replyRoute([buyer('whatsapp', 1)], { whatsApp: false, sms: true }, NOW)).toEqual({ channel: 'sms' });
    expect(replyRoute([], { whatsApp: false, sms: true }, NOW)).toEqual({ channel: 'sms' });
  });

  it('answers by SMS where the conversation is on SMS: the buyer texted last, or only an SMS reached them', () => {
    expect(replyRoute([buyer('whatsapp', 5), buyer('sms', 1)], BOTH, NOW)).toEqual({ channel: 'sms' });
    expect(replyRoute([ours('whatsapp', 3, 'failed'), ours('sms', 3)], BOTH, NOW)).toEqual({ channel: 'sms' });
    // A failed message does not move the conversation: the buyer's WhatsApp message is still the latest that counts.
    expect(replyRoute([buyer('whatsapp', 2), ours('sms', 1, 'failed')], BOTH, NOW)).toMatchObject({
      channel: 'whatsapp',
      window: { open: true },
    });
    // Back on WhatsApp once the buyer writes there.
    expect(replyRoute([ours('sms', 5), buyer('whatsapp', 1)], BOTH, NOW)).toMatchObject({ channel: 'whatsapp', window: { open: true } });
  });

  it('stays on WhatsApp when SMS is not set up, even for a buyer who texted', () => {
    expect(replyRoute([buyer('sms', 1)], { whatsApp: true, sms: false }, NOW)).toEqual({ channel: 'whatsapp', window: { open: false } });
  });
});
