import 'server-only';
import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { SYSTEM_ACTOR_EMAIL, type Actor } from '@/lib/audit.server';
import type { Db } from '@/lib/db/client';
import { placeholdersOf, preparedStatement } from '@/lib/db/prepared';
import { appSettings, leads, leadActivity, staffUsers } from '@/lib/db/schema';
import { workingMinutesPassedSql, type WorkingTime } from './working-time';

/**
 * Who owns a lead (docs/decisions/0205-lead-assignment.md). The interest route composes `assignNewLead` into the new
 * lead's transaction, before the notifications are queued, so the sales e-mail can go to the agent; the staff area
 * reassigns and switches the round-robin through the same functions, so the history reads the same either way.
 */

const AUTO_ASSIGN = 'lead_auto_assign';
const ALERT_EVERYONE = 'lead_alert_everyone';

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

async function readSwitch(db: Db, name: string, fallback: boolean): Promise<boolean> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.name, name));
  return row ? row.value === true : fallback;
}

async function writeSwitch(db: Db, name: string, on: boolean, actor: Actor, now: Date): Promise<void> {
  await db
    .insert(appSettings)
    .values({ name, value: on, updatedAt: now, updatedBy: actor.email })
    .onConflictDoUpdate({ target: appSettings.name, set: { value: on, updatedAt: now, updatedBy: actor.email } });
}

/** Whether new leads are dealt out to agents (on unless an owner turned it off). */
export const autoAssignEnabled = (db: Db) => readSwitch(db, AUTO_ASSIGN, true);

export const setAutoAssign = (db: Db, on: boolean, actor: Actor, now = new Date()) => writeSwitch(db, AUTO_ASSIGN, on, actor, now);

/** Whether every active staff member's phone is alerted to every new lead (off unless an owner turned it on). */
export const alertEveryoneEnabled = (db: Db) => readSwitch(db, ALERT_EVERYONE, false);

export const setAlertEveryone = (db: Db, on: boolean, actor: Actor, now = new Date()) => writeSwitch(db, ALERT_EVERYONE, on, actor, now);

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
  const [first] = await freeAgent(tx).execute();
  if (!first || first.eligible === 0) return undefined;
  const agent = first.id ? { id: first.id, email: first.email!, label: first.label! } : (await pickAgent(tx, false))[0];
  if (!agent) return undefined;
  await agentServed(tx).execute({ agentId: agent.id, now: now.toISOString() });
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
    .where(
      sql`coalesce((select ${appSettings.value} = 'true'::jsonb from ${appSettings} where ${appSettings.name} = ${AUTO_ASSIGN}), true)`,
    )
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
      everyone: sql<boolean>`coalesce((select ${appSettings.value} = 'true'::jsonb from ${appSettings} where ${appSettings.name} = ${ALERT_EVERYONE}), false)`,
    })
    .from(staffUsers)
    .where(eq(staffUsers.active, true))
    .orderBy(asc(staffUsers.createdAt))
    .prepare('active_staff_for_alerts'),
);

export type ClaimOutcome = { claimed: true } | { claimed: false; why: 'claimed' | 'theirs' | 'closed'; by: string | null };

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

/**
 * "I'm on it": the first to claim a lead has it. The claim is recorded (who, when, in the history), the lead becomes
 * theirs if it was not (their turn in the round-robin counts it), and it stops moving on. A second claim by the same
 * person changes nothing; anyone else's is refused with why and whose it is. Undefined: no such lead.
 */
export async function claimLead(
  db: Db,
  leadId: string,
  actor: Actor & { role: string },
  now = new Date(),
): Promise<ClaimOutcome | undefined> {
  return db.transaction(async (tx) => {
    const t = leads;
    const [lead] = await tx
      .select({ status: t.status, spam: t.spam, assignedTo: t.assignedTo, claimedBy: t.claimedBy, offeredAt: t.offeredAt })
      .from(t)
      .where(eq(t.id, leadId))
      .for('update');
    if (!lead) return undefined;
    if (lead.claimedBy === actor.id) return { claimed: true };
    const labelOf = async (id: string | null) =>
      id ? ((await tx.select({ label: staffLabelSql }).from(staffUsers).where(eq(staffUsers.id, id)))[0]?.label ?? null) : null;
    if (!mayClaim(lead, actor)) {
      const why = lead.claimedBy ? 'claimed' : lead.status !== 'new' || lead.spam ? 'closed' : 'theirs';
      return { claimed: false, why, by: await labelOf(lead.claimedBy ?? lead.assignedTo) };
    }
    // The lead becomes the claimer's; the history's one line says so, and from whom when it was someone else's.
    const from = lead.assignedTo !== actor.id ? await labelOf(lead.assignedTo) : null;
    if (lead.assignedTo !== actor.id) await tx.update(staffUsers).set({ lastLeadAssignedAt: now }).where(eq(staffUsers.id, actor.id));
    await tx
      .update(t)
      .set({ claimedBy: actor.id, claimedAt: now, assignedTo: actor.id, offeredAt: null, updatedAt: now })
      .where(eq(t.id, leadId));
    await tx.insert(leadActivity).values({
      leadId,
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'claimed',
      detail: { fromName: from },
      createdAt: now,
    });
    return { claimed: true };
  });
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
  if (next) await tx.update(staffUsers).set({ lastLeadAssignedAt: now }).where(eq(staffUsers.id, next.id));
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
export function claimTimeUpSql(now: Date, time: WorkingTime, minutes: number): SQL {
  const t = leads;
  return sql`(${t.offeredAt} is not null and ${t.claimedAt} is null and ${t.status} = 'new' and ${t.spam} = false
    and ${workingMinutesPassedSql(t.offeredAt, now, time, minutes)})`;
}

/**
 * An owner gives a lead to an active staff member, or to nobody (`staffId` null). `undefined` when the lead or the
 * staff member does not exist (or is deactivated); `changed: false` when it already was theirs.
 */
export async function reassignLead(db: Db, leadId: string, staffId: string | null, actor: Actor, now = new Date()) {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ assignedTo: leads.assignedTo })
      .from(leads)
      .where(eq(leads.id, leadId))
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
    if (lead.assignedTo === (assignee?.id ?? null)) {
      // Given by hand to the agent who has it: a person's choice now, so it no longer moves on.
      await tx.update(leads).set({ offeredAt: null }).where(eq(leads.id, leadId));
      return { changed: false, assignedTo: lead.assignedTo };
    }
    await writeAssignment(tx, leadId, assignee, actor, now);
    return { changed: true, assignedTo: assignee?.id ?? null };
  });
}

/** Sets the lead's agent and records it in the lead's history: who gave it to whom (by name, as it was then). */
async function writeAssignment(tx: Db, leadId: string, assignee: Assignee | null, actor: Actor | undefined, now: Date): Promise<void> {
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
const agentServed = preparedStatement((db) =>
  db
    .update(staffUsers)
    .set({ lastLeadAssignedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(eq(staffUsers.id, sql.placeholder('agentId')))
    .prepare('assignment_agent_served'),
);

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
