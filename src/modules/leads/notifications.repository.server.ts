import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { leads, staffUsers } from '@/lib/db/schema';
import { staffLabelSql } from './assignment.server';

/**
 * What a lead's messages need of the lead when they are sent: the messages themselves are the one outbox's
 * (src/modules/messaging/outbox; docs/decisions/0410-one-outbox.md), queued and read through the messaging entry.
 */

/** The lead's agent as the messages name and address them: only while the account is active. */
const activeAssignee = and(eq(staffUsers.id, leads.assignedTo), eq(staffUsers.active, true));
const assigneeColumns = { email: staffUsers.email, label: staffLabelSql };

/** A lead with its agent (null when nobody active has it). */
const leadWithAssigneeColumns = { lead: leads, assignee: assigneeColumns };

/** Leads with their agents (or null), for their messages' delivery; one that is gone (erased) is missing. */
export async function leadsForDelivery(db: Db, leadIds: string[]) {
  if (!leadIds.length) return [];
  return forDelivery(db).execute({ ids: `{${[...new Set(leadIds)].join(',')}}` });
}

const forDelivery = preparedStatement((db) =>
  db
    .select(leadWithAssigneeColumns)
    .from(leads)
    .leftJoin(staffUsers, activeAssignee)
    .where(sql`${leads.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('leads_for_delivery'),
);

/** A lead with its agent (or null), for its overdue reminder or hand-over message; undefined when it is gone (erased). */
export async function findLeadWithAssignee(db: Db, leadId: string) {
  const [row] = await db
    .select(leadWithAssigneeColumns)
    .from(leads)
    .leftJoin(staffUsers, activeAssignee)
    .where(eq(leads.id, leadId))
    .limit(1);
  return row;
}
