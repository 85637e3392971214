import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffBooking } from '@/modules/inspections/inspections.repository.server';
import type { StaffSlot } from '../slots.server';

// The staff forms refresh the page through the App Router once their scripts run; rendered here without one. The
// card is imported afresh after the mock: a worker keeps the modules an earlier file loaded (vitest.config.ts).
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => {} }) }));
let SlotCard: typeof import('./SlotCard').SlotCard;
beforeAll(async () => {
  vi.resetModules();
  ({ SlotCard } = await import('./SlotCard'));
});

const NOW = new Date('2026-12-01T09:00:00Z');
const booking = (id: string, state: StaffBooking['state'], mayChange = true): StaffBooking => ({
  id,
  slotId: 'slot-1',
  leadId: `lead-${id}`,
  partySize: 2,
  state,
  attendance: null,
  walkInName: null,
  walkInPhone: null,
  createdAt: NOW,
  title: 'Mrs',
  fullName: `Buyer ${id}`,
  phoneRaw: '0803 123 4567',
  phoneE164: '+2348031234567',
  district: 'Lugbe, Abuja',
  utmSource: null,
  utmCampaign: null,
  mayChange,
});
const slot = (startsAt: Date, bookings: StaffBooking[], runs = true): StaffSlot => ({
  id: 'slot-1',
  scheduleId: null,
  district: 'Lugbe, Abuja',
  startsAt,
  kind: 'on_site',
  seats: 4,
  meetingPoint: 'Estate gate',
  mapUrl: null,
  videoUrl: null,
  agentId: null,
  agentName: null,
  cancelledAt: null,
  seatsTaken: 2,
  waiting: 1,
  bookings,
  notDrawn: 0,
  cancelled: bookings.filter((b) => b.state === 'cancelled').length,
  hidden: 0,
  runs,
  takesWalkIns: runs,
});
const cancelForms = (html: string) =>
  [...parseHTML(`<div>${html}</div>`).document.querySelectorAll('form[action$="/cancel"]')].map((form) => ({
    action: form.getAttribute('action'),
    method: form.getAttribute('method'),
    button: form.querySelector('button[type="submit"]')?.getAttribute('aria-label'),
    thumbSized: thumbSized(form.querySelector('button')?.getAttribute('class') ?? ''),
  }));
/** The classes of src/app/globals.css whose rule makes a target at least 44 px high (min-h-11 or more). */
const THUMB_SIZED_RULES = [
  ...readFileSync(path.join(process.cwd(), 'src/app/globals.css'), 'utf8').matchAll(/\.([\w-]+) \{\s*@apply [^;]*\bmin-h-1[12]\b/g),
].map((m) => m[1]);
/** A button is thumb-sized by its own utility, or by a rule of the site's stylesheet. */
const thumbSized = (classes: string) => classes.split(/\s+/).some((name) => /^min-h-1[12]$/.test(name) || THUMB_SIZED_RULES.includes(name));
const render = (card: StaffSlot, owner = true) =>
  renderToStaticMarkup(
    <SlotCard
      slot={card}
      begun={false}
      owner={owner}
      now={NOW}
      sender={{ agent: 'Ada', brand: 'Meridian' }}
      wholeHref="/admin/inspections?slot=slot-1#slot-slot-1"
    />,
  );

describe('cancelling one booking from the Inspections page (docs/decisions/0401)', () => {
  const later = new Date(NOW.getTime() + 3 * 86_400_000);

  it('gives each booking still held a thumb-sized Cancel button, a plain POST that works without scripts', () => {
    const forms = cancelForms(render(slot(later, [booking('a', 'confirmed'), booking('b', 'waiting'), booking('c', 'cancelled')])));
    expect(forms).toEqual([
      { action: '/api/admin/inspections/bookings/a/cancel', method: 'post', button: 'Cancel booking of Buyer a', thumbSized: true },
      { action: '/api/admin/inspections/bookings/b/cancel', method: 'post', button: 'Cancel booking of Buyer b', thumbSized: true },
    ]);
  });

  it('offers none once the inspection has begun, nor to an agent for a lead they may not change on a slot they do not run', () => {
    expect(cancelForms(render(slot(new Date(NOW.getTime() - 60_000), [booking('a', 'confirmed')])))).toEqual([]);
    expect(cancelForms(render(slot(later, [booking('a', 'confirmed', false)], false), false))).toEqual([]);
    expect(cancelForms(render(slot(later, [booking('a', 'confirmed', true)], false), false))).toHaveLength(1);
  });
});

describe('a slot with more bookings than its card draws', () => {
  it('links to the board with the slot drawn whole, saying how many more there are', () => {
    const later = new Date(NOW.getTime() + 3 * 86_400_000);
    const links = (card: StaffSlot) =>
      [...parseHTML(`<div>${render(card)}</div>`).document.querySelectorAll('[data-testid="slot-all-bookings"]')].map((a) => [
        a.getAttribute('href'),
        a.textContent,
      ]);
    expect(links({ ...slot(later, [booking('a', 'confirmed')]), notDrawn: 7 })).toEqual([
      ['/admin/inspections?slot=slot-1#slot-slot-1', 'Show 7 more bookings'],
    ]);
    expect(links(slot(later, [booking('a', 'confirmed')]))).toEqual([]);
  });
});
