import type { InspectionFigures, InspectionSlotFigures } from '@/modules/insights/dashboard.repository.server';

/**
 * The dashboard's site-inspection figures added up (issue 44, item 9): the funnel of the period's leads over every
 * district shown, and the no-show rate and seats filled over the inspections of the period. Import-safe anywhere.
 */

export interface InspectionTotals {
  leads: number;
  booked: number;
  attended: number;
  won: number;
  /** Inspections of the period that have started and were not called off. */
  held: number;
  /** Leads' bookings marked came, no-show, or not marked yet, on the inspections held. */
  came: number;
  noShow: number;
  unmarked: number;
  /** No-shows ÷ bookings marked (came or no-show), on the inspections held; null before any is marked. */
  noShowRate: number | null;
  /** Seats offered, and taken (walk-ins included), on the inspections of the period not called off, held or upcoming. */
  seats: number;
  seatsTaken: number;
  walkIns: number;
  /** Seats taken ÷ seats offered; null without any inspection. */
  filled: number | null;
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const sum = <T>(rows: readonly T[], value: (row: T) => number) => rows.reduce((total, row) => total + value(row), 0);

export function inspectionTotals({ funnel, slots }: InspectionFigures): InspectionTotals {
  const offered = slots.filter((slot) => !slot.calledOff);
  const held = offered.filter((slot) => slot.happened);
  const came = sum(held, (slot) => slot.came);
  const noShow = sum(held, (slot) => slot.noShow);
  const seats = sum(offered, (slot) => slot.seats);
  const seatsTaken = sum(offered, (slot) => slot.seatsTaken);
  return {
    leads: sum(funnel, (row) => row.leads),
    booked: sum(funnel, (row) => row.booked),
    attended: sum(funnel, (row) => row.attended),
    won: sum(funnel, (row) => row.won),
    held: held.length,
    came,
    noShow,
    unmarked: sum(held, (slot) => slot.unmarked),
    noShowRate: rate(noShow, came + noShow),
    seats,
    seatsTaken,
    walkIns: sum(offered, (slot) => slot.walkIns),
    filled: rate(seatsTaken, seats),
  };
}

/** One inspection's seats taken ÷ its seats. */
export const slotFilled = (slot: Pick<InspectionSlotFigures, 'seats' | 'seatsTaken'>) => slot.seatsTaken / slot.seats;

/** "71%", whole percent; "—" without a rate. */
export const percent = (value: number | null, none = '—') => (value === null ? none : `${Math.round(value * 100)}%`);

/** Rows of inspections the page lists (a year of weekly trips in two districts is about 104); the latest first. */
export const SLOT_ROWS = 60;
