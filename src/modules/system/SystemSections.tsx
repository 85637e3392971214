import type { ReactNode } from 'react';
import { NOTIFICATION_COPY } from '@/content/notifications';
import { SYSTEM_COPY } from '@/content/system';
import type { ChannelAlertRow } from '@/lib/db/schema';
import { formatDateTime, formatDuration } from '@/lib/format';
import type { BackupState } from '@/modules/system/channel-status.server';
import type { SystemStatus } from './status.server';

/**
 * The sections of the owners' System page (src/app/admin/system/page.tsx), each a card in the staff area's style:
 * one column on a phone, side by side where a desktop has room. Server components: no script on the page.
 */

const copy = SYSTEM_COPY;
const CARD = 'rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-6';
const BADGE = 'chip shrink-0 gap-1.5';
const TONES = {
  good: 'bg-forest-100 text-forest-900',
  bad: 'bg-red-100 text-red-900',
  muted: 'bg-ivory-200 text-ink-soft',
} as const;

const ago = (now: Date, at: Date) => copy.ago(formatDuration(now.getTime() - at.getTime()));

function Badge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <span className={`${BADGE} ${TONES[tone]}`}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {children}
    </span>
  );
}

/** Label and value pairs, one per row: they stay readable at 390 px. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="divide-y divide-forest-900/10 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-baseline justify-between gap-4 py-2">
          <dt className="text-ink-soft">{label}</dt>
          <dd className="min-w-0 text-right font-medium wrap-anywhere text-forest-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6 space-y-4">
      <div>
        <h2 id={`${id}-heading`} className="text-2xl">
          {title}
        </h2>
        {intro ? <p className="mt-1 max-w-2xl text-sm text-ink-soft">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** At the top: all is well, or each problem in one sentence (the same sentences /api/health?deep=1 gives). */
export function StatusSummary({ status }: { status: SystemStatus }) {
  const { problems } = status;
  return (
    <div
      role="status"
      data-testid="system-summary"
      className={`rounded-2xl border px-5 py-4 ${problems.length ? 'border-red-200 bg-red-50 text-red-900' : 'border-forest-900/10 bg-forest-100 text-forest-900'}`}
    >
      {problems.length === 0 ? (
        <p className="font-semibold">{copy.allWell}</p>
      ) : (
        <>
          <p className="font-semibold">{copy.attention(problems.length)}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {problems.map((problem) => (
              <li key={problem.code + problem.message}>{problem.message}</li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-2 text-xs opacity-80">{copy.checkedAt(formatDateTime(status.now))}</p>
    </div>
  );
}

/** One card per channel: working or failing (and whether owners were told), what waits, the last delivery and error. */
export function MessagesSection({ status }: { status: SystemStatus }) {
  const { now } = status;
  const m = copy.messages;
  return (
    <Section id="messages" title={m.heading} intro={m.intro}>
      <ul className="grid gap-4 lg:grid-cols-3">
        {status.channels.map((channel) => {
          const failing = channel.failingSince !== null;
          const [tone, label] = !channel.configured
            ? (['muted', m.states.notConfigured] as const)
            : failing
              ? (['bad', channel.alert?.alertedAt ? m.states.alerted : m.states.failing] as const)
              : (['good', m.states.working] as const);
          const rows: [string, ReactNode][] = [
            [m.waiting, channel.waiting],
            [m.oldest, channel.oldestWaitingAt ? ago(now, channel.oldestWaitingAt) : m.none],
            [m.lastDelivered, channel.lastSentAt ? formatDateTime(channel.lastSentAt) : m.never],
          ];
          if (channel.failingSince) rows.push([m.failingSince, formatDateTime(channel.failingSince)]);
          return (
            <li key={channel.channel} className={CARD} data-testid="system-channel" data-channel={channel.channel} data-state={tone}>
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-display text-lg text-forest-900">{NOTIFICATION_COPY.channels[channel.channel]}</h3>
                <Badge tone={tone}>{label}</Badge>
              </div>
              {channel.configured ? null : (
                <p className="mb-2 text-sm text-ink-soft">
                  {channel.channel === 'webhook' ? m.notConfigured.webhook : m.notConfigured.mail}
                </p>
              )}
              <Facts rows={rows} />
              {channel.lastErrorKind ? (
                <div className="mt-2 text-sm">
                  <p className="text-ink-soft">{m.lastError}</p>
                  <p className="mt-1 rounded-lg bg-ivory-100 px-3 py-2 font-mono text-xs wrap-anywhere text-forest-950">
                    {channel.lastErrorKind}
                  </p>
                </div>
              ) : null}
            </li>
          );
        })}
        <InspectionMessagesCard status={status} />
        {status.sms ? <SmsCard sms={status.sms} /> : null}
      </ul>
    </Section>
  );
}

/** A booking message due this long ago and still not delivered is late (a lead's message is retried within a minute). */
const INSPECTION_MESSAGE_LATE_MS = 15 * 60_000;

/** The booking messages beside the lead's channels: what is due and waits, and the last delivered. */
function InspectionMessagesCard({ status }: { status: SystemStatus }) {
  const { now, inspectionMessages: backlog } = status;
  const m = copy.messages;
  const late = backlog.oldestWaitingAt !== null && now.getTime() - backlog.oldestWaitingAt.getTime() >= INSPECTION_MESSAGE_LATE_MS;
  const [tone, label] = !backlog.mailConfigured
    ? (['muted', m.states.notConfigured] as const)
    : late
      ? (['bad', m.inspections.delayed] as const)
      : (['good', m.states.working] as const);
  return (
    <li className={CARD} data-testid="system-inspection-messages" data-state={tone}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-display text-lg text-forest-900">{m.inspections.title}</h3>
        <Badge tone={tone}>{label}</Badge>
      </div>
      <p className="mb-2 text-sm text-ink-soft">
        {m.inspections.note}
        {backlog.mailConfigured ? null : ` ${m.notConfigured.mail}`}
      </p>
      <Facts
        rows={[
          [m.waiting, backlog.waiting],
          [m.oldest, backlog.oldestWaitingAt ? ago(now, backlog.oldestWaitingAt) : m.none],
          [m.lastDelivered, backlog.lastSentAt ? formatDateTime(backlog.lastSentAt) : m.never],
        ]}
      />
    </li>
  );
}

/** SMS's day against its budget (docs/decisions/0402): working, or paused until midnight in Lagos. */
function SmsCard({ sms }: { sms: NonNullable<SystemStatus['sms']> }) {
  const m = copy.messages;
  const [tone, label] = sms.pausedAt ? (['bad', m.sms.paused] as const) : (['good', m.states.working] as const);
  const rows: [string, ReactNode][] = [[m.sms.sent, m.sms.of(sms.sent, sms.limit)]];
  if (sms.pausedAt) rows.push([m.sms.pausedSince, formatDateTime(sms.pausedAt)]);
  return (
    <li className={CARD} data-testid="system-sms" data-state={tone}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-display text-lg text-forest-900">{m.sms.title}</h3>
        <Badge tone={tone}>{label}</Badge>
      </div>
      <p className="mb-2 text-sm text-ink-soft">{m.sms.note(sms.countries.join(', '))}</p>
      <Facts rows={rows} />
    </li>
  );
}

/** How an episode went: how long it lasted (an open one has its badge), and whether the owners were alerted. */
function alertLine(alert: ChannelAlertRow): string {
  const a = copy.alerts;
  const lasted = alert.resolvedAt ? a.lasted(formatDuration(alert.resolvedAt.getTime() - alert.failingSince.getTime())) : '';
  const told = alert.alertedAt ? a.alerted : alert.resolvedAt ? a.notAlerted : a.notYetAlerted;
  return [lasted, told].filter(Boolean).join(' · ');
}

/** The latest episodes of a channel failing, open ones marked. */
export function AlertsSection({ alerts }: { alerts: ChannelAlertRow[] }) {
  const a = copy.alerts;
  return (
    <Section id="alerts" title={a.heading} intro={alerts.length ? a.intro : undefined}>
      <div className={CARD}>
        {alerts.length === 0 ? (
          <p className="text-sm text-ink-soft">{a.none}</p>
        ) : (
          <ul className="divide-y divide-forest-900/10 text-sm">
            {alerts.map((alert) => (
              <li key={alert.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5 first:pt-0 last:pb-0">
                <span className="font-medium text-forest-900">
                  {NOTIFICATION_COPY.channels[alert.channel]} {alert.resolvedAt ? null : <Badge tone="bad">{a.open}</Badge>}
                </span>
                <span className="text-ink-soft">
                  <time dateTime={alert.failingSince.toISOString()}>{formatDateTime(alert.failingSince)}</time> · {alertLine(alert)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}

/** The newest backup and whether one is expected yet (the backup list itself is the backup feature's). */
export function BackupStatus({ backup, now }: { backup: BackupState | null; now: Date }) {
  const b = copy.backups;
  if (!backup) return <p className="text-sm text-red-900">{b.unreadable}</p>;
  return (
    <div className="space-y-2">
      <Facts
        rows={[
          [b.last, backup.lastTakenAt ? `${formatDateTime(backup.lastTakenAt)} (${ago(now, backup.lastTakenAt)})` : b.none],
          [b.files, backup.files],
        ]}
      />
      <p className="text-xs text-ink-soft">{backup.expected ? b.expected : b.notExpected}</p>
    </div>
  );
}

/** The database (which, how fast it answered, what an answered lead survives) and the job queue, queue by queue on demand. */
export function DatabaseSection({ status }: { status: SystemStatus }) {
  const d = copy.database;
  const { database, queue } = status;
  return (
    <Section id="database" title={d.heading}>
      <div className={`${CARD} space-y-3`}>
        <Facts
          rows={[
            [d.driver, d.drivers[database.driver]],
            [d.answered, `${Math.max(1, Math.round(database.responseMs))} ms`],
            [d.queue, queue ? queue.depth : d.queueUnknown],
          ]}
        />
        <p className="text-xs text-ink-soft">
          {d.durability}: {database.durability}.
        </p>
        {queue ? (
          <details className="text-sm">
            <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-forest-800 underline-offset-4 hover:underline">
              {d.queueCaption}
            </summary>
            <table className="mt-1 w-full max-w-xl text-sm">
              <caption className="sr-only">{d.queueCaption}</caption>
              <thead>
                <tr className="text-left text-xs text-ink-soft">
                  <th scope="col" className="py-1 font-medium">
                    {d.queueColumns.name}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {d.queueColumns.waiting}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {d.queueColumns.running}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-forest-900/10">
                {queue.queues.map((q) => (
                  <tr key={q.name}>
                    <td className="py-1.5 font-mono text-xs">{q.name}</td>
                    <td className="py-1.5 text-right tabular-nums">{q.queued}</td>
                    <td className="py-1.5 text-right tabular-nums">{q.active}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        ) : null}
      </div>
    </Section>
  );
}
