import 'server-only';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@/modules/staff/server';
import type { Db } from '@/lib/db/client';
import { leads } from '@/lib/db/schema';
import { switchSql } from '@/lib/db/settings.server';
import type { WorkingTime } from '@/lib/working-time';
import { getWorkingTime } from '@/lib/working-time.server';
import type { AccessSwitchEntry } from '@/lib/backup/restore-ledger.server';
import { readSwitch, writeSwitch } from './assignment.server';

/**
 * Which leads a staff member's requests reach (docs/decisions/0388-agents-see-their-own-leads.md). Owners reach every
 * lead. An agent reaches their own leads and those they may claim (the rule of mayClaim in ./assignment.server.ts), and
 * changes only their own, until an owner lets agents see and change every lead. Every staff-facing read and change of
 * a lead in this folder takes a scope made here, so no route can reach a lead without one.
 */

const AGENTS_SEE_EVERY_LEAD = 'lead_agents_see_every_lead';

/** Who is looking and when: the leads they reach, `assignee=me` and the overdue rule depend on it. */
export interface LeadScope {
  staffId: string;
  role: string;
  now: Date;
  time: WorkingTime;
}

/** The scope of a staff member's request now, under the configured working time. */
export const leadScope = (staff: { id: string; role: string }, now = new Date()): LeadScope => ({
  staffId: staff.id,
  role: staff.role,
  now,
  time: getWorkingTime(),
});

/** Whether agents see and change every lead (off, the safe side, unless an owner turned it on). */
export const agentsSeeEveryLead = (db: Db) => readSwitch(db, AGENTS_SEE_EVERY_LEAD, false);

export const setAgentsSeeEveryLead = (db: Db, on: boolean, actor: Actor, now = new Date()) =>
  writeSwitch(db, AGENTS_SEE_EVERY_LEAD, on, actor, now);

/**
 * After `npm run restore`: the switch as owners set it since the backup (the ledger's entries, the last one standing),
 * so a restore never gives agents back every lead (docs/decisions/0404). How many were applied.
 */
export async function setAgentsSeeEveryLeadAgain(db: Db, entries: readonly AccessSwitchEntry[]): Promise<number> {
  const inOrder = [...entries].filter((entry) => entry.name === 'agents-see-every-lead').sort((a, b) => a.at.localeCompare(b.at));
  for (const entry of inOrder)
    await writeSwitch(db, AGENTS_SEE_EVERY_LEAD, entry.on, { id: entry.staffId, email: 'npm run restore' }, new Date(entry.at));
  return inOrder.length;
}

// Read inside each statement, so a change applies to every instance's next request at once.
const everyLeadForAgents = switchSql(AGENTS_SEE_EVERY_LEAD, false);

/** mayClaim in SQL, for someone else's lead: new, not spam, not claimed, and nobody's by a person's choice. */
const claimableSql = sql`(${leads.status} = 'new' and ${leads.spam} = false and ${leads.claimedBy} is null
  and (${leads.assignedTo} is null or ${leads.offeredAt} is not null))`;

const isOwner = (scope: Pick<LeadScope, 'role'>) => scope.role === 'owner';

/** The condition of the leads this scope reaches; undefined: every lead. */
export function leadsInScope(scope: Pick<LeadScope, 'staffId' | 'role'>): SQL | undefined {
  if (isOwner(scope)) return undefined;
  return or(eq(leads.assignedTo, scope.staffId), claimableSql, everyLeadForAgents);
}

/** Whether this scope may change a lead it reaches (its status, a note); a lead it may only claim is claimed first. */
export function mayChangeSql(scope: Pick<LeadScope, 'staffId' | 'role'>): SQL<boolean> {
  if (isOwner(scope)) return sql<boolean>`true`;
  return sql<boolean>`(coalesce(${leads.assignedTo} = ${scope.staffId}, false) or ${everyLeadForAgents})`;
}

/**
 * A lead this scope reaches, locked until the caller's transaction ends, and whether the scope may change it;
 * undefined when there is no such lead or it is outside the scope (the caller answers the same for both).
 */
export async function lockLeadInScope(tx: Db, leadId: string, scope: LeadScope): Promise<{ mayChange: boolean } | undefined> {
  const [row] = await tx
    .select({ mayChange: mayChangeSql(scope) })
    .from(leads)
    .where(and(eq(leads.id, leadId), leadsInScope(scope)))
    .for('update');
  return row;
}
