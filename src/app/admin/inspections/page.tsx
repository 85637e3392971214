import Link from 'next/link';
import type { Metadata } from 'next';
import { getSiteFacts } from '@/lib/site-facts.server';
import { INSPECTIONS_STAFF_COPY } from '@/content/inspections-staff';
import { staffDisplayName } from '@/modules/staff';
import { leadScope } from '@/modules/leads/server';
import { InspectionsBoard } from '@/modules/inspections/ui';
import { FormAnswer } from '@/modules/inspections/ui';
import { formAnswer } from '@/modules/inspections/server';
import { inspectionsPage } from '@/modules/inspections/server';
import { currentStaff } from '@/modules/staff/ui.server';
import { getDatabase } from '@/lib/db/client';
import { type DistrictChoice } from '@/lib/db/enums';
import { DISTRICT_CHOICES } from '@/lib/db/districts';

export const metadata: Metadata = { title: INSPECTIONS_STAFF_COPY.title };

const copy = INSPECTIONS_STAFF_COPY;

export default async function InspectionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await currentStaff();
  const params = await searchParams;
  const asked = params.district;
  // The slot a "Show … more bookings" link asked for, drawn whole (a slot id; an unknown one changes nothing).
  const wholeSlotId = typeof params.slot === 'string' ? params.slot : undefined;
  // An unknown district (an old link) shows them all.
  const district = DISTRICT_CHOICES.find((choice) => choice === asked) as DistrictChoice | undefined;
  const { db } = await getDatabase();
  const scope = leadScope(staff);
  const [slots, answer] = await Promise.all([inspectionsPage(db, scope, wholeSlotId), formAnswer()]);
  const owner = staff.role === 'owner';
  return (
    <div className="space-y-6 sm:space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">{copy.eyebrow}</p>
          <h1 className="mt-1 text-3xl sm:text-4xl">{copy.heading}</h1>
          <p className="mt-2 max-w-2xl text-ink-soft">{owner ? copy.intro : copy.agentIntro}</p>
        </div>
        {owner ? (
          <Link href="/admin/inspections/schedule" className="btn-outline">
            {copy.schedule}
          </Link>
        ) : null}
      </div>
      <FormAnswer {...answer} />
      <InspectionsBoard
        slots={slots}
        now={scope.now}
        owner={owner}
        sender={{ agent: staffDisplayName(staff), brand: getSiteFacts().brand }}
        districts={DISTRICT_CHOICES}
        district={district}
      />
    </div>
  );
}
