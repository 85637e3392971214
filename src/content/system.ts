import type { DbKind } from '@/lib/db/client';

/**
 * The owners' System page (src/app/admin/system): what the site knows about its own health, in the words an owner
 * reads on a phone (docs/decisions/0112-health-metrics-and-owner-alerts.md).
 */
export const SYSTEM_COPY = {
  title: 'System',
  eyebrow: 'Site health',
  heading: 'System',
  intro:
    'Whether leads reach the sales team, the visitors and the CRM, and whether the site is backed up. Owners get an e-mail when a channel has been failing for 10 minutes, and another when it works again.',
  allWell: 'All is well.',
  attention: (n: number) => (n === 1 ? 'One thing needs attention:' : `${n} things need attention:`),
  checkedAt: (when: string) => `Checked ${when} (Lagos time). Reload the page for the latest.`,
  messages: {
    heading: 'Messages',
    intro: 'Every lead sets off three messages. A message that cannot be delivered is tried again for 24 hours.',
    states: { working: 'Working', failing: 'Failing', alerted: 'Failing · owners alerted', notConfigured: 'Not configured' },
    waiting: 'Waiting',
    oldest: 'Oldest waiting',
    lastDelivered: 'Last delivered',
    failingSince: 'Failing since',
    lastError: 'Last error',
    never: 'never',
    none: 'none',
    notConfigured: { mail: 'No mail server (SMTP_URL): e-mails are kept as files on the server.', webhook: 'No webhook (WEBHOOK_URL).' },
    /** The messages site-inspection bookings set off (docs/decisions/0391): reminders waiting for their time are not counted. */
    inspections: {
      title: 'Site-inspection messages',
      note: 'Confirmations, changes, reminders and alerts of bookings. Reminders waiting for their time are not counted.',
      delayed: 'Delayed',
    },
    /** SMS's daily budget and countries (docs/decisions/0402). */
    sms: {
      title: 'SMS today',
      note: (countries: string) =>
        `SMS goes only to numbers in ${countries} (SMS_COUNTRIES), and at most SMS_DAILY_LIMIT a day (Lagos time). An owner changes either setting and restarts the site.`,
      paused: 'Paused until midnight',
      sent: 'Sent today',
      pausedSince: 'Paused since',
      of: (sent: number, limit: number) => `${sent} of ${limit}`,
    },
  },
  alerts: {
    heading: 'Alerts',
    intro: 'Each time a channel failed, newest first.',
    none: 'No channel has failed recently.',
    open: 'still failing',
    alerted: 'owners alerted',
    notAlerted: 'ended within 10 minutes, no alert',
    notYetAlerted: 'owners are alerted after 10 minutes',
    lasted: (duration: string) => `lasted ${duration}`,
  },
  backups: {
    heading: 'Backups',
    last: 'Newest backup',
    none: 'none yet',
    files: 'Backups kept',
    expected: 'A backup is expected every night; the first day after the first start is exempt.',
    notExpected: 'Backups are not expected yet: the site started less than a day ago.',
    unreadable: 'The backup directory could not be read.',
  },
  database: {
    heading: 'Database and job queue',
    driver: 'Database',
    drivers: { pglite: 'Embedded (PGlite)', postgres: 'PostgreSQL' } satisfies Record<DbKind, string>,
    answered: 'Answered in',
    durability: 'An answered lead',
    queue: 'Jobs waiting',
    queueUnknown: 'not started yet',
    queueCaption: 'Jobs per queue',
    queueColumns: { name: 'Queue', waiting: 'Waiting', running: 'Running' },
  },
  ago: (duration: string) => `${duration} ago`,
} as const;
