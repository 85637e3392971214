import { describe, expect, it } from 'vitest';
import { daysBetween } from '@/lib/working-time';
import { addWorkingDays, isWorkingDay } from './dates';
import { lettersDue, paidDaysOf, promisedOn, stageViews } from './stages';
import { scanTypeOf } from './upload';

describe('promised dates in working days (Nigerian public holidays skipped)', () => {
  it('counts Monday to Friday from the day after the deposit', () => {
    // Paid on Friday 4 December 2026: 5 working days is Friday 11 December.
    expect(addWorkingDays('2026-12-04', 5)).toBe('2026-12-11');
    // Paid on a Saturday: the count starts on Monday.
    expect(addWorkingDays('2026-12-05', 1)).toBe('2026-12-07');
  });

  it('skips Christmas and Boxing Day (moved to Monday 28 December in 2026)', () => {
    expect(isWorkingDay('2026-12-25')).toBe(false);
    expect(isWorkingDay('2026-12-28')).toBe(false);
    // Tuesday 22 December: 23, 24, then 29, 30, 31.
    expect(addWorkingDays('2026-12-22', 5)).toBe('2026-12-31');
  });

  it('skips Easter 2027 and counts calendar days where the rule says days', () => {
    expect(addWorkingDays('2027-03-25', 2)).toBe('2027-03-31');
    expect(promisedOn({ days: 90, unit: 'calendar' }, '2026-12-04')).toBe('2027-03-04');
    expect(daysBetween('2026-12-01', '2026-12-04')).toBe(3);
  });
});

describe('stage views', () => {
  const plan = { priceKobo: 1_000_000_000, depositKobo: 300_000_000, startsOn: '2026-12-01' };

  it('starts the deposit clock on the day the running sum reached it, and stops it when a refund takes it back', () => {
    expect(
      paidDaysOf(plan, [
        { amountKobo: 100_000_000, day: '2026-12-01' },
        { amountKobo: 200_000_000, day: '2026-12-04' },
      ]),
    ).toEqual({ depositPaidOn: '2026-12-04', fullyPaidOn: undefined });
    expect(
      paidDaysOf(plan, [
        { amountKobo: 300_000_000, day: '2026-12-04' },
        { amountKobo: -300_000_000, day: '2026-12-05' },
      ]),
    ).toEqual({ depositPaidOn: undefined, fullyPaidOn: undefined });
    expect(paidDaysOf(plan, [{ amountKobo: 1_000_000_000, day: '2027-01-10' }])).toEqual({
      depositPaidOn: '2027-01-10',
      fullyPaidOn: '2027-01-10',
    });
  });

  it('says waiting, in progress, late or done, and which letters are due', () => {
    const paid = { depositPaidOn: '2026-12-04' };
    const views = stageViews({
      district: 'd2',
      paid,
      records: [{ stage: 'survey_plan', doneOn: '2026-12-20', lateReason: null, fileId: null }],
      letters: [],
      today: '2026-12-14',
    });
    const byKey = Object.fromEntries(views.map((v) => [v.key, v]));
    expect(byKey.contract_of_sale).toMatchObject({ status: 'late', promisedOn: '2026-12-11' });
    expect(byKey.allocation_letter).toMatchObject({ status: 'waiting', promisedOn: undefined, after: 'full_payment' });
    expect(byKey.survey_plan).toMatchObject({ status: 'done', doneOn: '2026-12-20' });
    expect(byKey.consent.name).toBe('Governor’s consent or C of O');
    expect(lettersDue('d1', paid)).toEqual(['contract_of_sale']);
    expect(lettersDue('d1', { ...paid, fullyPaidOn: '2027-01-10' })).toEqual(['contract_of_sale', 'allocation_letter']);
    // Abuja's title is the FCT Minister's.
    expect(stageViews({ district: 'd1', paid, records: [], letters: [], today: '2026-12-05' })[4].name).toMatch(/^Minister/);
  });
});

describe('scan types by their first bytes', () => {
  it('knows PDF, JPEG and PNG and nothing else', () => {
    expect(scanTypeOf(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(scanTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(scanTypeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(scanTypeOf(new TextEncoder().encode('<html><script>'))).toBeUndefined();
    expect(scanTypeOf(new TextEncoder().encode('GIF89a'))).toBeUndefined();
  });
});
