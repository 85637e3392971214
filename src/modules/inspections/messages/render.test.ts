import { describe, expect, it } from 'vitest';
import { bookingAlertEmail, buyerMessage, type BookingView, type BuyerLinks } from './render';

describe('the messages of a booking', () => {
  const view: BookingView = {
    person: { title: 'Mr', fullName: 'Tunde <script>alert(1)</script> Bello' },
    slot: {
      district: 'Moniya, Ibadan',
      // Saturday 5 December 2026, 10:00 in Lagos (UTC+1).
      startsAt: new Date('2026-12-05T09:00:00Z'),
      kind: 'on_site',
      meetingPoint: 'Gate & "main" road',
      mapUrl: 'https://maps.example/?q=a&b="c"',
      videoUrl: null,
      agentName: 'Amaka <b>',
    },
    partySize: 3,
    state: 'confirmed',
  };
  const links: BuyerLinks = {
    brand: 'Meridian Districts',
    whatsapp: '2348000000000',
    manageUrl: 'https://districts.example/inspection/change?t=abc',
    cutoffHours: 12,
    calendar: true,
  };

  it('says the day and time in Lagos time, and escapes whatever a person or an owner typed in the HTML', () => {
    const message = buyerMessage('booked', view, links);
    expect(message.subject).toBe('Your site inspection is booked: Sat 5 Dec, 10:00 (Lagos time)');
    expect(message.text).toContain('Saturday 5 December 2026, 10:00 Lagos time (WAT, UTC+1)');
    expect(message.text).toContain('District 2, Moniya, Ibadan');
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('Tunde &lt;script&gt;alert(1)&lt;/script&gt; Bello');
    expect(message.html).toContain('Gate &amp; &quot;main&quot; road');
    expect(message.html).toContain('Amaka &lt;b&gt;');
    expect(message.html).toContain('href="https://maps.example/?q=a&amp;b=&quot;c&quot;"');
    expect(message.text).toContain('up to 12 hours before it starts');
  });

  it('tells a video tour’s buyer how they join, and what to have to hand', () => {
    const video = buyerMessage('booked', { ...view, slot: { ...view.slot, kind: 'video', meetingPoint: null, mapUrl: null } }, links);
    expect(video.subject).toContain('live video tour');
    expect(video.text).toContain('Your guide sends the link to join on WhatsApp before the tour.');
    expect(video.text).toContain('Your lawyer is welcome to join the call');
    const withLink = buyerMessage('booked', { ...view, slot: { ...view.slot, kind: 'video', videoUrl: 'https://meet.example/x' } }, links);
    expect(withLink.text).toContain('Join the video tour: https://meet.example/x');
  });

  it('gives a waiting buyer their place and no list of what to bring; a called-off one a link to book another slot', () => {
    const waiting = buyerMessage('waiting', { ...view, state: 'waiting' }, { ...links, waitingPlace: 2, calendar: false });
    expect(waiting.text).toContain('number 2 in line');
    expect(waiting.text).not.toContain('What to bring');
    const calledOff = buyerMessage(
      'called_off',
      { ...view, state: 'cancelled' },
      { ...links, bookUrl: 'https://districts.example/d2/inspection?book=x' },
    );
    expect(calledOff.text).toContain('Book another slot: https://districts.example/d2/inspection?book=x');
    expect(calledOff.text).not.toContain('Move or cancel');
  });

  it('escapes the buyer’s name in the agent’s alert too', () => {
    const alert = bookingAlertEmail(view, { id: 'lead-1', phone: '+2348031234567' }, 'https://districts.example');
    expect(alert.html).not.toContain('<script>');
    expect(alert.text).toContain('https://districts.example/admin/leads/lead-1');
  });
});
