import { describe, expect, it } from 'vitest';
import { leadLocalTime } from './local-time.server';

describe('leadLocalTime', () => {
  const now = new Date('2026-01-15T12:00:00Z');

  it('says nothing for Nigerian numbers and unreadable ones', () => {
    expect(leadLocalTime('+2348035551234', now)).toBeUndefined();
    expect(leadLocalTime(null, now)).toBeUndefined();
    expect(leadLocalTime('+999', now)).toBeUndefined();
  });

  it('gives the one clock of a single-zone country', () => {
    expect(leadLocalTime('+442079460958', now)).toEqual({ country: 'United Kingdom', time: '12:00', range: false });
  });

  it('gives the range of a country whose zones differ', () => {
    const us = leadLocalTime('+12025550143', now);
    expect(us?.range).toBe(true);
    expect(us?.time).toMatch(/^0[0-9]:00–07:00$/);
  });
});
