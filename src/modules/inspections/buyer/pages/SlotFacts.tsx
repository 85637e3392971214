import { INSPECTION_COPY } from '@/content/inspections';
import type { SlotView } from '@/modules/inspections/inspections.repository.server';
import { lagosDay, lagosTime, londonTime } from '@/modules/inspections/buyer/when';
import { LocalTime } from './LocalTime';

const copy = INSPECTION_COPY.book;

/** A slot's kind, as a small badge. */
export function KindBadge({ kind }: { kind: SlotView['kind'] }) {
  return (
    <span
      className={`chip tracking-wide uppercase ${kind === 'video' ? 'bg-brass-300/40 text-brass-700' : 'bg-forest-100 text-forest-800'}`}
    >
      {kind === 'video' ? copy.video : copy.onSite}
    </span>
  );
}

/** When a slot is: its Lagos day and time (WAT); a video tour also in London and, with scripts, the visitor's zone. */
export function SlotWhen({ slot, className = '' }: { slot: Pick<SlotView, 'startsAt' | 'kind'>; className?: string }) {
  return (
    <span className={className}>
      <span className="block font-display text-xl text-forest-900">{lagosDay(slot.startsAt)}</span>
      <span className="block text-ink">
        {lagosTime(slot.startsAt)} {copy.lagosZone}
      </span>
      {slot.kind === 'video' ? (
        <span className="block text-sm text-ink-soft">
          <span className="block">{copy.abroad(londonTime(slot.startsAt), 'London')}</span>
          <LocalTime at={slot.startsAt.toISOString()} label={copy.yourTime('{time}')} />
        </span>
      ) : null}
    </span>
  );
}

/** Where a slot meets: the pickup point and its map link, or that the video link comes by e-mail. */
export function SlotWhere({ slot }: { slot: Pick<SlotView, 'kind' | 'meetingPoint' | 'mapUrl'> }) {
  if (slot.kind === 'video') return <span className="block text-sm text-ink-soft">{copy.videoNote}</span>;
  return (
    <span className="block text-sm text-ink-soft">
      {copy.pickup}: {slot.meetingPoint}
      {slot.mapUrl ? (
        <>
          {' · '}
          <a
            href={slot.mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-forest-800 underline underline-offset-4"
          >
            {copy.map}
          </a>
        </>
      ) : null}
    </span>
  );
}
