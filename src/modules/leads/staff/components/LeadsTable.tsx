import Link from 'next/link';
import { ASSIGNMENT_COPY } from '@/content/sales-insight';
import { districtOf, STAFF_COPY } from '@/content/staff';
import { leadContactLinks, sourceLabel, timeAgo, type ChatSender } from '../format';
import { leadLocalTime } from '../local-time.server';
import type { LeadListRow } from '@/modules/leads/inbox.repository.server';
import { OverdueBadge, StatusBadge } from './StatusBadge';
import { inboxStatusOf } from '../schema';

const copy = STAFF_COPY.inbox;

function PhoneLinks({ lead, sender }: { lead: LeadListRow; sender: ChatSender }) {
  const { tel, whatsapp: wa } = leadContactLinks(lead, sender);
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <a
        href={tel}
        className="font-medium text-forest-800 underline underline-offset-4"
        aria-label={`${copy.callLead(lead.fullName)}: ${lead.phoneRaw}`}
      >
        {lead.phoneRaw}
      </a>
      {wa ? (
        <a
          href={wa}
          target="_blank"
          rel="noopener noreferrer"
          className="text-xs font-semibold text-brass-700 underline underline-offset-4"
          aria-label={copy.whatsappLead(lead.fullName)}
        >
          {copy.whatsapp}
        </a>
      ) : null}
    </span>
  );
}

/** Where a foreign lead is, what their clock reads now (nothing for Nigerian numbers). */
function LocalTime({ lead, now }: { lead: LeadListRow; now: Date }) {
  const local = leadLocalTime(lead.phoneE164, now);
  if (!local) return null;
  return (
    <span className="text-ink-soft" data-testid="lead-local-time">
      {copy.localTimeLabel}: {copy.localTime(local.time, local.country, local.range)}
    </span>
  );
}

/**
 * A lead on a phone: the whole card opens the lead (its name link stretched over it), with Call and WhatsApp as
 * full-height buttons above that link, so a thumb reaches the person in one tap.
 */
function LeadCard({
  lead,
  now,
  overdueHint,
  sender,
  testId,
  showAgent,
}: {
  lead: LeadListRow;
  now: Date;
  overdueHint: string;
  sender: ChatSender;
  testId: string;
  showAgent: boolean;
}) {
  const { tel, whatsapp: wa } = leadContactLinks(lead, sender);
  return (
    <li
      className="relative rounded-2xl border border-forest-900/10 bg-white p-4 transition-colors focus-within:border-forest-800 hover:border-forest-800/40"
      data-testid={`${testId}-card`}
    >
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 wrap-anywhere font-display text-lg text-forest-900">
          <span className="text-ink-soft">{lead.title}</span>{' '}
          <Link
            href={`/admin/leads/${lead.id}`}
            className="underline-offset-4 after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:underline focus-visible:outline-none"
            dir="auto"
          >
            {lead.fullName}
          </Link>
        </p>
        <Badges lead={lead} overdueHint={overdueHint} />
      </div>
      <p className="mt-1 flex flex-wrap gap-x-2 text-sm text-ink-soft">
        <span>{districtOf(lead)}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={lead.createdAt.toISOString()}>{timeAgo(lead.createdAt, now)}</time>
        {showAgent ? (
          <>
            <span aria-hidden="true">·</span>
            <span>{lead.assigneeLabel ?? ASSIGNMENT_COPY.unassigned}</span>
          </>
        ) : null}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
        <span className="tabular-nums">{lead.phoneRaw}</span>
        <LocalTime lead={lead} now={now} />
      </p>
      <div className={`relative z-10 mt-4 grid gap-2 ${wa ? 'grid-cols-2' : 'grid-cols-1'}`}>
        <a
          href={tel}
          className="btn-outline min-h-11 px-4"
          aria-label={`${copy.callLead(lead.fullName)}: ${lead.phoneRaw}`}
          data-testid="card-call"
        >
          {copy.call}
        </a>
        {wa ? (
          <a
            href={wa}
            target="_blank"
            rel="noopener noreferrer"
            className="btn-primary min-h-11 px-4"
            aria-label={copy.whatsappLead(lead.fullName)}
            data-testid="card-whatsapp"
          >
            {copy.whatsapp}
          </a>
        ) : null}
      </div>
    </li>
  );
}

function Badges({ lead, overdueHint }: { lead: LeadListRow; overdueHint: string }) {
  return (
    <span className="flex flex-wrap items-center justify-end gap-1.5 md:justify-start">
      <StatusBadge status={inboxStatusOf(lead)} />
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
  /** The signed-in staff member and brand, who sign the WhatsApp greeting. */
  sender: ChatSender;
  /** Whose the lead is (left out under My leads, where every lead is the reader's own). */
  showAgent?: boolean;
}

/** A real table on wide screens; on phones each row becomes a card (same data, same links). */
export function LeadsTable({
  leads,
  now,
  overdueHint,
  sender,
  caption = copy.caption,
  empty = copy.empty,
  testId = 'lead',
  showAgent = true,
}: LeadsTableProps) {
  if (leads.length === 0)
    return <p className="rounded-2xl border border-dashed border-forest-900/20 p-8 text-center text-ink-soft">{empty}</p>;
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-forest-900/10 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-ivory-100 text-xs uppercase tracking-wider text-ink-soft">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {copy.columns.name}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {copy.columns.district}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {copy.columns.phone}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {copy.columns.email}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {copy.columns.status}
              </th>
              {showAgent ? (
                <th scope="col" className="px-4 py-3 font-semibold">
                  {ASSIGNMENT_COPY.agent}
                </th>
              ) : null}
              <th scope="col" className="px-4 py-3 font-semibold">
                {copy.columns.age}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {copy.columns.source}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-forest-900/10">
            {leads.map((lead) => (
              <tr key={lead.id} className="align-top hover:bg-ivory-50" data-testid={`${testId}-row`}>
                <th scope="row" className="max-w-64 px-4 py-3 font-medium wrap-anywhere">
                  <Link href={`/admin/leads/${lead.id}`} className="text-forest-900 underline-offset-4 hover:underline" dir="auto">
                    {lead.fullName}
                  </Link>
                </th>
                <td className="px-4 py-3">{districtOf(lead)}</td>
                <td className="px-4 py-3">
                  <PhoneLinks lead={lead} sender={sender} />
                  <span className="mt-1 block text-xs">
                    <LocalTime lead={lead} now={now} />
                  </span>
                </td>
                <td className="px-4 py-3">
                  {lead.email ? (
                    <a href={`mailto:${lead.email}`} className="break-all text-forest-800 underline-offset-4 hover:underline">
                      {lead.email}
                    </a>
                  ) : (
                    <span className="text-ink-soft">—</span>
                  )}
                </td>
                <td className="px-4 py-3">
                  <Badges lead={lead} overdueHint={overdueHint} />
                </td>
                {showAgent ? (
                  <td className="min-w-28 px-4 py-3 text-ink-soft">{lead.assigneeLabel ?? ASSIGNMENT_COPY.unassigned}</td>
                ) : null}
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
          <LeadCard key={lead.id} lead={lead} now={now} overdueHint={overdueHint} sender={sender} testId={testId} showAgent={showAgent} />
        ))}
      </ul>
    </>
  );
}
