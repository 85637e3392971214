import 'server-only';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { LeadAction } from '@/lib/db/enums';
import { leadActivity, leadNotes, staffUsers, type LeadNoteRow } from '@/lib/db/schema';

/**
 * A lead's history (lead_activity: who changed what, when) and its notes (lead_notes). Both go with the lead when it
 * is erased (their rows cascade).
 */

/** One line of a lead's history. Without an actor it was the system (the round-robin, a scheduled check). */
export interface ActivityEntry {
  leadId: string;
  actorId?: string;
  actorEmail: string;
  action: LeadAction;
  detail: Record<string, unknown>;
  createdAt: Date;
}

/** Adds a line to the lead's history. */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await db.insert(leadActivity).values(entry);
}

/** A staff member's note on a lead; returns the note as stored. */
export async function insertNote(
  tx: Db,
  note: { leadId: string; authorId: string; authorEmail: string; body: string; createdAt: Date },
): Promise<LeadNoteRow> {
  const [row] = await tx.insert(leadNotes).values(note).returning();
  return row;
}

/** A note with its author's name today (null once the account is gone: the note keeps the author's e-mail). */
const noteWithAuthorColumns = { note: leadNotes, name: staffUsers.name };

/** A line of history with its actor's name today (null for the system, or once the account is gone). */
const entryWithActorColumns = { item: leadActivity, name: staffUsers.name };

/** The lead's notes, newest first. */
export function notesOf(db: Db, leadId: string) {
  return db
    .select(noteWithAuthorColumns)
    .from(leadNotes)
    .leftJoin(staffUsers, eq(staffUsers.id, leadNotes.authorId))
    .where(eq(leadNotes.leadId, leadId))
    .orderBy(desc(leadNotes.createdAt));
}

/** The lead's history, newest first. */
export function historyOf(db: Db, leadId: string) {
  return db
    .select(entryWithActorColumns)
    .from(leadActivity)
    .leftJoin(staffUsers, eq(staffUsers.id, leadActivity.actorId))
    .where(eq(leadActivity.leadId, leadId))
    .orderBy(desc(leadActivity.createdAt));
}

/** Every note on these leads, as stored (a privacy export). */
export const notesOfLeads = (db: Db, leadIds: string[]) => db.select().from(leadNotes).where(inArray(leadNotes.leadId, leadIds));

/** Every line of these leads' history, as stored (a privacy export). */
export const historyOfLeads = (db: Db, leadIds: string[]) => db.select().from(leadActivity).where(inArray(leadActivity.leadId, leadIds));
