/**
 * How long each kind of personal data is kept: the privacy notice states these (src/content/legal.ts) and the
 * retention job applies them (src/modules/system/retention.server.ts), so the two cannot drift apart. It imports
 * nothing, so the settings' schema (src/lib/env-schema.ts, loaded in plain Node.js by serving/) can read it too.
 */

export type Period = { hours: number } | { days: number } | { months: number };

export const RETENTION = {
  /** Salted fingerprints of network addresses (leads, newsletter sign-ups, rate-limit counters, failed sign-ins). */
  addressFingerprints: { hours: 24 },
  /** A lead nobody on the team has updated for this long is deleted (customers' leads excepted). */
  leads: { months: 24 },
  /** A newsletter sign-up not confirmed within this time is deleted, and its confirmation link stops working. */
  unconfirmedNewsletter: { days: 7 },
  /** E-mails kept as files because no mail server is configured (DATA_DIR/outbox-mail). */
  keptMailFiles: { days: 30 },
  /**
   * The day's visitor fingerprints and their salt (src/modules/visits): deleted when the Lagos day ends, so none is older
   * than this. Stated as the period; the counter deletes them at its first write of the next day.
   */
  visitorFingerprints: { hours: 24 },
  /**
   * A buyer's payments, receipts and the name, e-mail and phone kept with them after an erasure: six years after the
   * last payment (the period tax and company law require; the privacy notice says "six years").
   */
  moneyRecords: { months: 72 },
  /** Visit counts per day, page and source (no personal data): kept as long as the leads they are compared with. */
  visitCounts: { months: 24 },
} as const satisfies Record<string, Period>;

export type RetainedData = keyof typeof RETENTION;

/**
 * Copies outside the database the site cannot delete itself; the people who run it promise these (docs/operations.md,
 * Backups and restore). Database backups are overwritten within this time: the longest BACKUP_RETENTION the settings accept.
 */
export const BACKUP_RETENTION = { days: 30 } as const satisfies Period;

/** The moment `period` before `now` (calendar months in UTC). */
export function periodBefore(now: Date, period: Period): Date {
  const at = new Date(now);
  if ('months' in period) at.setUTCMonth(at.getUTCMonth() - period.months);
  else at.setTime(at.getTime() - ('days' in period ? period.days * 86_400_000 : period.hours * 3_600_000));
  return at;
}
