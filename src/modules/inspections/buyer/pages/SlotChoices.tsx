import { INSPECTION_COPY } from '@/content/inspections';
import { PARTY_SIZES } from '@/modules/inspections/booking-fields';
import type { SlotView } from '@/modules/inspections/inspections.repository.server';
import { KindBadge, SlotWhen, SlotWhere } from './SlotFacts';

const copy = INSPECTION_COPY.book;
const left = (slot: SlotView) => Math.max(0, slot.seats - slot.seatsTaken);

/** The slot chosen at first: the one asked for (a form coming back), else the first with room, else the first. */
export const defaultSlotId = (slots: SlotView[], asked?: string) =>
  slots.find((s) => s.id === asked)?.id ?? slots.find((s) => left(s) > 0)?.id ?? slots[0]?.id;

/**
 * The slots as one radio group (one tap picks one): each with its kind, its day and time, where it meets and its seats
 * left, or that it is full and its waiting list is open. Then the party size and the waiting-list choice.
 */
export function SlotChoices({
  slots,
  chosen,
  party,
  wait,
  idPrefix,
}: {
  slots: SlotView[];
  chosen?: string;
  party?: number;
  wait: boolean;
  idPrefix: string;
}) {
  return (
    <>
      <fieldset>
        <legend className="field-label text-base">{copy.slotsLegend}</legend>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {slots.map((slot) => {
            const seats = left(slot);
            const id = `${idPrefix}-slot-${slot.id}`;
            return (
              <li key={slot.id} className="relative">
                <input
                  id={id}
                  type="radio"
                  name="slot"
                  value={slot.id}
                  required
                  defaultChecked={slot.id === chosen}
                  className="peer absolute top-5 right-5 size-5 accent-forest-800"
                  aria-describedby={`${id}-seats`}
                />
                <label
                  htmlFor={id}
                  className="block h-full cursor-pointer rounded-2xl border border-forest-900/15 bg-white p-5 pr-12 shadow-sm transition peer-checked:border-forest-800 peer-checked:ring-2 peer-checked:ring-forest-800/30 peer-focus-visible:ring-2 peer-focus-visible:ring-brass-500"
                >
                  <KindBadge kind={slot.kind} />
                  <SlotWhen slot={slot} className="mt-3 block" />
                  <span className="mt-2 block">
                    <SlotWhere slot={slot} />
                  </span>
                  <span
                    id={`${id}-seats`}
                    className={`mt-3 block text-sm font-semibold ${seats > 0 ? (seats <= 3 ? 'text-brass-700' : 'text-forest-700') : 'text-red-800'}`}
                  >
                    {seats > 0 ? copy.seatsLeft(seats) : copy.full}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${idPrefix}-party`} className="field-label">
            {copy.partyLabel}
          </label>
          <select
            id={`${idPrefix}-party`}
            name="party"
            className="field"
            defaultValue={String(party ?? 1)}
            aria-describedby={`${idPrefix}-party-hint`}
          >
            {PARTY_SIZES.map((n) => (
              <option key={n} value={n}>
                {copy.party(n)}
              </option>
            ))}
          </select>
          <p id={`${idPrefix}-party-hint`} className="mt-1.5 text-xs text-ink-soft">
            {copy.partyHint}
          </p>
        </div>
        <label className="flex items-start gap-3 self-center text-sm text-ink-soft sm:pt-6">
          <input type="checkbox" name="wait" value="on" defaultChecked={wait} className="mt-0.5 size-5 shrink-0 accent-forest-800" />
          <span>{copy.waitLabel}</span>
        </label>
      </div>
    </>
  );
}
