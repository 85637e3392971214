import { expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS, givenUp } from './give-up';

it('gives a message up a day after it was due, not a moment before, and a shorter end when asked', () => {
  const due = new Date('2026-11-29T06:00:00Z');
  expect(GIVE_UP_AFTER_MS).toBe(24 * 3_600_000);
  expect(givenUp(due, new Date(due.getTime() + GIVE_UP_AFTER_MS - 1))).toBe(false);
  expect(givenUp(due, new Date(due.getTime() + GIVE_UP_AFTER_MS))).toBe(true);
  expect(givenUp(due, new Date(due.getTime() + 2 * 3_600_000), 2 * 3_600_000)).toBe(true);
});
