import { INSPECTIONS_STAFF_COPY, WEEKDAYS } from '@/content/inspections-staff';
import type { InspectionScheduleRow } from '@/lib/db/schema';
import { type DistrictChoice } from '@/lib/db/enums';
import { DISTRICT_CHOICES } from '@/lib/db/districts';
import { PostForm } from './PostForm';

const copy = INSPECTIONS_STAFF_COPY;
const fields = copy.fields;

export interface AgentOption {
  id: string;
  label: string;
}

type Values = Partial<
  Pick<InspectionScheduleRow, 'district' | 'weekday' | 'startTime' | 'kind' | 'seats' | 'meetingPoint' | 'mapUrl' | 'videoUrl' | 'agentId'>
>;

/**
 * The fields of a weekly row or a one-off slot. The kind is a pair of radio buttons, so the fields of the other kind
 * hide with CSS alone (no script needed); the server drops them anyway.
 */
function SlotFields({
  prefix,
  values = {},
  agents,
  when,
  district,
  minDate,
}: {
  prefix: string;
  values?: Values;
  agents: AgentOption[];
  when: 'weekday' | 'date';
  /** Fixed district (the row's, or the section's): sent hidden. */
  district?: DistrictChoice;
  minDate?: string;
}) {
  const kind = values.kind ?? 'on_site';
  return (
    <div className="group/kind grid gap-4 sm:grid-cols-2">
      {district ? (
        <input type="hidden" name="district" value={district} />
      ) : (
        <div className="sm:col-span-2">
          <label htmlFor={`${prefix}-district`} className="field-label">
            {fields.district}
          </label>
          <select id={`${prefix}-district`} name="district" defaultValue={values.district ?? DISTRICT_CHOICES[0]} className="field">
            {DISTRICT_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </div>
      )}
      {when === 'weekday' ? (
        <div>
          <label htmlFor={`${prefix}-weekday`} className="field-label">
            {fields.weekday}
          </label>
          <select id={`${prefix}-weekday`} name="weekday" defaultValue={values.weekday ?? 6} className="field">
            {WEEKDAYS.map((day, index) => (
              <option key={day} value={index}>
                {day}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div>
          <label htmlFor={`${prefix}-date`} className="field-label">
            {fields.date}
          </label>
          <input id={`${prefix}-date`} name="date" type="date" required min={minDate} className="field" />
        </div>
      )}
      <div>
        <label htmlFor={`${prefix}-time`} className="field-label">
          {fields.time}
        </label>
        <input id={`${prefix}-time`} name="startTime" type="time" required defaultValue={values.startTime ?? '10:00'} className="field" />
      </div>
      <fieldset className="sm:col-span-2">
        <legend className="field-label">{fields.kind}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(['on_site', 'video'] as const).map((option) => (
            <label
              key={option}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-forest-900/20 bg-white px-4 text-sm font-medium has-checked:border-forest-800 has-checked:bg-forest-100"
            >
              <input
                type="radio"
                name="kind"
                value={option}
                data-kind={option === 'video' ? 'video' : 'site'}
                defaultChecked={kind === option}
                className="size-4 accent-forest-800"
              />
              {copy.kinds[option]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${prefix}-seats`} className="field-label">
          {fields.seats}
        </label>
        <input
          id={`${prefix}-seats`}
          name="seats"
          type="number"
          inputMode="numeric"
          min={1}
          max={500}
          required
          defaultValue={values.seats ?? 14}
          className="field"
        />
      </div>
      <div>
        <label htmlFor={`${prefix}-agent`} className="field-label">
          {fields.agent}
        </label>
        <select id={`${prefix}-agent`} name="agentId" defaultValue={values.agentId ?? ''} className="field">
          <option value="">{fields.noAgent}</option>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.label}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2 group-has-[[data-kind=video]:checked]/kind:hidden">
        <label htmlFor={`${prefix}-meeting`} className="field-label">
          {fields.meetingPoint}
        </label>
        <input id={`${prefix}-meeting`} name="meetingPoint" maxLength={200} defaultValue={values.meetingPoint ?? ''} className="field" />
      </div>
      <div className="sm:col-span-2 group-has-[[data-kind=video]:checked]/kind:hidden">
        <label htmlFor={`${prefix}-map`} className="field-label">
          {fields.mapUrl}
        </label>
        <input
          id={`${prefix}-map`}
          name="mapUrl"
          type="url"
          maxLength={500}
          placeholder="https://"
          defaultValue={values.mapUrl ?? ''}
          className="field"
        />
      </div>
      <div className="sm:col-span-2 group-has-[[data-kind=site]:checked]/kind:hidden">
        <label htmlFor={`${prefix}-video`} className="field-label">
          {fields.videoUrl}
        </label>
        <input
          id={`${prefix}-video`}
          name="videoUrl"
          type="url"
          maxLength={500}
          placeholder="https://"
          defaultValue={values.videoUrl ?? ''}
          className="field"
        />
      </div>
    </div>
  );
}

/** One weekly row: what it makes, and (in a fold) its edit form and stop / start again. */
export function ScheduleRow({ row, agents, agentName }: { row: InspectionScheduleRow; agents: AgentOption[]; agentName: string | null }) {
  const prefix = `row-${row.id}`;
  return (
    <li className="rounded-2xl border border-forest-900/10 bg-white" data-testid="schedule-row">
      <div className="flex flex-wrap items-start justify-between gap-3 p-5">
        <div className="min-w-0 space-y-1">
          <p className="font-display text-xl text-forest-900">{copy.every(WEEKDAYS[row.weekday], row.startTime)}</p>
          <p className="text-sm text-ink-soft">
            {copy.kinds[row.kind]} · {copy.seatsCount(row.seats)} · {agentName ? copy.leadBy(agentName) : copy.noAgent}
          </p>
          {row.kind === 'on_site' && row.meetingPoint ? (
            <p className="text-sm wrap-anywhere">
              <span className="text-ink-soft">{copy.pickup}: </span>
              {row.meetingPoint}
            </p>
          ) : null}
        </div>
        {row.active ? null : (
          <span className="inline-flex rounded-full bg-ivory-200 px-2.5 py-0.5 text-xs font-semibold text-ink-soft">{copy.stopped}</span>
        )}
      </div>
      <details className="border-t border-forest-900/10">
        <summary className="flex min-h-12 cursor-pointer items-center px-5 text-sm font-medium text-forest-800">{copy.edit}</summary>
        <div className="space-y-5 px-5 pb-5">
          <PostForm action={`/api/admin/inspections/schedule/${row.id}`} success={copy.saved} className="space-y-4" label={copy.edit}>
            <SlotFields prefix={prefix} values={row} agents={agents} when="weekday" district={row.district} />
            <button type="submit" className="btn-primary">
              {copy.save}
            </button>
          </PostForm>
          <PostForm
            action={`/api/admin/inspections/schedule/${row.id}/active`}
            success={row.active ? copy.stoppedDone : copy.restarted}
            className="border-t border-forest-900/10 pt-4"
          >
            <input type="hidden" name="active" value={row.active ? 'false' : 'true'} />
            <button type="submit" className="btn-outline min-h-11">
              {row.active ? copy.stop : copy.restart}
            </button>
          </PostForm>
        </div>
      </details>
    </li>
  );
}

export function AddScheduleRow({ district, agents, open }: { district: DistrictChoice; agents: AgentOption[]; open: boolean }) {
  const prefix = `add-${district.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <details open={open} className="rounded-2xl border border-dashed border-forest-900/25 bg-ivory-50/60">
      <summary className="flex min-h-12 cursor-pointer items-center px-5 text-sm font-semibold text-forest-900">+ {copy.addRow}</summary>
      <PostForm
        action="/api/admin/inspections/schedule"
        success={copy.rowAdded}
        className="space-y-4 px-5 pb-5"
        label={`${copy.addRow}: ${district}`}
      >
        <SlotFields prefix={prefix} agents={agents} when="weekday" district={district} />
        <button type="submit" className="btn-primary">
          {copy.add}
        </button>
      </PostForm>
    </details>
  );
}

export function OneOffSlotForm({ agents, today }: { agents: AgentOption[]; today: string }) {
  return (
    <PostForm action="/api/admin/inspections/slots" success={copy.oneOffAdded} className="space-y-4" label={copy.oneOff}>
      <SlotFields prefix="one-off" agents={agents} when="date" minDate={today} />
      <button type="submit" className="btn-primary">
        {copy.add}
      </button>
    </PostForm>
  );
}

export function CutoffForm({ hours }: { hours: number }) {
  return (
    <PostForm
      action="/api/admin/inspections/cutoff"
      success={copy.cutoffSaved}
      className="flex flex-wrap items-end gap-3"
      label={copy.cutoff}
    >
      <div className="w-full">
        <label htmlFor="cutoff-hours" className="field-label">
          {copy.cutoffLabel}
        </label>
        <p id="cutoff-hint" className="-mt-1 mb-2 text-xs text-ink-soft">
          {copy.cutoffHint}
        </p>
      </div>
      <input
        id="cutoff-hours"
        name="hours"
        type="number"
        inputMode="numeric"
        min={0}
        max={168}
        required
        defaultValue={hours}
        aria-describedby="cutoff-hint"
        className="field w-28"
      />
      <button type="submit" className="btn-outline">
        {copy.save}
      </button>
    </PostForm>
  );
}
