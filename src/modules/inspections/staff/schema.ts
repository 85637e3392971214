import '@/lib/validation/zod-config';
import { z } from 'zod';
import { INSPECTIONS_STAFF_COPY } from '@/content/inspections-staff';
import { isCalendarDay } from '@/modules/leads';
import { minutesOf } from '@/modules/inspections/slot-times';
import { lagosDayStart } from '@/lib/working-time';
import { INSPECTION_KINDS } from '@/lib/db/enums';
import { DISTRICT_CHOICES } from '@/lib/db/districts';
import { idParamSchema } from '@/lib/validation/id';
import { toE164 } from '@/lib/validation/phone';
import { withoutControlCharacters } from '@/lib/validation/text';
import { MAX_INSPECTION_CUTOFF_HOURS } from '@/lib/env-schema';

/**
 * The rules of the staff area's site inspections, shared by their forms (posted as they are, scripts or not) and their
 * handlers: form fields arrive as text, JSON may send numbers and booleans; a blank optional field is null.
 */

const errors = INSPECTIONS_STAFF_COPY.errors;

/**
 * Attendance and walk-ins open this long before an inspection starts (the morning of a trip, the evening before a dawn
 * one: people gather at the pickup point first), and stay open afterwards for the days the Inspections page shows.
 */
export const ATTENDANCE_OPENS_HOURS_BEFORE = 12;

export const attendanceOpen = (startsAt: Date, now: Date) =>
  startsAt.getTime() - now.getTime() <= ATTENDANCE_OPENS_HOURS_BEFORE * 3_600_000;

/** The most people a walk-in group counts (a family, a lawyer, a surveyor; a small office at most). */
export const MAX_WALK_IN_PARTY = 10;

const blankIsNull = (value: unknown) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value);

const line = (max: number, error: string) =>
  z
    .string({ error })
    .transform((value) => withoutControlCharacters(value).trim())
    .pipe(z.string({ error }).min(1, error).max(max, error));

const link = z.preprocess(
  blankIsNull,
  z
    .string({ error: errors.url })
    .trim()
    .max(500, errors.url)
    .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', errors.url)
    .nullable(),
);

const whole = (min: number, max: number, error: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error }).int(error).min(min, error).max(max, error),
  );

const yesNo = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

const startTime = z.string({ error: errors.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, errors.time);

/** What a weekly row and a one-off slot both say: where, when in the day, how many, who leads. */
const slotFields = {
  district: z.enum(DISTRICT_CHOICES, { error: errors.district }),
  startTime,
  kind: z.enum(INSPECTION_KINDS, { error: errors.kind }),
  seats: whole(1, 500, errors.seats),
  meetingPoint: z.preprocess(blankIsNull, line(200, errors.meetingPoint).nullable()),
  mapUrl: link,
  videoUrl: link,
  agentId: z.preprocess(blankIsNull, idParamSchema.nullable()),
};

/** An on-site inspection says where the bus leaves from; a video tour, its link. The other kind's fields are dropped. */
function byKind<
  T extends { kind: (typeof INSPECTION_KINDS)[number]; meetingPoint: string | null; mapUrl: string | null; videoUrl: string | null },
>(value: T, ctx: z.RefinementCtx): T {
  if (value.kind === 'on_site' && !value.meetingPoint)
    ctx.addIssue({ code: 'custom', message: errors.meetingPoint, path: ['meetingPoint'] });
  if (value.kind === 'video' && !value.videoUrl) ctx.addIssue({ code: 'custom', message: errors.videoUrl, path: ['videoUrl'] });
  return value.kind === 'on_site' ? { ...value, videoUrl: null } : { ...value, meetingPoint: null, mapUrl: null };
}

/** A weekly schedule row (add or edit). */
export const scheduleRowSchema = z
  .object({ ...slotFields, weekday: whole(0, 6, errors.weekday) }, { error: errors.unreadable })
  .transform(byKind);
export type ScheduleRowInput = z.infer<typeof scheduleRowSchema>;

/** Stop a weekly row, or start it again. */
export const scheduleActiveSchema = z.object({ active: yesNo }, { error: errors.unreadable });

/** A one-off slot: a Lagos calendar day and time, within the next year. */
export const oneOffSlotSchema = z
  .object(
    {
      ...slotFields,
      date: z.string({ error: errors.date }).refine(isCalendarDay, errors.date),
    },
    { error: errors.unreadable },
  )
  .transform(byKind)
  .transform(({ date, startTime: time, ...slot }) => ({
    ...slot,
    startsAt: new Date(lagosDayStart(date).getTime() + minutesOf(time) * 60_000),
  }));

/** One slot's seats (owners): never below the seats already confirmed (checked under the slot's lock). */
export const slotSeatsSchema = z.object({ seats: whole(1, 500, errors.seats) }, { error: errors.seats });

/** Came, no-show, or `none` to clear a mark made by mistake. */
export const attendanceSchema = z.object(
  {
    attendance: z.enum(['came', 'no_show', 'none'], { error: errors.unreadable }).transform((value) => (value === 'none' ? null : value)),
  },
  { error: errors.unreadable },
);

/** A walk-in on the day: a name, a phone to call back, how many came. */
export const walkInSchema = z.object(
  {
    name: line(120, errors.name),
    phone: line(40, errors.phone).refine((value) => toE164(value) !== null, errors.phone),
    partySize: whole(1, MAX_WALK_IN_PARTY, errors.party(MAX_WALK_IN_PARTY)),
  },
  { error: errors.unreadable },
);

/** The buyers' move/cancel cut-off in hours (owners). */
export const cutoffSchema = z.object({ hours: whole(0, MAX_INSPECTION_CUTOFF_HOURS, errors.cutoff) }, { error: errors.cutoff });
