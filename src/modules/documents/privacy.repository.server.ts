import 'server-only';
import { and, asc, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { documentFiles, documentHistory, documentLetters, documentStages, ledgerEntries, paymentPlans } from '@/lib/db/schema';
import { backupDir } from '@/lib/backup/files.server';
import { removeBackupCopy } from '@/lib/backup/files-copy.server';
import { fileStore, type FileStore } from '@/lib/files.server';

/**
 * A buyer's documents in their NDPA export (docs/decisions/0419-documents-and-checks.md): every stage recorded, every
 * letter made for them (its facts: the PDF is drawn from them), every file uploaded with its bytes (base64), and the
 * history of changes. Like the payments they belong to, these are a sale's records: an erasure keeps them.
 */
export interface DocumentRecords {
  claimId: string;
  stages: { stage: string; doneOn: string | null; lateReason: string | null; updatedAt: Date }[];
  letters: { kind: string; number: string; issuedAt: Date; facts: unknown }[];
  files: { stage: string; type: string; bytes: number; sha256: string; uploadedAt: Date; base64: string | null }[];
  history: { stage: string; action: string; detail: unknown; by: string | null; at: Date }[];
}

export async function documentRecordsOfClaims(db: Db, claimIds: string[], store: FileStore = fileStore()): Promise<DocumentRecords[]> {
  if (!claimIds.length) return [];
  const [stages, letters, files, history] = await Promise.all([
    db.select().from(documentStages).where(inArray(documentStages.claimId, claimIds)),
    db.select().from(documentLetters).where(inArray(documentLetters.claimId, claimIds)),
    db.select().from(documentFiles).where(inArray(documentFiles.claimId, claimIds)).orderBy(asc(documentFiles.uploadedAt)),
    db.select().from(documentHistory).where(inArray(documentHistory.claimId, claimIds)).orderBy(asc(documentHistory.id)),
  ]);
  const bytesOf = new Map<string, string | null>();
  for (const file of files) bytesOf.set(file.id, (await store.get(file.storageKey))?.toString('base64') ?? null);
  return claimIds.map((claimId) => ({
    claimId,
    stages: stages
      .filter((s) => s.claimId === claimId)
      .map((s) => ({ stage: s.stage, doneOn: s.doneOn, lateReason: s.lateReason, updatedAt: s.updatedAt })),
    letters: letters
      .filter((l) => l.claimId === claimId)
      .map((l) => ({ kind: l.kind, number: l.number, issuedAt: l.issuedAt, facts: l.facts })),
    files: files
      .filter((f) => f.claimId === claimId)
      .map((f) => ({
        stage: f.stage,
        type: f.mediaType,
        bytes: f.bytes,
        sha256: f.sha256,
        uploadedAt: f.uploadedAt,
        base64: bytesOf.get(f.id) ?? null,
      })),
    history: history
      .filter((h) => h.claimId === claimId)
      .map((h) => ({ stage: h.stage, action: h.action, detail: h.detail, by: h.byEmail, at: h.at })),
  }));
}

/**
 * The retention job: the letters and uploaded files of buyers erased before `before`, whose last payment is also
 * before it (`before` is now less the money records' period), are deleted: the bytes and their copy in the backups
 * first, then the rows (a stage's file link cleared) of the files whose bytes went (docs/decisions/0424). A file store
 * that is down fails the job before any row goes, and its next run finds the same files: bytes the law says must go are
 * never left behind with no row naming them. A crash between leaves rows naming no bytes, which are due to go anyway
 * and go on the next run. The stages' dates and the history (staff's actions, no buyer's name) stay with the amounts.
 * Returns how many letters and files went.
 */
export async function forgetDocumentsOfErasedBuyersBefore(
  db: Db,
  before: Date,
  store: FileStore = fileStore(),
  backups: string = backupDir(),
): Promise<number> {
  const lastMoney = sql`(select max(${ledgerEntries.at}) from ${ledgerEntries} where ${ledgerEntries.claimId} = ${paymentPlans.claimId})`;
  const claims = db
    .select({ claimId: paymentPlans.claimId })
    .from(paymentPlans)
    .where(
      and(
        isNull(paymentPlans.leadId),
        isNotNull(paymentPlans.buyerErasedAt),
        lt(paymentPlans.buyerErasedAt, before),
        sql`coalesce(${lastMoney} < ${before}, true)`,
      ),
    );
  const files = await db
    .select({ id: documentFiles.id, key: documentFiles.storageKey })
    .from(documentFiles)
    .where(inArray(documentFiles.claimId, claims));
  for (const file of files) {
    await store.remove(file.key);
    // The backup's copy too: the privacy notice's six years bind it as well.
    await removeBackupCopy(backups, file.key);
  }
  const ids = files.map((file) => file.id);
  return db.transaction(async (tx) => {
    if (ids.length) {
      await tx.update(documentStages).set({ fileId: null }).where(inArray(documentStages.fileId, ids));
      await tx.delete(documentFiles).where(inArray(documentFiles.id, ids));
    }
    const letters = await tx.delete(documentLetters).where(inArray(documentLetters.claimId, claims)).returning({ id: documentLetters.id });
    return letters.length + ids.length;
  });
}
