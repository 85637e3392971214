import { NOTIFICATION_COPY } from '@/content/notifications';
import { NOT_SENT, type LeadNotification } from '@/modules/leads/notifications.server';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '@/lib/db/enums';
import { formatDateTime } from '@/lib/format';
import { ResendButton } from './ResendButton';

const copy = NOTIFICATION_COPY;

const STATE_STYLES: Record<LeadNotification['state'], string> = {
  queued: 'bg-brass-300/40 text-forest-950',
  sent: 'bg-forest-100 text-forest-900',
  failed: 'bg-red-100 text-red-900',
  not_configured: 'bg-ivory-200 text-ink-soft',
  skipped: 'bg-ivory-200 text-ink-soft',
};

/** What became of one notification, in a sentence staff understand. */
function detail(row: LeadNotification): string {
  if (row.state === 'sent' && row.sentAt) return copy.sentAt(formatDateTime(row.sentAt));
  if (row.state === 'not_configured') return copy.notConfigured[row.channel];
  // The receipt's limit in the staff's words; any other reason (a chat's lead without an address: 0399) as recorded.
  if (row.state === 'skipped') return row.lastError === NOT_SENT.skipped.lastError ? copy.receiptLimit : copy.skipped(row.lastError);
  const attempts = row.attempts ? ` · ${copy.attempts(row.attempts)}` : '';
  return `${row.lastError ?? ''}${attempts}`.replace(/^ · /, '');
}

/** The delivery state of each message a lead set off; owners can send one again. */
export function NotificationList({ leadId, rows, canResend }: { leadId: string; rows: LeadNotification[]; canResend: boolean }) {
  const byChannel = new Map<NotificationChannel, LeadNotification>(rows.map((row) => [row.channel, row]));
  return (
    <ul className="mt-4 divide-y divide-forest-900/10 [&>li]:py-3 [&>li:first-child]:pt-0">
      {NOTIFICATION_CHANNELS.map((channel) => {
        const row = byChannel.get(channel);
        // A lead has a first reply only while WhatsApp or SMS is set up (docs/decisions/0394).
        if (!row && channel === 'first_reply') return null;
        const state = row?.state ?? 'queued';
        return (
          <li key={channel} className="text-sm" data-testid="lead-notification" data-channel={channel} data-state={state}>
            <div className="flex items-center justify-between gap-3">
              <p className="font-medium">{copy.channels[channel]}</p>
              <span className={`chip shrink-0 ${STATE_STYLES[state]}`}>{copy.states[state]}</span>
            </div>
            <p className="mt-1 wrap-anywhere text-xs text-ink-soft">{row ? detail(row) : copy.pending}</p>
            {canResend && row && state !== 'queued' ? (
              <div className="mt-1.5">
                <ResendButton leadId={leadId} channel={channel} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
