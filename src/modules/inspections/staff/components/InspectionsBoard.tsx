import Link from 'next/link';
import { INSPECTIONS_STAFF_COPY } from '@/content/inspections-staff';
import { lagosDayOf } from '@/lib/working-time';
import type { DistrictChoice } from '@/lib/db/enums';
import { attendanceOpen } from '../schema';
import type { StaffSlot } from '../slots.server';
import { SlotCard } from './SlotCard';

const copy = INSPECTIONS_STAFF_COPY;

/** The district chips: every district, or one (a sales manager runs one city's trip). */
function DistrictFilter({ districts, current }: { districts: readonly DistrictChoice[]; current?: DistrictChoice }) {
  const chip = (href: string, label: string, on: boolean) => (
    <li key={href}>
      <Link
        href={href}
        aria-current={on ? 'page' : undefined}
        className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap ${
          on ? 'border-forest-800 bg-forest-800 text-ivory-50' : 'border-forest-800/20 bg-white text-forest-900 hover:border-forest-800'
        }`}
      >
        {label}
      </Link>
    </li>
  );
  return (
    <nav aria-label={copy.fields.district}>
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {chip('/admin/inspections', 'All districts', !current)}
        {districts.map((district) => chip(`/admin/inspections?district=${encodeURIComponent(district)}`, district, current === district))}
      </ul>
    </nav>
  );
}

/**
 * The Inspections page's body: today's inspections first (where the marking happens), then the weeks ahead, then the
 * last seven days (newest first) to mark anyone not marked yet.
 */
export function InspectionsBoard({
  slots,
  now,
  owner,
  sender,
  districts,
  district,
}: {
  slots: StaffSlot[];
  now: Date;
  owner: boolean;
  sender: { agent: string; brand: string };
  districts: readonly DistrictChoice[];
  district?: DistrictChoice;
}) {
  const today = lagosDayOf(now);
  const shown = district ? slots.filter((slot) => slot.district === district) : slots;
  const todays = shown.filter((slot) => lagosDayOf(slot.startsAt) === today);
  const ahead = shown.filter((slot) => lagosDayOf(slot.startsAt) > today);
  const past = shown.filter((slot) => lagosDayOf(slot.startsAt) < today).reverse();
  const list = (group: StaffSlot[]) => (
    <div className="grid gap-5 lg:grid-cols-2">
      {group.map((slot) => (
        <SlotCard
          key={slot.id}
          slot={slot}
          begun={attendanceOpen(slot.startsAt, now)}
          owner={owner}
          sender={sender}
          now={now}
          wholeHref={`/admin/inspections?${district ? `district=${encodeURIComponent(district)}&` : ''}slot=${slot.id}#slot-${slot.id}`}
        />
      ))}
    </div>
  );
  return (
    <div className="space-y-8">
      <DistrictFilter districts={districts} current={district} />
      {todays.length ? (
        <section aria-labelledby="today" className="space-y-4">
          <h2 id="today" className="text-2xl">
            {copy.today}
          </h2>
          {list(todays)}
        </section>
      ) : null}
      <section aria-labelledby="upcoming" className="space-y-4">
        <h2 id="upcoming" className="text-2xl">
          {copy.upcoming}
        </h2>
        {ahead.length ? (
          list(ahead)
        ) : (
          <p className="rounded-2xl border border-dashed border-forest-900/20 p-6 text-sm text-ink-soft">{copy.noSlots}</p>
        )}
      </section>
      <section aria-labelledby="past" className="space-y-4">
        <h2 id="past" className="text-2xl">
          {copy.past}
        </h2>
        {past.length ? list(past) : <p className="text-sm text-ink-soft">{copy.noPast}</p>}
      </section>
    </div>
  );
}
