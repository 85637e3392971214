/**
 * The words a switch setting takes, in any case, spaces around them ignored: one list for the settings' check at
 * start-up (env-schema.ts) and for the switches read straight from the environment before it, by scripts and tests too
 * (the database's: db/fast-path.ts, db/priority.ts). Imports nothing, and only types Node.js can strip (env-schema.ts).
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
