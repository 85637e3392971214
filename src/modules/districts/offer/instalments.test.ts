import { describe, expect, it } from 'vitest';
import { d1, d2 } from '@/content/districts';
import { formatNaira, instalmentPlan, PLAN_MONTHS } from './instalments';

describe('formatNaira', () => {
  it('formats naira with en-NG grouping and no kobo', () => {
    expect(formatNaira(10_000_000)).toBe('₦10,000,000');
    expect(formatNaira(500_000)).toBe('₦500,000');
  });
});

describe('instalmentPlan', () => {
  it.each(PLAN_MONTHS.flatMap((months) => [d1, d2].map((d) => [d.slug, months, d.offer] as const)))(
    '%s over %i months adds up to the balance exactly',
    (_slug, months, offer) => {
      const plan = instalmentPlan(offer.priceNgn, offer.depositNgn, months);
      expect(plan.schedule).toHaveLength(months);
      expect(plan.schedule.reduce((a, b) => a + b, 0)).toBe(offer.priceNgn - offer.depositNgn);
      expect(plan.deposit + plan.balance).toBe(offer.priceNgn);
      for (const amount of plan.schedule) expect(amount).toBeGreaterThan(0);
      expect(Math.max(...plan.schedule) - Math.min(...plan.schedule)).toBeLessThan(months);
    },
  );

  it('gives the District 1 figures from the specification', () => {
    const plan = instalmentPlan(10_000_000, 3_000_000, 12);
    expect(plan.balance).toBe(7_000_000);
    expect(plan.monthly).toBe(583_334);
    expect(plan.schedule.at(-1)).toBe(7_000_000 - 583_334 * 11);
  });

  it('gives the District 2 figures from the specification', () => {
    const plan = instalmentPlan(1_500_000, 500_000, 6);
    expect(plan.balance).toBe(1_000_000);
    expect(plan.monthly).toBe(166_667);
    expect(plan.schedule.at(-1)).toBe(166_665);
  });

  it('refuses impossible plans', () => {
    expect(() => instalmentPlan(100, 200, 6)).toThrow(RangeError);
    expect(() => instalmentPlan(100, 10, 0)).toThrow(RangeError);
  });
});
