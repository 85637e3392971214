import { districtOf, STAFF_COPY } from '@/content/staff';
import { formatMinutes } from '../format';
import type { InboxCounters } from '@/modules/leads/inbox.repository.server';

const copy = STAFF_COPY.inbox.counters;

export function Counters({ counters }: { counters: InboxCounters }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      <div className="rounded-2xl border border-forest-900/10 bg-white p-4 sm:p-5">
        <dt className="text-sm text-ink-soft">{copy.today}</dt>
        <dd className="mt-2 font-display text-3xl text-forest-900 sm:text-4xl" data-testid="counter-today">
          {counters.newToday}
        </dd>
      </div>
      <div className="order-last col-span-2 rounded-2xl border border-forest-900/10 bg-white p-4 sm:order-none sm:col-span-1 sm:p-5">
        <dt className="text-sm text-ink-soft">{copy.week}</dt>
        <dd className="mt-2 space-y-1 text-sm" data-testid="counter-week">
          {counters.weekByDistrict.length === 0 ? (
            <span className="font-display text-4xl text-forest-900">0</span>
          ) : (
            counters.weekByDistrict.map((d) => (
              <div key={d.district ?? ''} className="flex items-baseline justify-between gap-3">
                <span>{districtOf(d)}</span>
                <span className="font-display text-2xl text-forest-900">{d.count}</span>
              </div>
            ))
          )}
        </dd>
      </div>
      <div className="rounded-2xl border border-forest-900/10 bg-white p-4 sm:p-5">
        <dt className="text-sm text-ink-soft">{copy.median}</dt>
        <dd className="mt-2 font-display text-3xl text-forest-900 sm:text-4xl" data-testid="counter-median">
          {formatMinutes(counters.medianFirstContactMinutes)}
        </dd>
      </div>
    </dl>
  );
}
