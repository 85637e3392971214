/**
 * The one give-up policy of the outboxes (docs/decisions/0409-one-messaging-module.md): a message not delivered this
 * long after it was due (a lead's message after its lead, a booking's after its due time) is marked failed with its
 * last error instead of being tried again. Two exceptions keep their own, shorter, end, as what they say is of no use
 * later: a first reply (FIRST_REPLY_GIVE_UP_MS, two hours) and a booking's reminder (the inspection's start).
 */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/** Whether a message due at `dueAt` and still failing at `now` is given up. */
export function givenUp(dueAt: Date, now: Date, giveUpAfterMs = GIVE_UP_AFTER_MS): boolean {
  return now.getTime() - dueAt.getTime() >= giveUpAfterMs;
}
