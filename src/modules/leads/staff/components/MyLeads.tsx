import Link from 'next/link';
import { ASSIGNMENT_COPY } from '@/content/sales-insight';
import type { ChatSender } from '../format';
import type { LeadListRow } from '@/modules/leads/inbox.repository.server';
import { TakesNewLeadsButton } from './AssignmentControls';
import { LeadsTable } from './LeadsTable';

const copy = ASSIGNMENT_COPY.myLeads;

interface MyLeadsProps {
  mine: { leads: LeadListRow[]; total: number };
  staffId: string;
  /** Agents choose whether they take new leads; owners are given leads by hand only. */
  agent: boolean;
  takesNewLeads: boolean;
  now: Date;
  overdueHint: string;
  sender: ChatSender;
}

/** The top of an agent's inbox: their open leads, overdue first, and whether they take new ones. */
export function MyLeads({ mine, staffId, agent, takesNewLeads, now, overdueHint, sender }: MyLeadsProps) {
  return (
    <section aria-labelledby="my-leads" className="space-y-4" data-testid="my-leads">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="my-leads" className="text-2xl">
            {copy.heading}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            {copy.intro} {agent ? (takesNewLeads ? copy.takesOn : copy.takesOff) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          {agent ? <TakesNewLeadsButton staffId={staffId} takes={takesNewLeads} /> : null}
          {mine.total > mine.leads.length ? (
            <Link href="/admin?assignee=me" className="btn-outline min-h-11 px-4">
              {copy.all(mine.total)}
            </Link>
          ) : null}
        </div>
      </div>
      <LeadsTable
        leads={mine.leads}
        now={now}
        overdueHint={overdueHint}
        caption={copy.heading}
        empty={copy.empty}
        testId="my-lead"
        sender={sender}
        showAgent={false}
      />
    </section>
  );
}
