import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { SYSTEM_ACTOR_EMAIL, type Actor } from '@/lib/audit.server';
import type { Db } from '@/lib/db/client';
import { appSettings, interestSubmissions, leadActivity, staffUsers } from '@/lib/db/schema';

/**
 * Who owns a lead (docs/decisions/0205-lead-assignment.md). The interest route composes `assignNewLead` into the new
 * lead's transaction, before the notifications are queued, so the sales e-mail can go to the agent; the staff area
 * reassigns and switches the round-robin through the same functions, so the history reads the same either way.
 */

const AUTO_ASSIGN = 'lead_auto_assign';

/**
 * The name staff see for an account in SQL: its name, or its e-mail's local part when it has none (the same rule as
 * staffDisplayName in src/features/leads-admin/format.ts, which names the authors of notes and history).
 */
export const staffLabelSql = sql<string>`coalesce(nullif(btrim(${staffUsers.name}), ''), split_part(${staffUsers.email}, '@', 1))`;

export interface Assignee {
  id: string;
  email: string;
  label: string;
}

/** Whether new leads are dealt out to agents (on unless an owner turned it off). */
export async function autoAssignEnabled(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.name, AUTO_ASSIGN));
  return row ? row.value === true : true;
}

export async function setAutoAssign(db: Db, on: boolean, actor: Actor, now = new Date()): Promise<void> {
  await db
    .insert(appSettings)
    .values({ name: AUTO_ASSIGN, value: on, updatedAt: now, updatedBy: actor.email })
    .onConflictDoUpdate({ target: appSettings.name, set: { value: on, updatedAt: now, updatedBy: actor.email } });
}

/** An agent joins or leaves the round-robin (their own choice, or an owner's). Undefined when there is no such agent. */
export async function setTakesNewLeads(db: Db, staffId: string, takes: boolean): Promise<{ id: string } | undefined> {
  const [row] = await db
    .update(staffUsers)
    .set({ takesNewLeads: takes })
    .where(eq(staffUsers.id, staffId))
    .returning({ id: staffUsers.id });
  return row;
}

/** Whether this staff member takes new leads in the round-robin. */
export async function takesNewLeads(db: Db, staffId: string): Promise<boolean> {
  const [row] = await db.select({ takes: staffUsers.takesNewLeads }).from(staffUsers).where(eq(staffUsers.id, staffId));
  return row?.takes ?? false;
}

const eligible = and(eq(staffUsers.role, 'agent'), eq(staffUsers.active, true), eq(staffUsers.takesNewLeads, true));

/**
 * Round-robin: the active, opted-in agent who has waited longest for a lead takes this one. Runs in the lead's own
 * transaction. Concurrent leads skip an agent another transaction is giving a lead to, so a burst is dealt out in turn;
 * only when every eligible agent is taken does it wait for one. Undefined when the switch is off or nobody opted in.
 */
export async function assignNewLead(tx: Db, lead: { id: string }, now = new Date()): Promise<Assignee | undefined> {
  const pick = (skipLocked: boolean) =>
    tx
      .select({ id: staffUsers.id, email: staffUsers.email, label: staffLabelSql.as('label') })
      .from(staffUsers)
      .where(eligible)
      .orderBy(sql`${staffUsers.lastLeadAssignedAt} asc nulls first`, asc(staffUsers.createdAt), asc(staffUsers.id))
      .limit(1)
      .for('update', skipLocked ? { skipLocked: true } : {});
  // One statement for what every lead asks (it runs in each lead's transaction): is dealing out on, how many agents
  // could take the lead, and the free one who waited longest. Only when all of them are taken is there a second.
  const free = pick(true).as('free');
  const [first] = await tx
    .select({
      eligible: sql<number>`(select count(*)::int from ${staffUsers} where ${eligible})`,
      id: free.id,
      email: free.email,
      label: free.label,
    })
    .from(sql`(select 1) as one`)
    .leftJoinLateral(free, sql`true`)
    .where(
      sql`coalesce((select ${appSettings.value} = 'true'::jsonb from ${appSettings} where ${appSettings.name} = ${AUTO_ASSIGN}), true)`,
    );
  if (!first || first.eligible === 0) return undefined;
  const agent = first.id ? { id: first.id, email: first.email!, label: first.label! } : (await pick(false))[0];
  if (!agent) return undefined;
  await tx.update(staffUsers).set({ lastLeadAssignedAt: now }).where(eq(staffUsers.id, agent.id));
  await writeAssignment(tx, lead.id, agent, undefined, now);
  return agent;
}

/**
 * An owner gives a lead to an active staff member, or to nobody (`staffId` null). `undefined` when the lead or the
 * staff member does not exist (or is deactivated); `changed: false` when it already was theirs.
 */
export async function reassignLead(db: Db, leadId: string, staffId: string | null, actor: Actor, now = new Date()) {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ assignedTo: interestSubmissions.assignedTo })
      .from(interestSubmissions)
      .where(eq(interestSubmissions.id, leadId))
      .for('update');
    if (!lead) return undefined;
    let assignee: Assignee | null = null;
    if (staffId) {
      const [row] = await tx
        .select({ id: staffUsers.id, email: staffUsers.email, label: staffLabelSql })
        .from(staffUsers)
        .where(and(eq(staffUsers.id, staffId), eq(staffUsers.active, true)));
      if (!row) return undefined;
      assignee = row;
    }
    if (lead.assignedTo === (assignee?.id ?? null)) return { changed: false, assignedTo: lead.assignedTo };
    await writeAssignment(tx, leadId, assignee, actor, now);
    return { changed: true, assignedTo: assignee?.id ?? null };
  });
}

/** Sets the lead's agent and records it in the lead's history: who gave it to whom (by name, as it was then). */
async function writeAssignment(tx: Db, leadId: string, assignee: Assignee | null, actor: Actor | undefined, now: Date): Promise<void> {
  await tx
    .update(interestSubmissions)
    .set({ assignedTo: assignee?.id ?? null, updatedAt: now })
    .where(eq(interestSubmissions.id, leadId));
  await tx.insert(leadActivity).values({
    leadId,
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? SYSTEM_ACTOR_EMAIL,
    action: 'assigned',
    detail: { to: assignee?.id ?? null, toName: assignee?.label ?? null, roundRobin: actor === undefined },
    createdAt: now,
  });
}

/** Staff a lead can be given to (active accounts), and whether each takes new leads, for the owners' controls. */
export async function assignableStaff(db: Db) {
  return db
    .select({
      id: staffUsers.id,
      label: staffLabelSql,
      email: staffUsers.email,
      role: staffUsers.role,
      takesNewLeads: staffUsers.takesNewLeads,
    })
    .from(staffUsers)
    .where(eq(staffUsers.active, true))
    .orderBy(asc(staffLabelSql));
}
