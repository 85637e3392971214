import 'server-only';
import { getSiteFacts } from '@/lib/site-facts.server';
import { STAFF_COPY } from '@/content/staff';
import type { Db } from '@/lib/db/client';
import type { StaffUserRow } from '@/lib/db/schema';
import { formatDateTime } from '@/lib/format';
import { logError } from '@/lib/log';
import { emailLayout, escapeHtml } from '@/lib/mail/html';
import { emailChannel } from '@/modules/messaging/server';
import { clearSecondFactorFailures, reserveSecondFactorCheck } from '../repository.server';
import { checkSecondFactor, type SecondFactorCheck } from './second-factor.server';

/**
 * The second factor locks after a few wrong codes, whatever the client and whatever the password did
 * (docs/decisions/0341-second-factor-lock.md): the password's failures are cleared by a right password, so counted
 * with them the codes could be tried for ever by someone who has the password.
 */
export const SECOND_FACTOR_LOCK = { wrongCodes: 5 } as const;

export type LockedCheck = SecondFactorCheck | { ok: false; locked: true };

/**
 * Checks a code under the lock: the check is reserved first (a burst in parallel gets no more than the limit), a right
 * code clears the count. The person hears of the first wrong code since the last right one, and of the lock.
 */
export async function checkSecondFactorUnderLock(db: Db, user: StaffUserRow, code: string, now: Date): Promise<LockedCheck> {
  const wrongSoFar = await reserveSecondFactorCheck(db, user.id, SECOND_FACTOR_LOCK.wrongCodes, now);
  if (wrongSoFar === undefined) return { ok: false, locked: true };
  const check = await checkSecondFactor(db, user.id, code, now);
  if (check.ok) {
    await clearSecondFactorFailures(db, user.id);
    return check;
  }
  const locked = wrongSoFar >= SECOND_FACTOR_LOCK.wrongCodes;
  if (wrongSoFar === 1 || locked) {
    void emailChannel
      .send(db, { to: [user.email], ...wrongCodeEmail(now, locked) })
      .catch((error) => logError('[staff] the wrong-code e-mail was not sent', error));
  }
  return locked ? { ok: false, locked: true } : check;
}

function wrongCodeEmail(at: Date, locked: boolean) {
  const { brand } = getSiteFacts();
  const copy = STAFF_COPY.wrongCodeEmail;
  const paragraphs = [
    copy.greeting,
    copy.body(formatDateTime(at)),
    ...(locked ? [copy.locked(SECOND_FACTOR_LOCK.wrongCodes)] : []),
    copy.notYou,
  ];
  return {
    subject: copy.subject(brand),
    text: [...paragraphs, brand].join('\n\n'),
    html: emailLayout(paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') + `<p>${escapeHtml(brand)}</p>`),
  };
}
