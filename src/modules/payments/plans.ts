import { PAYMENT_COPY } from '@/content/payments';
import type { DistrictEntry } from '@/content/districts';
import { koboOfNaira } from './money';

/**
 * A claim's payment plan and the schedule derived from it (docs/decisions/0414-the-money-core.md): the deposit on the
 * plan's first day, then the balance in equal monthly instalments, each due the same day of the month (the month's last
 * day when it is shorter). Nothing here is stored: the plan row holds the terms, the ledger the money.
 */

export interface PlanTerms {
  priceKobo: number;
  depositKobo: number;
  months: number;
  /** YYYY-MM-DD, the Lagos day the deposit falls due. */
  startsOn: string;
}

/** A district's price and deposit from its offer (whole naira in the content) as kobo. */
export function offerInKobo(offer: DistrictEntry['offer']): { priceKobo: number; depositKobo: number } {
  return { priceKobo: koboOfNaira(offer.priceNgn), depositKobo: koboOfNaira(offer.depositNgn) };
}

export interface ScheduleItem {
  /** 0 is the deposit; 1..months the instalments. */
  index: number;
  label: string;
  dueOn: string;
  amountKobo: number;
}

/**
 * The instalments are equal whole naira, rounded up, the last one smaller so that they add up to the balance exactly
 * (as the district page's instalment view shows them); in kobo, the last one larger, when the balance is too small for
 * that (an item of nothing is left out).
 */
export function scheduleOf(terms: PlanTerms): ScheduleItem[] {
  const { priceKobo, depositKobo, months, startsOn } = terms;
  if (!Number.isSafeInteger(priceKobo) || !Number.isSafeInteger(depositKobo) || depositKobo < 0 || depositKobo > priceKobo)
    throw new RangeError('the deposit must be between 0 and the price, in whole kobo');
  if (!Number.isInteger(months) || months < 1) throw new RangeError('months must be a positive whole number');
  const balance = priceKobo - depositKobo;
  let monthly = Math.ceil(balance / months / 100) * 100;
  if (balance - monthly * (months - 1) <= 0) monthly = Math.floor(balance / months);
  const items: ScheduleItem[] = [{ index: 0, label: PAYMENT_COPY.scheduleItem.deposit, dueOn: startsOn, amountKobo: depositKobo }];
  for (let n = 1; n <= months; n++) {
    const amountKobo = n < months ? monthly : balance - monthly * (months - 1);
    items.push({ index: n, label: PAYMENT_COPY.scheduleItem.instalment(n, months), dueOn: addMonths(startsOn, n), amountKobo });
  }
  return items.filter((item) => item.amountKobo > 0);
}

/** `day` plus `months` calendar months, on the same day of the month or the month's last day. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export type ItemState = 'paid' | 'part_paid' | 'due' | 'late';

export interface Standing {
  paidKobo: number;
  leftKobo: number;
  /** Paid beyond the price (owners refund it). */
  overpaidKobo: number;
  items: (ScheduleItem & { paidKobo: number; state: ItemState })[];
  /** The first item not fully paid, with what is left of it; undefined once paid in full. */
  nextDue?: { dueOn: string; amountKobo: number; label: string; index: number };
  /** Items past their day and not fully paid. */
  lateCount: number;
  /** What is owed of the items past their day, since the first of them's day; undefined when nothing is late. */
  overdue?: { amountKobo: number; since: string };
  /** The first item not fully paid whose day is today or later (never a past day); undefined when none. */
  upcoming?: { dueOn: string; amountKobo: number };
  depositPaid: boolean;
}

/**
 * Where a claim stands on `today` (YYYY-MM-DD, Lagos) with `paidKobo` on its ledger: the money is set against the items
 * in order, so the deposit is paid first.
 */
export function standingOf(terms: PlanTerms, paidKobo: number, today: string): Standing {
  let left = Math.max(0, paidKobo);
  const items = scheduleOf(terms).map((item) => {
    const paid = Math.min(left, item.amountKobo);
    left -= paid;
    const state: ItemState = paid === item.amountKobo ? 'paid' : item.dueOn < today ? 'late' : paid > 0 ? 'part_paid' : 'due';
    return { ...item, paidKobo: paid, state };
  });
  const next = items.find((item) => item.state !== 'paid');
  const late = items.filter((item) => item.state === 'late');
  const ahead = items.find((item) => item.state === 'due' || item.state === 'part_paid');
  return {
    paidKobo,
    leftKobo: Math.max(0, terms.priceKobo - paidKobo),
    overpaidKobo: Math.max(0, paidKobo - terms.priceKobo),
    items,
    nextDue: next && { dueOn: next.dueOn, amountKobo: next.amountKobo - next.paidKobo, label: next.label, index: next.index },
    lateCount: late.length,
    overdue: late.length
      ? { amountKobo: late.reduce((sum, item) => sum + item.amountKobo - item.paidKobo, 0), since: late[0].dueOn }
      : undefined,
    upcoming: ahead && { dueOn: ahead.dueOn, amountKobo: ahead.amountKobo - ahead.paidKobo },
    depositPaid: items[0]?.index !== 0 || items[0].state === 'paid',
  };
}
