import type { Metadata } from 'next';
import { STAFF_COPY } from '@/content/staff';
import { formatDateTime } from '@/lib/format';
import { requireStaffPage } from '@/modules/staff/ui.server';
import { PrivacyTools } from '@/modules/privacy/ui';
import { listAudit } from '@/modules/staff/server';
import { getDatabase } from '@/lib/db/client';

export const metadata: Metadata = { title: STAFF_COPY.privacy.title };

const copy = STAFF_COPY.privacy;

export default async function PrivacyPage() {
  await requireStaffPage({ owner: true });
  const { db } = await getDatabase();
  const recent = await listAudit(db, ['privacy.export', 'privacy.erase'], 20);
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl sm:text-4xl">{copy.heading}</h1>
        <p className="mt-2 max-w-2xl text-ink-soft">{copy.intro}</p>
      </div>
      <section className="rounded-2xl border border-forest-900/10 bg-white p-6">
        <PrivacyTools />
      </section>
      <section aria-labelledby="recent" className="rounded-2xl border border-forest-900/10 bg-white p-6">
        <h2 id="recent" className="text-xl">
          {copy.recent}
        </h2>
        {recent.length === 0 ? (
          <p className="mt-4 text-sm text-ink-soft">{copy.noRecent}</p>
        ) : (
          <ul className="mt-4 space-y-2 text-sm">
            {recent.map((entry) => (
              <li key={entry.id}>
                <span className="font-medium">{entry.action === 'privacy.erase' ? 'Erasure' : 'Export'}</span> by {entry.actorEmail} ·{' '}
                <time dateTime={entry.createdAt.toISOString()}>{formatDateTime(entry.createdAt)}</time> ·{' '}
                <span className="text-ink-soft">{JSON.stringify(entry.detail)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
