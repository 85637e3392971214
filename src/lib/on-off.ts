/**
 * The words a switch setting takes (and a count that may say auto), in any case, spaces around them ignored: one list
 * for the settings' check at start-up (env-schema.ts) and for the settings read straight from the environment before
 * it, by scripts and tests too (the database's: db/fast-path.ts, db/priority.ts). Imports nothing, and only types
 * Node.js can strip (env-schema.ts).
 */
export const YES = ['1', 'true', 'yes', 'on'];
export const NO = ['0', 'false', 'no', 'off'];

/** A switch from its setting's text: `fallback` when unset or blank, undefined when it is none of the words. */
export function switchFrom(value: string | undefined, fallback: boolean): boolean | undefined {
  const word = value?.trim().toLowerCase();
  if (!word) return fallback;
  if (YES.includes(word)) return true;
  if (NO.includes(word)) return false;
  return undefined;
}

/** The most statements POSTGRES_STAFF_STATEMENTS_AT_ONCE may let one instance run at once. */
export const STAFF_STATEMENTS_AT_ONCE_MAX = 64;

/**
 * A count setting that may say `auto` (as POSTGRES_STAFF_STATEMENTS_AT_ONCE): `auto` when unset, blank or auto, the
 * whole number from 1 to `max` it gives, undefined when it is neither.
 */
export function countOrAuto(value: string | undefined, max: number): number | 'auto' | undefined {
  const word = value?.trim().toLowerCase();
  if (!word || word === 'auto') return 'auto';
  const n = Number(word);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
}
