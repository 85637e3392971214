import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatKobo, koboOfNaira, parseNairaToKobo } from './money';

describe('money in kobo', () => {
  it('reads what staff type as kobo, exactly, and refuses what is not an amount', () => {
    expect(parseNairaToKobo('3,000,000')).toBe(300_000_000);
    expect(parseNairaToKobo('₦1,250.5')).toBe(125_050);
    expect(parseNairaToKobo('NGN 500000')).toBe(50_000_000);
    expect(parseNairaToKobo('0.07')).toBe(7);
    for (const bad of ['', '0', '-5', '1.001', '1e9', '12,34.5.6', 'abc', '99999999999999']) expect(parseNairaToKobo(bad)).toBeUndefined();
  });

  it('prints kobo as naira without a float ever rounding it', () => {
    expect(formatKobo(300_000_000)).toBe('₦3,000,000');
    expect(formatKobo(125_050)).toBe('₦1,250.50');
    expect(formatKobo(-7)).toBe('-₦0.07');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999_99 }), (kobo) => {
        expect(parseNairaToKobo(formatKobo(kobo))).toBe(kobo);
      }),
    );
  });

  it('makes kobo of whole naira only', () => {
    expect(koboOfNaira(10_000_000)).toBe(1_000_000_000);
    expect(() => koboOfNaira(1.5)).toThrow(RangeError);
  });
});
