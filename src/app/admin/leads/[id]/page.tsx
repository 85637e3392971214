import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { districtOf, STAFF_COPY } from '@/content/staff';
import { LeadDistrictForm, LeadNoteForm, LeadStatusForm, MarkContactedButton } from '@/modules/leads/ui';
import { AssigneeForm } from '@/modules/leads/ui';
import { OverdueBadge, StatusBadge } from '@/modules/leads/ui';
import { formatMinutes, leadContactLinks, timeAgo } from '@/modules/leads';
import { staffDisplayName } from '@/modules/staff';
import { leadLocalTime } from '@/modules/leads/server';
import { getSiteFacts } from '@/lib/site-facts.server';
import { formatDateTime } from '@/lib/format';
import { ATTRIBUTION_FIELDS } from '@/lib/lead-attribution';
import { getLeadDetail } from '@/modules/leads/server';
import { leadScope } from '@/modules/leads/server';
import { getEnv } from '@/lib/env.server';
import { ASSIGNMENT_COPY } from '@/content/sales-insight';
import { SYSTEM_ACTOR_EMAIL } from '@/modules/staff/server';
import { assignableStaff, mayClaim } from '@/modules/leads/server';
import { NotificationList } from '@/modules/leads/ui.server';
import { listForLead } from '@/modules/leads/server';
import { NOTIFICATION_COPY } from '@/content/notifications';
import { currentStaff } from '@/modules/staff/ui.server';
import { getDatabase } from '@/lib/db/client';
import { idParamSchema } from '@/lib/validation/id';
import { INSPECTIONS_STAFF_COPY } from '@/content/inspections-staff';
import { BUYER_ACTOR_EMAIL } from '@/modules/inspections/server';
import { bookingsOfLead } from '@/modules/inspections/server';
import { LeadInspections } from '@/modules/inspections/ui';
import { describeInspectionAction } from '@/modules/inspections';
import { describePlotAction } from '@/modules/plots';
import { leadConversation } from '@/modules/conversations/server';
import { LeadConversation } from '@/modules/conversations/ui';
import { describeConversationAction } from '@/modules/conversations/server';
import { replyFormAnswer } from '@/modules/conversations/server';

export const metadata: Metadata = { title: 'Lead' };

const copy = STAFF_COPY.lead;

function describe(action: string, detail: unknown): string {
  const d = (detail ?? {}) as { from?: string; to?: string; toName?: string | null; fromName?: string | null; roundRobin?: boolean };
  if (action === 'status_changed')
    return copy.actions.status_changed(
      STAFF_COPY.statuses[d.from ?? ''] ?? String(d.from),
      STAFF_COPY.statuses[d.to ?? ''] ?? String(d.to),
    );
  if (action === 'note_added') return copy.actions.note_added;
  if (action === 'district_changed') return copy.actions.district_changed(districtOf({ district: d.from ?? null }), String(d.to));
  if (action === 'assigned') return ASSIGNMENT_COPY.history.assigned(d.toName ?? null, d.roundRobin === true);
  if (action === 'overdue_reminder') return ASSIGNMENT_COPY.history.overdueReminder(d.toName ?? null);
  if (action === 'claimed') return ASSIGNMENT_COPY.history.claimed(d.fromName ?? null);
  if (action === 'handed_over') return ASSIGNMENT_COPY.history.handedOver(d.fromName ?? null, d.toName ?? null);
  return (
    describeInspectionAction(action, detail) ?? describePlotAction(action, detail) ?? describeConversationAction(action, detail) ?? action
  );
}

export default async function LeadPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await currentStaff();
  const id = idParamSchema.safeParse((await params).id);
  if (!id.success) notFound();
  const { db } = await getDatabase();
  const scope = leadScope(staff);
  // A lead outside the staff member's scope is not found, whether or not it exists (docs/decisions/0388).
  const detail = await getLeadDetail(db, id.data, scope);
  if (!detail) notFound();
  const { lead, notes, activity, mayChange } = detail;
  const [notifications, staffList, inspections, conversation] = await Promise.all([
    listForLead(db, id.data),
    staff.role === 'owner' ? assignableStaff(db) : [],
    bookingsOfLead(db, id.data),
    leadConversation(db, lead, { name: staff.name, email: staff.email, mayChange }, scope.now),
  ]);
  // WhatsApp and SMS set up, or messages already: the conversation, with the answer of a reply posted without scripts.
  const messages = conversation ? (
    <LeadConversation leadId={lead.id} buyerName={lead.fullName} conversation={conversation} answer={await replyFormAnswer()} />
  ) : null;
  // A booked inspection is what the agent needs next (who, when, did they come): above the details; else below them.
  const booked = inspections.some((booking) => booking.state !== 'cancelled');
  const inspection = (
    <section aria-labelledby="inspection" className="min-w-0 rounded-2xl border border-forest-900/10 bg-white p-6">
      <h2 id="inspection" className="text-xl">
        {INSPECTIONS_STAFF_COPY.lead.heading}
      </h2>
      <LeadInspections bookings={inspections} />
    </section>
  );
  const links = leadContactLinks(lead, { agent: staffDisplayName(staff), brand: getSiteFacts().brand });
  const { tel } = links;
  // A number that said STOP to WhatsApp gets no WhatsApp message from the agent's phone either (the Messages section says so).
  const wa = conversation?.optedOut?.stops.includes('whatsapp') ? undefined : links.whatsapp;
  const { now } = scope;
  const claimMinutes = getEnv().LEAD_CLAIM_MINUTES;
  const local = leadLocalTime(lead.phoneE164, now);
  const claimant = activity.find((item) => item.action === 'claimed')?.actorName;
  const claimable = mayClaim(lead, staff);
  const fields: [string, string | null][] = [
    [copy.fields.title, lead.title ?? copy.notSaid.title],
    [copy.fields.name, lead.fullName],
    [copy.fields.district, districtOf(lead)],
    [copy.received, `${formatDateTime(lead.createdAt)} (${timeAgo(lead.createdAt, now)})`],
    [copy.firstContact, lead.firstContactedAt ? formatDateTime(lead.firstContactedAt) : copy.notContacted],
    [ASSIGNMENT_COPY.agent, lead.assigneeLabel ?? ASSIGNMENT_COPY.unassigned],
  ];
  const attribution: [string, string | null][] = [
    [copy.fields.origin, copy.origins[lead.origin]],
    ...ATTRIBUTION_FIELDS.map((field): [string, string | null] => [copy.fields[field], lead[field]]),
    [copy.fields.spam, lead.spam ? `yes (${lead.spamReason ?? 'flagged'})` : 'no'],
  ];
  return (
    <div className="space-y-8">
      <Link href="/admin" className="inline-block text-sm font-medium text-forest-800 underline underline-offset-4">
        ← {copy.back}
      </Link>
      <div className="flex flex-wrap items-center gap-4">
        <h1 className="min-w-0 text-3xl wrap-anywhere sm:text-4xl" dir="auto">
          {lead.fullName}
        </h1>
        <StatusBadge status={lead.status} />
        {lead.overdue ? <OverdueBadge hint={ASSIGNMENT_COPY.overdue.hint(formatMinutes(scope.time.targetMinutes))} /> : null}
      </div>
      {/* Reaching the person comes first: call, chat, then one tap to record it. */}
      <section aria-label={copy.reach} className="-mt-4 space-y-3">
        <p className="flex flex-wrap gap-x-3 text-sm text-ink-soft">
          <span className="font-medium text-ink tabular-nums">{lead.phoneRaw}</span>
          {local ? (
            <span data-testid="lead-local-time">
              {STAFF_COPY.inbox.localTimeLabel}: {STAFF_COPY.inbox.localTime(local.time, local.country, local.range)}
            </span>
          ) : null}
        </p>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:gap-3">
          <a
            href={tel}
            className="btn-primary min-h-11 px-5"
            aria-label={`${STAFF_COPY.inbox.callLead(lead.fullName)}: ${lead.phoneRaw}`}
            data-testid="lead-call"
          >
            {STAFF_COPY.inbox.call}
          </a>
          {wa ? (
            <a
              href={wa}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-outline min-h-11 px-5"
              aria-label={STAFF_COPY.inbox.whatsappLead(lead.fullName)}
              data-testid="lead-whatsapp"
            >
              {STAFF_COPY.inbox.whatsapp}
            </a>
          ) : null}
          {lead.status === 'new' && mayChange ? (
            <div className="col-span-2 grid sm:col-auto sm:flex">
              <MarkContactedButton leadId={lead.id} />
            </div>
          ) : null}
          {claimable ? (
            // A plain form: the claim works before (or without) the page's scripts, and the page shows it after.
            <form method="post" action={`/api/admin/leads/${lead.id}/claim`} className="col-span-2 grid sm:col-auto sm:flex">
              <button type="submit" className="btn-outline min-h-11 px-5" data-testid="lead-claim">
                {ASSIGNMENT_COPY.claim.button}
              </button>
            </form>
          ) : null}
        </div>
        {lead.claimedAt ? (
          <p className="text-sm font-medium text-forest-800" data-testid="lead-claimed">
            {ASSIGNMENT_COPY.claim.claimedBy(claimant, formatDateTime(lead.claimedAt))}
          </p>
        ) : lead.offeredAt && lead.assigneeLabel && claimable && claimMinutes > 0 ? (
          <p className="text-sm text-ink-soft" data-testid="lead-offered">
            {ASSIGNMENT_COPY.claim.waiting(lead.assigneeLabel, claimMinutes)}
          </p>
        ) : null}
      </section>
      {booked ? inspection : null}
      {messages}
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="details" className="min-w-0 rounded-2xl border border-forest-900/10 bg-white p-6 lg:col-span-2">
          <h2 id="details" className="text-xl">
            {copy.details}
          </h2>
          <dl className="mt-4 grid grid-cols-[7rem_minmax(0,1fr)] gap-x-4 gap-y-2.5 text-sm sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-x-6">
            {fields.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-ink-soft">{label}</dt>
                <dd className="wrap-anywhere" dir="auto">
                  {value}
                </dd>
              </div>
            ))}
            <dt className="text-ink-soft">{copy.fields.phone}</dt>
            <dd className="flex flex-wrap gap-3">
              <a href={tel} className="font-medium text-forest-800 underline underline-offset-4">
                {lead.phoneRaw}
              </a>
              {lead.phoneE164 && lead.phoneE164 !== lead.phoneRaw ? <span className="text-ink-soft">{lead.phoneE164}</span> : null}
              {lead.phoneVerifiedAt ? null : (
                <span className="text-ink-soft" title={copy.phoneUnverifiedHint}>
                  {copy.phoneUnverified}
                </span>
              )}
              {wa ? (
                <a
                  href={wa}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-brass-700 underline underline-offset-4"
                >
                  {STAFF_COPY.inbox.whatsapp}
                </a>
              ) : null}
            </dd>
            <dt className="text-ink-soft">{copy.fields.email}</dt>
            <dd className="break-all">
              {lead.email ? (
                <a href={`mailto:${lead.email}`} className="text-forest-800 underline underline-offset-4">
                  {lead.email}
                </a>
              ) : (
                <span className="text-ink-soft">{copy.notSaid.email}</span>
              )}
            </dd>
          </dl>
          <h2 className="mt-8 text-xl">{copy.attribution}</h2>
          <dl className="mt-4 grid grid-cols-[7rem_minmax(0,1fr)] gap-x-4 gap-y-2.5 text-sm sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-x-6">
            {attribution.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-ink-soft">{label}</dt>
                <dd className="break-all" dir="auto">
                  {value || '—'}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <section
          aria-labelledby="status"
          className="order-first min-w-0 space-y-4 rounded-2xl border lg:order-none border-forest-900/10 bg-white p-6"
        >
          <h2 id="status" className="text-xl">
            {copy.status}
          </h2>
          {mayChange ? (
            <>
              <LeadStatusForm leadId={lead.id} status={lead.status} />
              <LeadDistrictForm leadId={lead.id} district={lead.district} />
            </>
          ) : (
            <p className="text-sm text-ink-soft" data-testid="lead-claim-first">
              {ASSIGNMENT_COPY.access.claimHint}
            </p>
          )}
          {staff.role === 'owner' ? (
            <div className="border-t border-forest-900/10 pt-6">
              <AssigneeForm leadId={lead.id} assignedTo={lead.assignedTo} staff={staffList} />
            </div>
          ) : null}
          <h2 id="notifications" className="border-t border-forest-900/10 pt-6 text-xl">
            {NOTIFICATION_COPY.title}
          </h2>
          <NotificationList leadId={lead.id} rows={notifications} canResend={staff.role === 'owner'} />
        </section>
      </div>
      {booked ? null : inspection}
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="notes" className="min-w-0 space-y-5 rounded-2xl border border-forest-900/10 bg-white p-6">
          <h2 id="notes" className="text-xl">
            {copy.notes}
          </h2>
          {mayChange ? <LeadNoteForm leadId={lead.id} /> : null}
          {notes.length === 0 ? (
            <p className="text-sm text-ink-soft">{copy.noNotes}</p>
          ) : (
            <ul className="space-y-4">
              {notes.map((note) => (
                <li key={note.id} className="rounded-xl bg-ivory-100 p-4" data-testid="lead-note">
                  <p className="whitespace-pre-wrap break-words text-sm" dir="auto">
                    {note.body}
                  </p>
                  <p className="mt-2 text-xs text-ink-soft">
                    {note.authorName} · <time dateTime={note.createdAt.toISOString()}>{formatDateTime(note.createdAt)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="history" className="min-w-0 rounded-2xl border border-forest-900/10 bg-white p-6">
          <h2 id="history" className="text-xl">
            {copy.history}
          </h2>
          {activity.length === 0 ? (
            <p className="mt-4 text-sm text-ink-soft">{copy.noHistory}</p>
          ) : (
            <ol className="mt-4 space-y-3 border-l-2 border-brass-300 pl-5">
              {activity.map((item) => (
                <li key={item.id} className="text-sm" data-testid="lead-activity">
                  <span className="font-medium">
                    {item.actorEmail === SYSTEM_ACTOR_EMAIL
                      ? ASSIGNMENT_COPY.history.system
                      : item.actorEmail === BUYER_ACTOR_EMAIL
                        ? INSPECTIONS_STAFF_COPY.history.buyer
                        : item.actorName}
                  </span>{' '}
                  {describe(item.action, item.detail)}
                  <span className="block text-xs text-ink-soft">
                    <time dateTime={item.createdAt.toISOString()}>{formatDateTime(item.createdAt)}</time>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
