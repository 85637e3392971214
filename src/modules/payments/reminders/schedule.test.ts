import { describe, expect, it } from 'vitest';
import { standingOf } from '../plans';
import { addDays, remindersDue, reminderWindow } from './schedule';

// ₦10,000,000, ₦3,000,000 deposit, 12 months from 1 December 2026: instalment 1 due 1 January 2027.
const terms = { priceKobo: 1_000_000_000, depositKobo: 300_000_000, months: 12, startsOn: '2026-12-01' };
const due = (paidKobo: number, today: string) => remindersDue(standingOf(terms, paidKobo, today), today);

describe('instalment reminders', () => {
  it('asks three days before, on the day and three days after, each in its own window', () => {
    expect(due(300_000_000, '2026-12-28')).toEqual([]);
    expect(due(300_000_000, '2026-12-29')).toEqual([{ index: 1, dueOn: '2027-01-01', which: 'before' }]);
    expect(due(300_000_000, '2026-12-31')).toEqual([{ index: 1, dueOn: '2027-01-01', which: 'before' }]);
    expect(due(300_000_000, '2027-01-01')).toEqual([{ index: 1, dueOn: '2027-01-01', which: 'due' }]);
    expect(due(300_000_000, '2027-01-04')).toEqual([{ index: 1, dueOn: '2027-01-01', which: 'after' }]);
    expect(due(300_000_000, '2027-01-10')).toEqual([{ index: 1, dueOn: '2027-01-01', which: 'after' }]);
    expect(due(300_000_000, '2027-01-11')).toEqual([]);
  });

  it('never reminds of an instalment paid, nor of the deposit', () => {
    expect(due(300_000_000 + 58_333_400, '2027-01-01')).toEqual([]);
    expect(due(0, '2026-11-29')).toEqual([]);
  });

  it('windows follow each other without a gap or an overlap, so a missed day is caught up once', () => {
    const dueOn = '2027-03-01';
    expect(addDays(reminderWindow('before', dueOn).to, 1)).toBe(reminderWindow('due', dueOn).from);
    expect(addDays(reminderWindow('due', dueOn).to, 1)).toBe(reminderWindow('after', dueOn).from);
    expect(reminderWindow('before', '2027-03-01')).toEqual({ from: '2027-02-26', to: '2027-02-28' });
  });
});
