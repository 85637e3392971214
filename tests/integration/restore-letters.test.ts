import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { takeBackup } from '@/lib/backup/backup.server';
import { readRestoreLedger } from '@/lib/backup/restore-ledger.server';
import { openDatabase, type DatabaseHandle } from '@/lib/db/client';
import { documentHistory, documentLetters } from '@/lib/db/schema';
import { getEnv } from '@/lib/env.server';
import { checkPageOf, issueDueLetters, lettersAgain } from '@/modules/documents/server';
import { appendEntry } from '@/modules/payments/ledger/ledger.repository.server';
import { describeEachDriver, freshClient, setEnv } from './helpers';
import { restoreGround } from './restore-helpers';
import { buyerWithPlan } from './payments-helpers';

/**
 * A letter made after the last backup comes back with a restore under the number and check code its buyer holds
 * (docs/decisions/0425, as 0422 does for receipts): the check page says genuine, the documents job does not make it
 * again under a new number, and the next letter's number is one never given before.
 */

const KEY = 'correct-horse-battery-staple-restore-letters';

describeEachDriver('a restore keeps every letter', (ctx) => {
  const { emptyTarget, restore } = restoreGround(ctx, 'restore-letters', KEY);

  beforeAll(() => setEnv({ SITE_URL: 'https://districts.example' }));
  afterAll(() => setEnv({ SITE_URL: undefined }));

  /** A buyer whose deposit is in the ledger (credited before the backup): their contract of sale is due. */
  async function buyerWithDeposit(handle: DatabaseHandle) {
    const buyer = await buyerWithPlan(handle.db);
    const written = await appendEntry(handle.db, {
      claimId: buyer.claimId,
      kind: 'payment',
      source: 'paystack',
      providerReference: `ref-${buyer.claimId}`,
      amountKobo: buyer.plan.depositKobo,
      at: new Date('2026-12-04T10:00:00Z'),
    });
    if (written.outcome !== 'written') throw new Error(written.outcome);
    return buyer;
  }
  const lettersOf = (handle: DatabaseHandle, claimId: string) =>
    handle.db.select().from(documentLetters).where(eq(documentLetters.claimId, claimId));
  const check = (handle: DatabaseHandle, number: string, code: string) =>
    checkPageOf(
      handle.db,
      () => handle.jobs(),
      new Request('http://localhost/check', { headers: { host: 'localhost', ...freshClient() } }),
      {
        number,
        code,
      },
    );
  const suffix = (number: string) => Number(number.split('-')[2]);

  it('makes again, under the same number and code, a letter made after the backup; the job and the next letter give no number twice', async () => {
    const buyer = await buyerWithDeposit(ctx.handle());
    const { file } = await takeBackup(ctx.handle());

    // After the backup the documents job makes the buyer's contract of sale (they download it, show it to a lawyer).
    await issueDueLetters(ctx.handle().db, new Date('2026-12-07T09:00:00Z'));
    const [made] = await lettersOf(ctx.handle(), buyer.claimId);
    expect(made.number).toMatch(/^CS-\d{4}-\d{6}$/);
    expect(await check(ctx.handle(), made.number, made.checkCode)).toMatchObject({ state: 'genuine' });
    // The ledger beside the backups holds the letter's number and facts, never the buyer's name or contacts.
    const ledger = await readRestoreLedger(path.join(getEnv().BACKUP_DIR!, 'ledger'));
    const letters = ledger.flatMap((e) => (e.kind === 'letter' ? [e] : []));
    expect(letters.map((l) => l.letter.number)).toContain(made.number);
    expect(JSON.stringify(letters)).not.toMatch(/Adaeze|Okafor|@example\.com|\+234/);

    const target = await emptyTarget();
    const { stdout } = await restore(file.path, target);
    expect(stdout).toMatch(/[1-9]\d* letter\(s\) made again under their numbers/);

    const restored = await openDatabase(target);
    try {
      // The same letter: number, code, day of issue and facts (the buyer's name read from the backup's lead).
      const [back] = await lettersOf(restored, buyer.claimId);
      expect(back).toMatchObject({ kind: made.kind, number: made.number, checkCode: made.checkCode, issuedAt: made.issuedAt });
      expect(back.facts).toEqual(made.facts);
      expect(await check(restored, made.number, made.checkCode)).toMatchObject({ state: 'genuine', document: { number: made.number } });
      const history = await restored.db.select().from(documentHistory).where(eq(documentHistory.claimId, buyer.claimId));
      expect(history.filter((h) => h.action === 'letter_issued')).toHaveLength(1);
      // The documents job on the restored site finds it made: no second contract under a new number.
      await issueDueLetters(restored.db, new Date('2026-12-07T09:10:00Z'));
      expect(await lettersOf(restored, buyer.claimId)).toHaveLength(1);
      // Applying the ledger again makes nothing.
      expect(await lettersAgain(restored.db, letters)).toEqual({ made: 0, noPlan: 0, failed: [] });

      // The next letter gets a number never given before.
      const next = await buyerWithDeposit(restored);
      await issueDueLetters(restored.db, new Date('2026-12-08T09:00:00Z'));
      const [nextLetter] = await lettersOf(restored, next.claimId);
      expect(nextLetter.number).not.toBe(made.number);
      expect(suffix(nextLetter.number)).toBeGreaterThan(suffix(made.number));
    } finally {
      await restored.close();
    }
  }, 180_000);
});
