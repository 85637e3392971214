import Link from 'next/link';
import type { Metadata } from 'next';
import { INSPECTIONS_STAFF_COPY } from '@/content/inspections-staff';
import { assignableStaff } from '@/modules/leads/server';
import { inspectionChangeCutoffHours } from '@/modules/inspections/server';
import { listSchedule } from '@/modules/inspections/server';
import { lagosDayOf } from '@/lib/working-time';
import { FormAnswer } from '@/modules/inspections/ui';
import { AddScheduleRow, CutoffForm, OneOffSlotForm, ScheduleRow } from '@/modules/inspections/ui';
import { formAnswer } from '@/modules/inspections/server';
import { requireStaffPage } from '@/modules/staff/ui.server';
import { getDatabase } from '@/lib/db/client';
import { DISTRICT_CHOICES } from '@/lib/db/districts';

export const metadata: Metadata = { title: INSPECTIONS_STAFF_COPY.scheduleTitle };

const copy = INSPECTIONS_STAFF_COPY;

/** The owners' inspection schedule: weekly rows per district, one-off inspections, the buyers' change cut-off. */
export default async function InspectionSchedulePage() {
  await requireStaffPage({ owner: true });
  const { db } = await getDatabase();
  const now = new Date();
  const [rows, staff, hours, answer] = await Promise.all([
    listSchedule(db),
    assignableStaff(db),
    inspectionChangeCutoffHours(db),
    formAnswer(),
  ]);
  const agents = staff.map((member) => ({ id: member.id, label: member.label }));
  const nameOf = (id: string | null) => (id ? (agents.find((agent) => agent.id === id)?.label ?? null) : null);
  return (
    <div className="space-y-8">
      <Link href="/admin/inspections" className="inline-block text-sm font-medium text-forest-800 underline underline-offset-4">
        ← {copy.back}
      </Link>
      <div>
        <p className="eyebrow">{copy.eyebrow}</p>
        <h1 className="mt-1 text-3xl sm:text-4xl">{copy.scheduleHeading}</h1>
        <p className="mt-2 max-w-3xl text-ink-soft">{copy.scheduleIntro}</p>
      </div>
      <FormAnswer {...answer} />
      <div className="grid gap-8 lg:grid-cols-2">
        {DISTRICT_CHOICES.map((district) => {
          const mine = rows.filter((row) => row.district === district);
          const headingId = `district-${district.replace(/\W+/g, '-').toLowerCase()}`;
          return (
            <section key={district} aria-labelledby={headingId} className="space-y-4">
              <div>
                <p className="eyebrow">{copy.weekly}</p>
                <h2 id={headingId} className="mt-1 text-2xl">
                  {district}
                </h2>
              </div>
              {mine.length ? (
                <ul className="space-y-3">
                  {mine.map((row) => (
                    <ScheduleRow key={row.id} row={row} agents={agents} agentName={nameOf(row.agentId)} />
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-ink-soft">{copy.noRows}</p>
              )}
              <AddScheduleRow district={district} agents={agents} open={mine.length === 0} />
            </section>
          );
        })}
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="one-off" className="rounded-2xl border border-forest-900/10 bg-white p-6 lg:col-span-2">
          <h2 id="one-off" className="text-xl">
            {copy.oneOff}
          </h2>
          <p className="mt-1 mb-5 text-sm text-ink-soft">{copy.oneOffHint}</p>
          <OneOffSlotForm agents={agents} today={lagosDayOf(now)} />
        </section>
        <section aria-labelledby="cutoff" className="self-start rounded-2xl border border-forest-900/10 bg-white p-6">
          <h2 id="cutoff" className="mb-4 text-xl">
            {copy.cutoff}
          </h2>
          <CutoffForm hours={hours} />
        </section>
      </div>
    </div>
  );
}
