import type { Metadata } from 'next';
import { SYSTEM_COPY } from '@/content/system';
import { BackupsPanel } from '@/modules/system/ui.server';
import { DownloadLink } from '@/modules/staff/ui';
import { AlertsSection, BackupStatus, DatabaseSection, MessagesSection, Section, StatusSummary } from '@/modules/system/ui';
import { requireStaffPage } from '@/modules/staff/ui.server';
import { getDatabase } from '@/lib/db/client';
import { systemStatus } from '@/modules/system/server';

export const metadata: Metadata = { title: SYSTEM_COPY.title };

const copy = SYSTEM_COPY;

/**
 * Owners only: the site's health as /api/health and /metrics report it (docs/decisions/0112-health-metrics-and-owner-alerts.md),
 * one section after the other: the summary, the messages per channel, past and open alerts, backups, the database.
 */
export default async function SystemPage() {
  await requireStaffPage({ owner: true });
  const handle = await getDatabase();
  const status = await systemStatus(handle);
  return (
    <div className="space-y-8 sm:space-y-10">
      <div>
        <p className="eyebrow">{copy.eyebrow}</p>
        <h1 className="mt-1 text-3xl sm:text-4xl">{copy.heading}</h1>
        <p className="mt-2 max-w-2xl text-ink-soft">{copy.intro}</p>
      </div>
      <StatusSummary status={status} />
      <MessagesSection status={status} />
      <AlertsSection alerts={status.recentAlerts} />
      <Section id="backups" title={copy.backups.heading}>
        <div className="space-y-6 rounded-2xl border border-forest-900/10 bg-white p-5 sm:p-6">
          <BackupStatus backup={status.backup} now={status.now} />
          <BackupsPanel db={handle.db} DownloadLink={DownloadLink} />
        </div>
      </Section>
      <DatabaseSection status={status} />
    </div>
  );
}
