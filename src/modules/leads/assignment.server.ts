import 'server-only';
import { and, asc, eq, gte, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { markServed, markServedPrepared } from '@/modules/staff/server';
import { SYSTEM_ACTOR_EMAIL, type Actor } from '@/modules/staff/server';
import type { Db } from '@/lib/db/client';
import { placeholdersOf, preparedStatement } from '@/lib/db/prepared';
import { leads, leadActivity, staffUsers } from '@/lib/db/schema';
import { readSetting, switchSql, writeSetting } from '@/lib/db/settings.server';
import { workingMinutesPassedSql, type WorkingTime } from '@/lib/working-time';

/**
 * Who owns a lead (docs/decisions/0205-lead-assignment.md): the round-robin, claims, hand-overs and an owner's choice,
 * and their switches. Taking a new lead (./operations.server.ts) runs `assignNewLead` in the lead's transaction before
 * its notifications are queued, so the sales e-mail can go to the agent; an owner's reassignment writes the history
 * through the same function, so it reads the same either way.
 */

const AUTO_ASSIGN = 'lead_auto_assign';
const ALERT_EVERYONE = 'lead_alert_everyone';

/**
 * The name staff see for an account in SQL: its name, or its e-mail's local part when it has none (the same rule as
 * staffDisplayName in src/modules/staff/staff-name.ts, which names the authors of notes and history).
 */
export const staffLabelSql = sql<string>`coalesce(nullif(btrim(${staffUsers.name}), ''), split_part(${staffUsers.email}, '@', 1))`;

export interface Assignee {
  id: string;
  email: string;
  label: string;
}

/** An owners' on/off setting in app_settings; `fallback` until one was saved. */
export async function readSwitch(db: Db, name: string, fallback: boolean): Promise<boolean> {
  const value = await readSetting(db, name);
  return value === undefined ? fallback : value === true;
}

export async function writeSwitch(db: Db, name: string, on: boolean, actor: Actor, now: Date): Promise<void> {
  await writeSetting(db, name, on, actor, now);
}

/** Whether new leads are dealt out to agents (on unless an owner turned it off). */
export const autoAssignEnabled = (db: Db) => readSwitch(db, AUTO_ASSIGN, true);

export const setAutoAssign = (db: Db, on: boolean, actor: Actor, now = new Date()) => writeSwitch(db, AUTO_ASSIGN, on, actor, now);

/** Whether every active staff member's phone is alerted to every new lead (off unless an owner turned it on). */
export const alertEveryoneEnabled = (db: Db) => readSwitch(db, ALERT_EVERYONE, false);

export const setAlertEveryone = (db: Db, on: boolean, actor: Actor, now = new Date()) => writeSwitch(db, ALERT_EVERYONE, on, actor, now);

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
  const [first] = await freeAgent(tx).execute();
  if (!first || first.eligible === 0) return undefined;
  const agent = first.id ? { id: first.id, email: first.email!, label: first.label! } : (await pickAgent(tx, false))[0];
  if (!agent) return undefined;
  await markServedPrepared(tx, agent.id, now);
  await writeAssignment(tx, lead.id, agent, undefined, now);
  return agent;
}

/** The eligible agent who has waited longest for a lead, locked; with `skipLocked`, of those no other transaction holds. */
const pickAgent = (tx: Db, skipLocked: boolean) =>
  tx
    .select({ id: staffUsers.id, email: staffUsers.email, label: staffLabelSql.as('label') })
    .from(staffUsers)
    .where(eligible)
    .orderBy(sql`${staffUsers.lastLeadAssignedAt} asc nulls first`, asc(staffUsers.createdAt), asc(staffUsers.id))
    .limit(1)
    .for('update', skipLocked ? { skipLocked: true } : {});

/**
 * One statement for what every lead asks (it runs in each lead's transaction; built once, src/lib/db/prepared.ts):
 * is dealing out on, how many agents could take the lead, and the free one who waited longest. Only when all of
 * them are taken is there a second.
 */
const freeAgent = preparedStatement((db) => {
  const free = pickAgent(db, true).as('free');
  return db
    .select({
      eligible: sql<number>`(select count(*)::int from ${staffUsers} where ${eligible})`,
      id: free.id,
      email: free.email,
      label: free.label,
    })
    .from(sql`(select 1) as one`)
    .leftJoinLateral(free, sql`true`)
    .where(switchSql(AUTO_ASSIGN, true))
    .prepare('assignment_free_agent');
});

/**
 * Who a new lead's push alert goes to (docs/decisions/0364-push-alerts-on-the-agents-phone.md): every active staff
 * member when an owner asked for it; else its agent (while active); else the agents on duty (active and
 * taking new leads); else, with none of those, the owners: a lead always reaches somebody's phone.
 */
export async function leadAlertRecipients(db: Db, lead: { assignedTo: string | null }): Promise<string[]> {
  const active = await activeStaffForAlerts(db).execute();
  const ids = (rows: typeof active) => rows.map((row) => row.id);
  if (active[0]?.everyone) return ids(active);
  if (lead.assignedTo && active.some((row) => row.id === lead.assignedTo)) return [lead.assignedTo];
  const onDuty = active.filter((row) => row.onDuty);
  return ids(onDuty.length ? onDuty : active.filter((row) => row.role === 'owner'));
}

/** Every active staff member, whether on duty, and the "alert everyone" switch: one statement for each lead's alert. */
const activeStaffForAlerts = preparedStatement((db) =>
  db
    .select({
      id: staffUsers.id,
      role: staffUsers.role,
      onDuty: sql<boolean>`${eligible}`,
      everyone: switchSql(ALERT_EVERYONE, false),
    })
    .from(staffUsers)
    .where(eq(staffUsers.active, true))
    .orderBy(asc(staffUsers.createdAt))
    .prepare('active_staff_for_alerts'),
);

/** A lead as a claim sees it. */
const claimStateColumns = {
  status: leads.status,
  spam: leads.spam,
  assignedTo: leads.assignedTo,
  claimedBy: leads.claimedBy,
  offeredAt: leads.offeredAt,
};

/**
 * Who may claim a lead ("I'm on it", docs/decisions/0365-claims-and-leads-that-move-on.md): a new lead, not spam, not
 * claimed yet, and nobody's by a person's choice: unassigned, offered by the round-robin, or the claimer's already.
 * Owners may claim any new lead. The lead page shows the button by the same rule.
 */
export function mayClaim(
  lead: { status: string; spam: boolean; claimedBy: string | null; assignedTo: string | null; offeredAt: Date | null },
  staff: { id: string; role: string },
): boolean {
  if (lead.status !== 'new' || lead.spam || lead.claimedBy) return false;
  return staff.role === 'owner' || !lead.assignedTo || lead.assignedTo === staff.id || lead.offeredAt !== null;
}

/** The lead as a claim sees it, locked until the caller's transaction ends; undefined: no such lead. */
export async function lockForClaim(tx: Db, leadId: string) {
  const [lead] = await tx.select(claimStateColumns).from(leads).where(eq(leads.id, leadId)).for('update');
  return lead;
}

/** A staff member's name as staff see it (staffLabelSql); null for nobody or an account that is gone. */
export async function staffLabelOf(tx: Db, id: string | null): Promise<string | null> {
  return id ? ((await tx.select({ label: staffLabelSql }).from(staffUsers).where(eq(staffUsers.id, id)))[0]?.label ?? null) : null;
}

/** The claimer has the lead: claimed by them, theirs, and no longer offered. */
export async function markClaimed(tx: Db, leadId: string, staffId: string, now: Date): Promise<void> {
  await tx
    .update(leads)
    .set({ claimedBy: staffId, claimedAt: now, assignedTo: staffId, offeredAt: null, updatedAt: now })
    .where(eq(leads.id, leadId));
}

/**
 * A lead its agent did not claim in time moves on (0365), in the caller's transaction: to the agent in the round-robin
 * who has waited longest among those not yet offered this lead, who then has LEAD_CLAIM_MINUTES of their own; after
 * the last of them, to the owners (the lead is then nobody's, and waits for an owner). Recorded in the history.
 */
export async function handOverLead(tx: Db, lead: { id: string; assignedTo: string | null }, now: Date): Promise<Assignee | 'owners'> {
  const offered = tx
    .select({ id: sql`(${leadActivity.detail} ->> 'to')::uuid` })
    .from(leadActivity)
    .where(
      and(
        eq(leadActivity.leadId, lead.id),
        inArray(leadActivity.action, ['assigned', 'handed_over']),
        // A NULL in NOT IN would match nobody: "given to nobody" is no agent offered.
        sql`${leadActivity.detail} ->> 'to' is not null`,
      ),
    );
  const [next] = await tx
    .select({ id: staffUsers.id, email: staffUsers.email, label: staffLabelSql })
    .from(staffUsers)
    .where(and(eligible, notInArray(staffUsers.id, offered), lead.assignedTo ? sql`${staffUsers.id} <> ${lead.assignedTo}` : undefined))
    .orderBy(sql`${staffUsers.lastLeadAssignedAt} asc nulls first`, asc(staffUsers.createdAt), asc(staffUsers.id))
    .limit(1);
  const [from] = lead.assignedTo
    ? await tx.select({ label: staffLabelSql }).from(staffUsers).where(eq(staffUsers.id, lead.assignedTo))
    : [];
  if (next) await markServed(tx, next.id, now);
  await tx
    .update(leads)
    .set({ assignedTo: next?.id ?? null, offeredAt: next ? now : null, updatedAt: now })
    .where(eq(leads.id, lead.id));
  await tx.insert(leadActivity).values({
    leadId: lead.id,
    actorEmail: SYSTEM_ACTOR_EMAIL,
    action: 'handed_over',
    detail: { to: next?.id ?? null, toName: next?.label ?? null, fromName: from?.label ?? null },
    createdAt: now,
  });
  return next ?? 'owners';
}

/** Unclaimed leads whose agent's time is up: offered automatically, still new, unclaimed, not spam. */
function claimTimeUpSql(now: Date, time: WorkingTime, minutes: number): SQL {
  const t = leads;
  return sql`(${t.offeredAt} is not null and ${t.claimedAt} is null and ${t.status} = 'new' and ${t.spam} = false
    and ${workingMinutesPassedSql(t.offeredAt, now, time, minutes)})`;
}

/** A lead that moves on: to whom it was offered. */
const offeredLeadColumns = { id: leads.id, assignedTo: leads.assignedTo };

/**
 * Up to `limit` leads offered since `since` whose agent's `minutes` of working time are up, the longest waiting first,
 * locked; those another transaction holds are skipped, so a lead moves once per turn however many checks run.
 */
export function lockLeadsToPassOn(tx: Db, now: Date, time: WorkingTime, minutes: number, since: Date, limit: number) {
  const t = leads;
  return tx
    .select(offeredLeadColumns)
    .from(t)
    .where(and(gte(t.offeredAt, since), claimTimeUpSql(now, time, minutes)))
    .orderBy(t.offeredAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Whose the lead is, locked until the caller's transaction ends; undefined: no such lead. */
export async function lockAssignee(tx: Db, leadId: string): Promise<{ assignedTo: string | null } | undefined> {
  const [lead] = await tx.select({ assignedTo: leads.assignedTo }).from(leads).where(eq(leads.id, leadId)).for('update');
  return lead;
}

/** An active staff member a lead can be given to; undefined when there is none by this id. */
export async function activeAssignee(tx: Db, staffId: string): Promise<Assignee | undefined> {
  const [row] = await tx
    .select({ id: staffUsers.id, email: staffUsers.email, label: staffLabelSql })
    .from(staffUsers)
    .where(and(eq(staffUsers.id, staffId), eq(staffUsers.active, true)));
  return row;
}

/** The lead is its agent's by a person's choice now: it is no longer offered, so it never moves on. */
export async function endOffer(tx: Db, leadId: string): Promise<void> {
  await tx.update(leads).set({ offeredAt: null }).where(eq(leads.id, leadId));
}

/**
 * Sets the lead's agent and records it in the lead's history: who gave it to whom (by name, as it was then). Without
 * an actor it is the round-robin's.
 */
export async function writeAssignment(
  tx: Db,
  leadId: string,
  assignee: Assignee | null,
  actor: Actor | undefined,
  now: Date,
): Promise<void> {
  await leadAssigned(tx).execute({
    leadId,
    assignedTo: assignee?.id ?? null,
    // The round-robin offers the lead (its claim clock starts); a person's choice is final, so it never moves on. A new
    // agent starts without a claim: the one before is theirs no more.
    offeredAt: actor === undefined && assignee ? now.toISOString() : null,
    now: now.toISOString(),
  });
  await assignmentRecorded(tx).execute({
    leadId,
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? SYSTEM_ACTOR_EMAIL,
    detail: { to: assignee?.id ?? null, toName: assignee?.label ?? null, roundRobin: actor === undefined },
    now,
  });
}

// Built once: with an agent taking leads, every lead's transaction runs these (src/lib/db/prepared.ts). Drizzle's update
// takes a placeholder only inside SQL, so its times go as ISO text with a cast.

const leadAssigned = preparedStatement((db) =>
  db
    .update(leads)
    .set({
      assignedTo: sql`${sql.placeholder('assignedTo')}::uuid`,
      offeredAt: sql`${sql.placeholder('offeredAt')}::timestamptz`,
      claimedBy: null,
      claimedAt: null,
      updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .where(eq(leads.id, sql.placeholder('leadId')))
    .prepare('assignment_lead_assigned'),
);

const assignmentRecorded = preparedStatement((db) =>
  db
    .insert(leadActivity)
    .values({
      ...placeholdersOf(['leadId', 'actorId', 'actorEmail', 'detail'] as const),
      action: 'assigned',
      createdAt: sql.placeholder('now'),
    })
    .prepare('assignment_recorded'),
);

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
