import 'server-only';
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { stagesOfDistrict, type DocumentStageKey } from '@/content/documents';
import type { Db } from '@/lib/db/client';
import { districtSlugOf } from '@/lib/db/districts';
import type { DocumentAction } from '@/lib/db/enums';
import { documentFiles, documentHistory, documentStages, paymentPlans, type DocumentHistoryRow } from '@/lib/db/schema';
import type { FileStore } from '@/lib/files.server';
import { scanTypeOf, type ScanType } from './upload';

/**
 * What staff record of a buyer's document stage (docs/decisions/0419-documents-and-checks.md): done on a day, not
 * done after all, a late reason, a signed scan. Each change writes the stage's row and its line of the append-only
 * history in one transaction, with who made it.
 */

export interface StaffActor {
  id: string;
  email: string;
}

export type StageChange = { action: 'done'; doneOn: string } | { action: 'undone' } | { action: 'late_reason'; reason: string | null };

export type ChangeResult = { ok: true } | { ok: false; refusal: 'not_found' | 'generated' | 'bad_type' | 'too_big' | 'no_file' };

/** The claim's district slug when `stage` is one of its district's stages, else undefined. */
async function stageRuleOf(db: Db, claimId: string, stage: DocumentStageKey) {
  const [plan] = await db.select({ district: paymentPlans.district }).from(paymentPlans).where(eq(paymentPlans.claimId, claimId));
  if (!plan) return undefined;
  return stagesOfDistrict(districtSlugOf(plan.district) ?? plan.district).find((rule) => rule.key === stage);
}

async function write(
  tx: Db,
  actor: StaffActor,
  claimId: string,
  stage: DocumentStageKey,
  values: Partial<typeof documentStages.$inferInsert>,
  action: DocumentAction,
  detail: Record<string, unknown>,
  now: Date,
) {
  await tx
    .insert(documentStages)
    .values({ claimId, stage, ...values, updatedBy: actor.id, updatedAt: now })
    .onConflictDoUpdate({
      target: [documentStages.claimId, documentStages.stage],
      set: { ...values, updatedBy: actor.id, updatedAt: now },
    });
  await tx.insert(documentHistory).values({ claimId, stage, action, detail, byStaffId: actor.id, byEmail: actor.email, at: now });
}

export async function changeStage(
  db: Db,
  actor: StaffActor,
  claimId: string,
  stage: DocumentStageKey,
  change: StageChange,
  now = new Date(),
): Promise<ChangeResult> {
  if (!(await stageRuleOf(db, claimId, stage))) return { ok: false, refusal: 'not_found' };
  await db.transaction(async (tx) => {
    if (change.action === 'done') await write(tx, actor, claimId, stage, { doneOn: change.doneOn }, 'done', { doneOn: change.doneOn }, now);
    else if (change.action === 'undone') await write(tx, actor, claimId, stage, { doneOn: null }, 'undone', {}, now);
    else await write(tx, actor, claimId, stage, { lateReason: change.reason }, 'late_reason', { reason: change.reason }, now);
  });
  return { ok: true };
}

/**
 * A signed scan for a stage: refused unless its first bytes say PDF, JPEG or PNG and it is no larger than `maxBytes`
 * (a stage whose letter the site makes takes none). The bytes go to the store first: a crash after it leaves a file no
 * row names (harmless), never a row naming no file.
 */
export async function attachScan(
  db: Db,
  store: FileStore,
  actor: StaffActor,
  input: { claimId: string; stage: DocumentStageKey; bytes: Uint8Array; maxBytes: number },
  now = new Date(),
): Promise<ChangeResult & { type?: ScanType }> {
  const rule = await stageRuleOf(db, input.claimId, input.stage);
  if (!rule) return { ok: false, refusal: 'not_found' };
  if (rule.generated) return { ok: false, refusal: 'generated' };
  if (!input.bytes.length) return { ok: false, refusal: 'no_file' };
  if (input.bytes.length > input.maxBytes) return { ok: false, refusal: 'too_big' };
  const type = scanTypeOf(input.bytes);
  if (!type) return { ok: false, refusal: 'bad_type' };
  const storageKey = await store.put(input.bytes, input.claimId);
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  await db.transaction(async (tx) => {
    const [file] = await tx
      .insert(documentFiles)
      .values({
        claimId: input.claimId,
        stage: input.stage,
        storageKey,
        mediaType: type,
        bytes: input.bytes.length,
        sha256,
        uploadedBy: actor.id,
        uploadedAt: now,
      })
      .returning();
    await write(
      tx,
      actor,
      input.claimId,
      input.stage,
      { fileId: file.id },
      'file',
      { fileId: file.id, type, bytes: file.bytes, sha256 },
      now,
    );
  });
  return { ok: true, type };
}

/** A file's row when it belongs to a claim of these leads (or to any claim, for staff: `leadIds` undefined). */
export async function fileRowOf(db: Db, fileId: string, leadIds?: string[]) {
  if (leadIds && !leadIds.length) return undefined;
  const [row] = await db
    .select({ file: documentFiles })
    .from(documentFiles)
    .innerJoin(paymentPlans, eq(paymentPlans.claimId, documentFiles.claimId))
    .where(and(eq(documentFiles.id, fileId), leadIds ? inArray(paymentPlans.leadId, leadIds) : undefined));
  return row?.file;
}

/** The last changes of these claims, newest first (the staff page's "by whom"). */
export async function historyOf(db: Db, claimIds: string[], limit = 500): Promise<DocumentHistoryRow[]> {
  if (!claimIds.length) return [];
  return db.select().from(documentHistory).where(inArray(documentHistory.claimId, claimIds)).orderBy(desc(documentHistory.id)).limit(limit);
}
