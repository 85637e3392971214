import 'server-only';
import type { PgBoss } from 'pg-boss';
import { SYSTEM_ACTOR_EMAIL, type Actor } from '@/modules/staff/server';
import type { Db } from '@/lib/db/client';
import type { DistrictChoice } from '@/lib/db/enums';
import type { LeadStatus } from '@/lib/db/schema';
import { getEnv, type ServerEnv } from '@/lib/env.server';
import { giveBack, siteCounter, takeIfRoom, type RateCounter, type TakenPlace } from '@/lib/http/rate-limit.server';
import { logError } from '@/lib/log';
import type { HandOverJob } from '@/lib/jobs/queues';
import { queueMessages } from '@/modules/messaging/server';
import type { WorkingTime } from '@/lib/working-time';
import { getWorkingTime } from '@/lib/working-time.server';
import { insertNote, recordActivity } from './activity.repository.server';
import {
  activeAssignee,
  assignNewLead,
  autoAssignEnabled,
  endOffer,
  handOverLead,
  lockAssignee,
  lockForClaim,
  lockLeadsToPassOn,
  markClaimed,
  mayClaim,
  staffLabelOf,
  writeAssignment,
  type Assignee,
} from './assignment.server';
import { deleteHeldLeads, holdLeads, lockHeldLeads, recentLeadsOfNetwork, unholdLeads } from './held.repository.server';
import { markServed } from '@/modules/staff/server';
import { queueLeadNotifications, withdrawWaitingNotifications } from './notifications.server';
import { leadScope, lockLeadInScope } from './scope.server';
import { latestLeadWithPhone } from './conversations/messages.repository.server';
import {
  insertChatLead,
  insertLead,
  lockChatNumber,
  lockOverdueLeads,
  lockPipeline,
  markReminded,
  setDistrict,
  setStatus,
  touchLead,
  type NewChatLead,
  type NewLead,
  type StoredLead,
} from './submissions.repository.server';

/**
 * The lead's operations (docs/decisions/0381-the-lead-has-a-home.md): what features and routes do to a lead, as plain
 * functions. Each runs its statements (the repositories beside it) in one transaction: its own, or the caller's where
 * it takes `tx`.
 */

// The messages' own operations, from where they are written.
export { resendNotification, wakeLeadSenders } from './notifications.server';

// ---- a new lead: stored, then taken as usual or held --------------------------------------------------------------

/** Stores a new lead in the caller's transaction; undefined when its idempotency key already has one (nothing is stored). */
export const storeLead = (tx: Db, lead: NewLead): Promise<StoredLead | undefined> => insertLead(tx, lead);

/**
 * Takes a stored lead as usual, in the caller's transaction: the round-robin deals it out first, so its sales e-mail
 * goes to its agent too; then its notification rows and their jobs are queued, to go `afterSeconds` later. Once the
 * transaction has committed, wakeLeadSenders has this process send them at once.
 */
export async function takeLead(
  tx: Db,
  lead: { id: string; email: string | null },
  jobs: PgBoss,
  { afterSeconds = 0 }: { afterSeconds?: number } = {},
): Promise<Assignee | undefined> {
  const assignee = await assignNewLead(tx, lead);
  await queueLeadNotifications(tx, lead, jobs, { afterSeconds });
  return assignee;
}

/**
 * The site-wide window of leads taken as usual (RATE_LIMIT_INTEREST_SITE; docs/decisions/0343): one for a form's and a
 * chat's leads alike, so a flood by either holds the leads past the rate.
 */
export const siteLeadCounter = (env: Pick<ServerEnv, 'RATE_LIMIT_INTEREST_SITE'> = getEnv()): RateCounter =>
  siteCounter('interest', env.RATE_LIMIT_INTEREST_SITE);

/** Tells the owners a flood began, in the held lead's transaction (the notifications feature's, handed in by the route). */
export type FloodAlert = (tx: Db, jobs: PgBoss, leadId: string) => Promise<void>;

/**
 * The lead of a chat a buyer started on WhatsApp (docs/decisions/0399), in a transaction of its own: the newest lead
 * with the number a message may go to (latestLeadWithPhone: never a spam or held lead a form made) when there is one;
 * else a new lead, its number verified (it wrote to us). Like a form's (docs/decisions/0403), it takes a place in the
 * site-wide window first; with one it is taken as usual (takeLead: its agent, sales e-mail, push alert, webhook and
 * first reply; no receipt, having no e-mail address), without one it is held and the owners hear of the flood once.
 * Chats from one number are taken one at a time, so two messages that come together make one lead. `created`: this
 * call made it (then, unless it was held (`setAside`), call wakeLeadSenders).
 */
export async function takeChatLead(
  db: Db,
  jobs: PgBoss,
  chat: NewChatLead,
  alertOwnersOfFlood: FloodAlert,
): Promise<{ id: string; assignedTo: string | null; setAside: boolean; created: boolean }> {
  // As a form's lead: in a statement of its own before the transaction, so concurrent chats never take more than the rate.
  const place = await takeIfRoom(db, siteLeadCounter());
  const taken = await db
    .transaction(async (tx) => {
      await lockChatNumber(tx, chat.phoneE164);
      const existing = await latestLeadWithPhone(tx, chat.phoneE164);
      if (existing) return { ...existing, created: false };
      // Its message cannot have made a lead already: that lead would have the number, verified.
      const row = (await insertChatLead(tx, chat))!;
      if (!place) {
        await alertOwnersOfFlood(tx, jobs, row.id);
        await holdLead(tx, row.id);
        return { id: row.id, assignedTo: null, setAside: true, created: true };
      }
      const assignee = await takeLead(tx, row, jobs);
      return { id: row.id, assignedTo: assignee?.id ?? null, setAside: false, created: true };
    })
    .catch(async (error: unknown) => {
      if (place) await giveBackPlace(db, place);
      throw error;
    });
  // A chat that found its lead after all gives its place back.
  if (place && !taken.created) await giveBackPlace(db, place);
  return taken;
}

/** Should giving back fail too, the window stays one lead fuller until it ends: it errs on holding. */
const giveBackPlace = (db: Db, place: TakenPlace) =>
  giveBack(db, place).catch((error) => logError('[chat lead] a site-wide place was not given back', error));

/**
 * Holds a stored lead in a flood (docs/decisions/0343-a-flood-is-held-not-refused.md), in the caller's transaction:
 * nobody hears of it until an owner releases it. A block's flood (`network`) also holds the block's leads since
 * `network.since` whose messages all still wait, their messages withdrawn.
 */
export async function holdLead(tx: Db, leadId: string, network?: { hash: string; since: Date }): Promise<void> {
  const caught = network ? await recentLeadsOfNetwork(tx, network.hash, network.since, leadId) : [];
  await holdLeads(tx, [leadId, ...(await withdrawWaitingNotifications(tx, caught))]);
}

/**
 * An owner releases every held lead, in the caller's transaction: each becomes an ordinary new lead, taken as if it had
 * just arrived (takeLead). Only when `confirmed` is how many are held now; otherwise nothing, and how many are held.
 */
export async function releaseHeldLeads(
  tx: Db,
  jobs: PgBoss,
  confirmed: number,
): Promise<{ ok: true; released: number } | { ok: false; held: number }> {
  // The count the owner saw and confirmed: a flood that went on meanwhile is not released blind (0385).
  const held = await lockHeldLeads(tx);
  if (held.length !== confirmed) return { ok: false, held: held.length };
  const released = await unholdLeads(tx, held);
  for (const lead of released) await takeLead(tx, lead, jobs);
  return { ok: true, released: released.length };
}

/** An owner discards every held lead (nobody was told of them, so nobody is told now). Returns how many. */
export const discardHeldLeads = (tx: Db): Promise<number> => deleteHeldLeads(tx);

// ---- whose the lead is (docs/decisions/0205-lead-assignment.md, 0365-claims-and-leads-that-move-on.md) -------------

/**
 * An owner gives a lead to an active staff member, or to nobody (`staffId` null). `undefined` when the lead or the
 * staff member does not exist (or is deactivated); `changed: false` when it already was theirs.
 */
export async function reassignLead(db: Db, leadId: string, staffId: string | null, actor: Actor, now = new Date()) {
  return db.transaction(async (tx) => {
    const lead = await lockAssignee(tx, leadId);
    if (!lead) return undefined;
    let assignee: Assignee | null = null;
    if (staffId) {
      const row = await activeAssignee(tx, staffId);
      if (!row) return undefined;
      assignee = row;
    }
    if (lead.assignedTo === (assignee?.id ?? null)) {
      // Given by hand to the agent who has it: a person's choice now, so it no longer moves on.
      await endOffer(tx, leadId);
      return { changed: false, assignedTo: lead.assignedTo };
    }
    await writeAssignment(tx, leadId, assignee, actor, now);
    return { changed: true, assignedTo: assignee?.id ?? null };
  });
}

export type ClaimOutcome = { claimed: true } | { claimed: false; why: 'claimed' | 'theirs' | 'closed'; by: string | null };

/**
 * "I'm on it": the first to claim a lead has it (mayClaim says who may). The claim is recorded (who, when, in the
 * history), the lead becomes theirs if it was not (their turn in the round-robin counts it), and it stops moving on. A
 * second claim by the same person changes nothing; anyone else's is refused with why and whose it is. Undefined: no
 * such lead, or none the claimer's scope reaches (./scope.server.ts).
 */
export async function claimLead(
  db: Db,
  leadId: string,
  actor: Actor & { role: string },
  now = new Date(),
): Promise<ClaimOutcome | undefined> {
  return db.transaction(async (tx) => {
    if (!(await lockLeadInScope(tx, leadId, leadScope(actor, now)))) return undefined;
    const lead = await lockForClaim(tx, leadId);
    if (!lead) return undefined;
    if (lead.claimedBy === actor.id) return { claimed: true };
    if (!mayClaim(lead, actor)) {
      const why = lead.claimedBy ? 'claimed' : lead.status !== 'new' || lead.spam ? 'closed' : 'theirs';
      return { claimed: false, why, by: await staffLabelOf(tx, lead.claimedBy ?? lead.assignedTo) };
    }
    // The lead becomes the claimer's; the history's one line says so, and from whom when it was someone else's.
    const from = lead.assignedTo !== actor.id ? await staffLabelOf(tx, lead.assignedTo) : null;
    if (lead.assignedTo !== actor.id) await markServed(tx, actor.id, now);
    await markClaimed(tx, leadId, actor.id, now);
    await recordActivity(tx, {
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

/** Leads offered longer ago than this are left alone (say, when the round-robin is turned back on after a week). */
const PASS_ON_WITHIN_MS = 7 * 86_400_000;
const PASS_ON_BATCH = 100;

/**
 * Passes on the leads their agent did not claim in time (while the round-robin is on): each to the next agent, or after
 * the last to the owners (handOverLead), in one transaction with the `hand-over` jobs that tell them, so however many
 * instances run this, a lead moves once per turn. Returns the jobs queued.
 */
export async function passOnUnclaimedLeads(
  db: Db,
  boss: PgBoss,
  now = new Date(),
  time: WorkingTime = getWorkingTime(),
  minutes = getEnv().LEAD_CLAIM_MINUTES,
): Promise<HandOverJob[]> {
  if (minutes === 0 || !(await autoAssignEnabled(db))) return [];
  return db.transaction(async (tx) => {
    const due = await lockLeadsToPassOn(tx, now, time, minutes, new Date(now.getTime() - PASS_ON_WITHIN_MS), PASS_ON_BATCH);
    const jobs: HandOverJob[] = [];
    for (const [i, lead] of due.entries()) {
      // A millisecond apart: each hand-over is the next agent's turn, so a batch is dealt out in turn, not to one.
      const next = await handOverLead(tx, lead, new Date(now.getTime() + i));
      jobs.push({ leadId: lead.id, to: next === 'owners' ? null : next.id });
    }
    // Each hand-over is a message of the one outbox (docs/decisions/0410): one per turn (the time names it).
    if (jobs.length)
      await queueMessages(
        tx,
        boss,
        jobs.map((job, i) => ({
          subjectType: 'agent',
          subjectId: job.leadId,
          leadId: job.leadId,
          kind: 'hand_over',
          channel: 'email',
          dedupeKey: `agent:${job.leadId}:hand_over:${job.to ?? 'owners'}:${now.getTime() + i}`,
          payload: { ...job },
        })),
      );
    return jobs;
  });
}

// ---- overdue leads (docs/decisions/0206-overdue-leads.md) ------------------------------------------------------------

/** Leads older than this when the check first sees them overdue are not reminded (say, after the first deploy). */
const REMIND_WITHIN_MS = 7 * 86_400_000;
/** At most this many reminders per run; the next run takes the rest. */
const REMIND_BATCH = 200;

/**
 * Marks the leads overdue now and queues their one reminder each, in one transaction, so each lead is reminded once
 * however many instances run the check. Returns their ids.
 */
export async function queueOverdueReminders(db: Db, boss: PgBoss, now = new Date(), time = getWorkingTime()): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ids = await lockOverdueLeads(tx, now, time, new Date(now.getTime() - REMIND_WITHIN_MS), REMIND_BATCH);
    if (ids.length === 0) return [];
    await markReminded(tx, ids, now);
    // A message of the one outbox (docs/decisions/0410), keyed by its lead: queued once even if two checks overlapped.
    await queueMessages(
      tx,
      boss,
      ids.map((id) => ({
        subjectType: 'agent',
        subjectId: id,
        leadId: id,
        kind: 'overdue_reminder',
        channel: 'email',
        dedupeKey: `agent:${id}:overdue_reminder`,
      })),
    );
    return ids;
  });
}

/** The lead's overdue reminder was sent (or could not be), to its agent (`toName`) or to sales: noted in its history. */
export const noteOverdueReminder = (db: Db, leadId: string, detail: { toName: string | null; sent: boolean }, now: Date) =>
  recordActivity(db, { leadId, actorEmail: SYSTEM_ACTOR_EMAIL, action: 'overdue_reminder', detail, createdAt: now });

// ---- the pipeline and notes ------------------------------------------------------------------------------------------

/** Statuses that mean somebody reached the person (first contact is recorded on the first of these). */
const CONTACT_STATUSES: LeadStatus[] = ['contacted', 'qualified', 'inspection_booked', 'inspected', 'plot_held', 'reserved', 'won', 'lost'];

/** A staff member's change to a lead their scope reaches but that is not theirs to change: they claim it first. */
export const CLAIM_FIRST = { refused: 'claim-first' } as const;

/**
 * Runs a staff member's change to a lead in one transaction, the lead locked in their scope first: undefined when it
 * does not exist or their scope does not reach it (./scope.server.ts), CLAIM_FIRST when they may only claim it.
 */
async function changeInScope<T>(
  db: Db,
  id: string,
  actor: Actor & { role: string },
  now: Date,
  change: (tx: Db) => Promise<T>,
): Promise<T | typeof CLAIM_FIRST | undefined> {
  return db.transaction(async (tx) => {
    const reach = await lockLeadInScope(tx, id, leadScope(actor, now));
    if (!reach) return undefined;
    if (!reach.mayChange) return CLAIM_FIRST;
    return change(tx);
  });
}

/**
 * Moves a lead in the pipeline and records who did it. Leaving `new` for a contact status sets first_contacted_at
 * once. Returns undefined when the lead does not exist or the staff member's scope does not reach it (./scope.server.ts),
 * CLAIM_FIRST when they may only claim it.
 */
export async function changeLeadStatus(db: Db, id: string, status: LeadStatus, actor: Actor & { role: string }, now = new Date()) {
  return changeInScope(db, id, actor, now, async (tx) => {
    const lead = await lockPipeline(tx, id);
    if (!lead) return undefined;
    if (lead.status === status) return { changed: false, status };
    const firstContact = !lead.firstContactedAt && CONTACT_STATUSES.includes(status) ? now : undefined;
    await setStatus(tx, id, status, now, firstContact);
    await recordActivity(tx, {
      leadId: id,
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'status_changed',
      detail: { from: lead.status, to: status, ...(firstContact ? { firstContact: true } : {}) },
      createdAt: now,
    });
    return { changed: true, status };
  });
}

/**
 * Sets or changes the lead's district, recorded in its history: a chat's lead that named none says it on the call
 * (docs/decisions/0399), and a buyer may change their mind. As changeLeadStatus: undefined when the lead does not exist
 * or the staff member's scope does not reach it, CLAIM_FIRST when they may only claim it.
 */
export async function changeLeadDistrict(db: Db, id: string, district: DistrictChoice, actor: Actor & { role: string }, now = new Date()) {
  return changeInScope(db, id, actor, now, async (tx) => {
    const lead = await lockPipeline(tx, id);
    if (!lead) return undefined;
    if (lead.district === district) return { changed: false, district };
    await setDistrict(tx, id, district, now);
    await recordActivity(tx, {
      leadId: id,
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'district_changed',
      detail: { from: lead.district, to: district },
      createdAt: now,
    });
    return { changed: true, district };
  });
}

/**
 * A staff member's note on a lead, recorded in its history. Returns the note; undefined when there is no such lead or
 * their scope does not reach it, CLAIM_FIRST when they may only claim it.
 */
export async function addLeadNote(db: Db, id: string, body: string, actor: Actor & { role: string }, now = new Date()) {
  return changeInScope(db, id, actor, now, async (tx) => {
    const note = await insertNote(tx, { leadId: id, authorId: actor.id, authorEmail: actor.email, body, createdAt: now });
    await recordActivity(tx, {
      leadId: id,
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'note_added',
      detail: { noteId: note.id },
      createdAt: now,
    });
    await touchLead(tx, id, now);
    return note;
  });
}
