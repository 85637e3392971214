import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { d1, d2 } from '@/content/districts';
import { PAYMENT_PLAN_MONTHS } from '@/content/payments';
import { addMonths, offerInKobo, scheduleOf, standingOf } from './plans';

describe('payment plans from the districts’ offers', () => {
  it('Lugbe: ₦10,000,000 with a ₦3,000,000 deposit, then 12 monthly instalments due on the same day', () => {
    const terms = { ...offerInKobo(d1.offer), months: 12, startsOn: '2026-01-31' };
    expect(terms).toMatchObject({ priceKobo: 1_000_000_000, depositKobo: 300_000_000 });
    const items = scheduleOf(terms);
    expect(items).toHaveLength(13);
    expect(items[0]).toMatchObject({ dueOn: '2026-01-31', amountKobo: 300_000_000 });
    // ₦7,000,000 over 12 months: ₦583,334 a month, the last ₦583,326 (as the district page shows it).
    expect(items[1]).toMatchObject({ dueOn: '2026-02-28', amountKobo: 58_333_400 });
    expect(items[12]).toMatchObject({ dueOn: '2027-01-31', amountKobo: 58_332_600 });
  });

  it('Moniya: ₦1,500,000 with ₦500,000, over 3 months', () => {
    const items = scheduleOf({ ...offerInKobo(d2.offer), months: 3, startsOn: '2026-03-15' });
    expect(items.map((i) => [i.dueOn, i.amountKobo])).toEqual([
      ['2026-03-15', 50_000_000],
      ['2026-04-15', 33_333_400],
      ['2026-05-15', 33_333_400],
      ['2026-06-15', 33_333_200],
    ]);
  });

  it('every plan’s schedule adds up to the price exactly, in whole kobo', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom(...PAYMENT_PLAN_MONTHS),
        (price, depositShare, months) => {
          const deposit = Math.floor((price * depositShare) / 100);
          const items = scheduleOf({ priceKobo: price, depositKobo: deposit, months, startsOn: '2026-05-31' });
          expect(items.reduce((sum, i) => sum + i.amountKobo, 0)).toBe(price);
          for (const item of items) expect(Number.isSafeInteger(item.amountKobo) && item.amountKobo > 0).toBe(true);
        },
      ),
    );
  });

  it('money is set against the deposit first; a past item not fully paid is late', () => {
    const terms = { ...offerInKobo(d2.offer), months: 3, startsOn: '2026-03-15' };
    const standing = standingOf(terms, 60_000_000, '2026-04-20');
    expect(standing.depositPaid).toBe(true);
    expect(standing.items[1]).toMatchObject({ paidKobo: 10_000_000, state: 'late' });
    expect(standing.nextDue).toEqual({ dueOn: '2026-04-15', amountKobo: 23_333_400, label: 'Instalment 1 of 3', index: 1 });
    expect(standing.leftKobo).toBe(90_000_000);
    expect(standing.lateCount).toBe(1);
    expect(standingOf(terms, 0, '2026-03-01').depositPaid).toBe(false);
  });

  it('says what is overdue and since when, and never gives a past day as the next one due', () => {
    const terms = { ...offerInKobo(d2.offer), months: 3, startsOn: '2026-03-15' };
    // Paid on 20 May: instalment 1 (15 April) part paid, instalment 2 (15 May) unpaid: both late; 15 June comes next.
    const standing = standingOf(terms, 60_000_000, '2026-05-20');
    expect(standing.overdue).toEqual({ amountKobo: 23_333_400 + 33_333_400, since: '2026-04-15' });
    expect(standing.upcoming).toEqual({ dueOn: '2026-06-15', amountKobo: 33_333_200 });
    // On time: nothing overdue, the next is the deposit's own day or later.
    const onTime = standingOf(terms, 50_000_000, '2026-03-15');
    expect(onTime.overdue).toBeUndefined();
    expect(onTime.upcoming).toEqual({ dueOn: '2026-04-15', amountKobo: 33_333_400 });
    // Every item past: all overdue, nothing "next".
    const allLate = standingOf(terms, 50_000_000, '2026-07-01');
    expect(allLate.overdue).toEqual({ amountKobo: 100_000_000, since: '2026-04-15' });
    expect(allLate.upcoming).toBeUndefined();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 150_000_000 }), fc.integer({ min: 0, max: 200 }), (paid, days) => {
        const today = new Date(Date.UTC(2026, 2, 1) + days * 86_400_000).toISOString().slice(0, 10);
        const { upcoming } = standingOf(terms, paid, today);
        if (upcoming) expect(upcoming.dueOn >= today).toBe(true);
      }),
    );
  });

  it('adds months on the same day, or the month’s last', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 18)).toBe('2028-05-15');
  });
});
