import Link from 'next/link';
import { ASSIGNMENT_COPY } from '@/content/sales-insight';
import { STAFF_COPY } from '@/content/staff';
import { leadContactLinks, sourceLabel, timeAgo } from '../format';
import type { LeadListRow } from '../repository.server';
import { OverdueBadge, StatusBadge } from './StatusBadge';

const copy = STAFF_COPY.inbox;

function PhoneLinks({ lead }: { lead: LeadListRow }) {
  const { tel, whatsapp: wa } = leadContactLinks(lead);
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <a href={tel} className="font-medium text-forest-800 underline underline-offset-4" aria-label={`${copy.call} ${lead.fullName}: ${lead.phoneRaw}`}>
        {lead.phoneRaw}
      </a>
      {wa ? (
        <a href={wa} target="_blank" rel="noopener noreferrer" className="text-xs font-semibold text-brass-700 underline underline-offset-4" aria-label={`${copy.whatsapp} ${lead.fullName}`}>
          {copy.whatsapp}
        </a>
      ) : null}
    </span>
  );
}

function Badges({ lead, overdueHint }: { lead: LeadListRow; overdueHint: string }) {
  return (
    <span className="flex flex-wrap items-center justify-end gap-1.5 md:justify-start">
      <StatusBadge status={lead.spam ? 'spam' : lead.status} />
      {lead.overdue ? <OverdueBadge hint={overdueHint} /> : null}
    </span>
  );
}

interface LeadsTableProps {
  leads: LeadListRow[];
  now: Date;
  /** What an overdue badge says to those who hover or listen (it names the target). */
  overdueHint: string;
  caption?: string;
  empty?: string;
  /** Test ids of the rows and cards: `${testId}-row`, `${testId}-card`. */
  testId?: string;
}

/** A real table on wide screens; on phones each row becomes a card (same data, same links). */
export function LeadsTable({ leads, now, overdueHint, caption = copy.caption, empty = copy.empty, testId = 'lead' }: LeadsTableProps) {
  if (leads.length === 0) return <p className="rounded-2xl border border-dashed border-forest-900/20 p-8 text-center text-ink-soft">{empty}</p>;
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-forest-900/10 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-ivory-100 text-xs uppercase tracking-wider text-ink-soft">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">{copy.columns.name}</th>
              <th scope="col" className="px-4 py-3 font-semibold">{copy.columns.district}</th>
              <th scope="col" className="px-4 py-3 font-semibold">{copy.columns.phone}</th>
              <th scope="col" className="px-4 py-3 font-semibold">{copy.columns.email}</th>
              <th scope="col" className="px-4 py-3 font-semibold">{copy.columns.status}</th>
              <th scope="col" className="px-4 py-3 font-semibold">{ASSIGNMENT_COPY.agent}</th>
              <th scope="col" className="px-4 py-3 font-semibold">{copy.columns.age}</th>
              <th scope="col" className="px-4 py-3 font-semibold">{copy.columns.source}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-forest-900/10">
            {leads.map((lead) => (
              <tr key={lead.id} className="align-top hover:bg-ivory-50" data-testid={`${testId}-row`}>
                <th scope="row" className="max-w-64 px-4 py-3 font-medium wrap-anywhere">
                  <Link href={`/admin/leads/${lead.id}`} className="text-forest-900 underline-offset-4 hover:underline">
                    {lead.fullName}
                  </Link>
                </th>
                <td className="px-4 py-3">{lead.district}</td>
                <td className="px-4 py-3">
                  <PhoneLinks lead={lead} />
                </td>
                <td className="px-4 py-3">
                  <a href={`mailto:${lead.email}`} className="break-all text-forest-800 underline-offset-4 hover:underline">
                    {lead.email}
                  </a>
                </td>
                <td className="px-4 py-3">
                  <Badges lead={lead} overdueHint={overdueHint} />
                </td>
                <td className="px-4 py-3 text-ink-soft">{lead.assigneeLabel ?? ASSIGNMENT_COPY.unassigned}</td>
                <td className="whitespace-nowrap px-4 py-3 text-ink-soft">
                  <time dateTime={lead.createdAt.toISOString()}>{timeAgo(lead.createdAt, now)}</time>
                </td>
                <td className="px-4 py-3 text-ink-soft">{sourceLabel(lead)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label={caption}>
        {leads.map((lead) => (
          <li key={lead.id} className="rounded-2xl border border-forest-900/10 bg-white p-4" data-testid={`${testId}-card`}>
            <div className="flex items-start justify-between gap-3">
              <Link href={`/admin/leads/${lead.id}`} className="min-w-0 wrap-anywhere font-display text-lg text-forest-900 underline-offset-4 hover:underline">
                {lead.fullName}
              </Link>
              <Badges lead={lead} overdueHint={overdueHint} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-ink-soft">{copy.columns.district}</dt>
              <dd>{lead.district}</dd>
              <dt className="text-ink-soft">{copy.columns.phone}</dt>
              <dd>
                <PhoneLinks lead={lead} />
              </dd>
              <dt className="text-ink-soft">{copy.columns.email}</dt>
              <dd className="min-w-0 break-all">
                <a href={`mailto:${lead.email}`} className="text-forest-800 underline underline-offset-4">
                  {lead.email}
                </a>
              </dd>
              <dt className="text-ink-soft">{ASSIGNMENT_COPY.agent}</dt>
              <dd>{lead.assigneeLabel ?? ASSIGNMENT_COPY.unassigned}</dd>
              <dt className="text-ink-soft">{copy.columns.age}</dt>
              <dd>
                <time dateTime={lead.createdAt.toISOString()}>{timeAgo(lead.createdAt, now)}</time>
              </dd>
              <dt className="text-ink-soft">{copy.columns.source}</dt>
              <dd className="min-w-0 wrap-anywhere">{sourceLabel(lead)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
