import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { inspectionCalendar } from './calendar.server';

describe('an inspection as a calendar file', () => {
  const entry = {
    bookingId: '6f1c2f3e-5d2a-4c8e-9d6b-3f0d1c2b3a4e',
    host: 'districts.example',
    startsAt: new Date('2026-12-05T09:00:00Z'),
    minutes: 180,
    summary: 'Site inspection: District 1, Lugbe, Abuja',
    description: 'Bring an ID. Your lawyer is welcome.\nYour agent: Amaka, +234 803 000 0000',
    location: 'District 1 estate gate, Airport Road, Lugbe, Abuja',
    url: 'https://districts.example/inspection/manage?t=abc',
    changedAt: new Date('2026-11-27T12:00:00Z'),
  };

  const eventsOf = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

  it('parses as one event at the booked time, with its place, what to bring and its page', () => {
    const parsed = eventsOf(inspectionCalendar(entry));
    expect(parsed).toHaveLength(1);
    const event = parsed[0];
    expect(event.uid).toBe(`${entry.bookingId}@districts.example`);
    expect(new Date(event.start).toISOString()).toBe('2026-12-05T09:00:00.000Z');
    expect(new Date(event.end!).toISOString()).toBe('2026-12-05T12:00:00.000Z');
    expect(event.summary).toBe(entry.summary);
    expect(event.location).toBe(entry.location);
    expect(String(event.description)).toContain('Bring an ID');
    expect(event.status).toBe('CONFIRMED');
  });

  it('gives a moved booking a higher sequence, and a cancelled one the status CANCELLED', () => {
    const seq = (text: string) => Number(eventsOf(text)[0].sequence);
    const moved = inspectionCalendar({ ...entry, changedAt: new Date('2026-11-28T08:00:00Z') });
    expect(seq(moved)).toBeGreaterThan(seq(inspectionCalendar(entry)));
    expect(eventsOf(inspectionCalendar({ ...entry, cancelled: true }))[0].status).toBe('CANCELLED');
  });
});
