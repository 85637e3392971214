import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { LetterFacts } from '@/content/documents';
import { recordLetter, type LetterEntry } from '@/lib/backup/restore-ledger.server';
import type { Db } from '@/lib/db/client';
import { documentHistory, documentLetters, leads, paymentPlans, type DocumentLetterRow } from '@/lib/db/schema';
import { logError } from '@/lib/log';

/**
 * A letter survives a restore (docs/decisions/0425), as a credit does (0422): each letter, once its transaction has
 * committed, is written to the restore ledger beside the backups; `npm run restore` makes again those the backup lacks,
 * under the number and check code the buyer may already have shown, and moves the letter numbers past every number
 * given. The buyer's name is not in the ledger (no personal data there): it is the plan's buyer's, as the backup has it.
 */

/** After the letter's transaction committed: its record into the restore ledger. A failure is logged, never the letter's. */
export async function recordLetterMade(letter: DocumentLetterRow): Promise<void> {
  // The name stays out of the ledger (no personal data beside the backups); the rest is ids, kobo and dates.
  const facts: Omit<LetterFacts, 'buyerName'> = {
    district: letter.facts.district,
    districtName: letter.facts.districtName,
    plotLabel: letter.facts.plotLabel,
    sizeSqm: letter.facts.sizeSqm,
    priceKobo: letter.facts.priceKobo,
    depositKobo: letter.facts.depositKobo,
    months: letter.facts.months,
    issuedOn: letter.facts.issuedOn,
  };
  try {
    await recordLetter(
      {
        claimId: letter.claimId,
        kind: letter.kind,
        number: letter.number,
        checkCode: letter.checkCode,
        facts,
        issuedAt: letter.issuedAt.toISOString(),
      },
      letter.issuedAt,
    );
  } catch (error) {
    logError(
      `[documents] letter ${letter.number}: not written to the restore ledger (a restore from an older backup would renumber it)`,
      error,
    );
  }
}

export interface LettersMadeAgain {
  /** Letters the backup lacked, made again under their numbers. */
  made: number;
  /** Letters whose payment plan is not in the backup (opened after it): nothing to attach them to. */
  noPlan: number;
  /** The numbers of letters that could not be made again: logged. */
  failed: string[];
}

async function makeOneAgain(db: Db, { letter }: LetterEntry): Promise<'made' | 'present' | 'no_plan'> {
  return db.transaction(async (tx) => {
    const [numbered] = await tx.select({ id: documentLetters.id }).from(documentLetters).where(eq(documentLetters.number, letter.number));
    if (numbered) return 'present';
    const [plan] = await tx
      .select({ buyerName: leads.fullName, erasedBuyerName: paymentPlans.erasedBuyerName })
      .from(paymentPlans)
      .leftJoin(leads, eq(leads.id, paymentPlans.leadId))
      .where(eq(paymentPlans.claimId, letter.claimId));
    if (!plan) return 'no_plan';
    // A letter of this kind under another number (only a server run before the ledger was applied makes one): kept.
    const [sameKind] = await tx
      .select({ id: documentLetters.id })
      .from(documentLetters)
      .where(and(eq(documentLetters.claimId, letter.claimId), eq(documentLetters.kind, letter.kind)));
    if (sameKind) return 'present';
    const issuedAt = new Date(letter.issuedAt);
    await tx.insert(documentLetters).values({
      claimId: letter.claimId,
      kind: letter.kind,
      number: letter.number,
      checkCode: letter.checkCode,
      facts: { ...letter.facts, buyerName: plan.buyerName ?? plan.erasedBuyerName ?? '' },
      issuedAt,
    });
    await tx
      .insert(documentHistory)
      .values({ claimId: letter.claimId, stage: letter.kind, action: 'letter_issued', detail: { number: letter.number }, at: issuedAt });
    return 'made';
  });
}

/**
 * After a restore (and after the credits: a letter follows its payments): every letter of `events` the restored
 * database lacks, made again (one transaction each; a second run makes nothing), then the letter sequence moved past
 * the highest number any letter carries.
 */
export async function lettersAgain(db: Db, events: readonly LetterEntry[]): Promise<LettersMadeAgain> {
  const result: LettersMadeAgain = { made: 0, noPlan: 0, failed: [] };
  for (const event of events) {
    const outcome = await makeOneAgain(db, event).catch((error: unknown) => {
      logError(`[documents] letter ${event.letter.number}: not made again after the restore`, error);
      return 'failed' as const;
    });
    if (outcome === 'made') result.made++;
    if (outcome === 'no_plan') result.noPlan++;
    if (outcome === 'failed') result.failed.push(event.letter.number);
  }
  // A number is never given twice: the next letter's comes after every number given (these included).
  await db.execute(sql`
    select setval('document_letter_numbers', used.n)
    from (select max(split_part(number, '-', 3)::bigint) as n from document_letters) used
    where used.n >= (select last_value from document_letter_numbers)`);
  return result;
}
