import { DOCUMENTS_COPY } from '@/content/documents';
import { shortDay } from './format';
import { daysBetween } from '@/lib/working-time';
import type { DocumentsPage } from './staff.server';
import type { StageStatus } from './stages';

const copy = DOCUMENTS_COPY.staff;
const STATUS = DOCUMENTS_COPY.buyer.status;

const PILL: Record<StageStatus, string> = {
  done: 'bg-forest-100 text-forest-800',
  in_progress: 'bg-brass-300/30 text-forest-950',
  late: 'bg-red-100 text-red-900',
  waiting: 'bg-forest-900/5 text-ink-soft',
};

const when = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Lagos' }).format(
    at,
  );

/**
 * The staff Documents page (phone first, plain forms that work without scripts): a district's buyers, late ones first,
 * each stage with its promised date, who changed it last, and its forms (done on a day, not done, late reason, scan).
 */
export function StaffDocumentsBoard({ page }: { page: DocumentsPage }) {
  const action = (path: string) => `/api/admin/documents/${path}?district=${page.district.slug}`;
  return (
    <div className="space-y-6">
      <form method="get" action="/admin/documents" className="flex flex-wrap items-end gap-3">
        <div className="min-w-40 flex-1 sm:flex-none">
          <label htmlFor="district" className="field-label">
            {copy.district}
          </label>
          <select id="district" name="district" defaultValue={page.district.slug} className="field">
            {page.districts.map((d) => (
              <option key={d.slug} value={d.slug}>
                {d.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-outline">
          {copy.show}
        </button>
        <p className="w-full text-sm text-ink-soft sm:ml-auto sm:w-auto">{copy.counts(page.due, page.late)}</p>
      </form>
      {page.claims.length === 0 ? <p className="text-ink-soft">{copy.none}</p> : null}
      <div className="grid items-start gap-6 xl:grid-cols-2">
        {page.claims.map((claim) => (
          <section
            key={claim.claimId}
            className="rounded-2xl border border-forest-900/10 bg-white p-4 shadow-sm sm:p-6"
            aria-label={`${claim.buyerName}, ${claim.plotLabel}`}
          >
            <h2 className="text-xl">
              {claim.buyerName}
              <span className="block text-sm font-normal text-ink-soft">{claim.plotLabel}</span>
            </h2>
            <ul className="mt-3 divide-y divide-forest-900/10">
              {claim.stages.map((stage) => {
                const last = claim.lastChange[stage.key];
                const id = `${claim.claimId}-${stage.key}`;
                const days = stage.promisedOn ? daysBetween(page.today, stage.promisedOn) : undefined;
                return (
                  <li key={stage.key} className="py-3" id={`stage-${id}`}>
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                      <span className="font-medium">{stage.name}</span>
                      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${PILL[stage.status]}`}>
                        {stage.status === 'late' && days !== undefined
                          ? copy.late(-days)
                          : stage.status === 'in_progress' && days !== undefined
                            ? copy.dueIn(days)
                            : STATUS[stage.status]}
                      </span>
                    </div>
                    <p className="mt-1 text-sm text-ink-soft">
                      {stage.promisedOn ? `${copy.promised} ${shortDay(stage.promisedOn)}` : copy.waitingFor[stage.after]}
                      {stage.doneOn ? ` · ${copy.doneOn} ${shortDay(stage.doneOn)}` : ''}
                      {stage.letter ? ` · ${stage.letter.number}` : ''}
                    </p>
                    {stage.lateReason ? <p className="mt-1 text-sm">“{stage.lateReason}”</p> : null}
                    {last ? <p className="mt-1 text-xs text-ink-soft">{copy.lastBy(last.by, when(last.at))}</p> : null}
                    {stage.letter || stage.fileId ? (
                      <a
                        className="mt-1 inline-block text-sm font-medium text-forest-800 underline"
                        href={`/api/admin/documents/files/${stage.letter?.id ?? stage.fileId}`}
                      >
                        {copy.file}
                      </a>
                    ) : null}
                    <details className="mt-2">
                      <summary className="cursor-pointer text-sm font-medium text-forest-800">{copy.update}</summary>
                      <div className="mt-3 grid gap-4">
                        {stage.status === 'done' ? (
                          <form method="post" action={action('stage')}>
                            <input type="hidden" name="claimId" value={claim.claimId} />
                            <input type="hidden" name="stage" value={stage.key} />
                            <button type="submit" name="action" value="undone" className="btn-outline">
                              {copy.undo}
                            </button>
                          </form>
                        ) : (
                          <form method="post" action={action('stage')} className="flex flex-wrap items-end gap-2">
                            <input type="hidden" name="claimId" value={claim.claimId} />
                            <input type="hidden" name="stage" value={stage.key} />
                            <div>
                              <label className="field-label" htmlFor={`done-${id}`}>
                                {copy.doneOn}
                              </label>
                              <input
                                id={`done-${id}`}
                                type="date"
                                name="doneOn"
                                required
                                defaultValue={page.today}
                                max={page.today}
                                className="field"
                              />
                            </div>
                            <button type="submit" name="action" value="done" className="btn-primary">
                              {copy.markDone}
                            </button>
                          </form>
                        )}
                        <form method="post" action={action('stage')} className="grid gap-2">
                          <input type="hidden" name="claimId" value={claim.claimId} />
                          <input type="hidden" name="stage" value={stage.key} />
                          <input type="hidden" name="action" value="late_reason" />
                          <label className="field-label" htmlFor={`reason-${id}`}>
                            {copy.lateReason}
                          </label>
                          <div className="flex flex-wrap gap-2">
                            <input
                              id={`reason-${id}`}
                              name="reason"
                              maxLength={300}
                              defaultValue={stage.lateReason ?? ''}
                              className="field min-w-0 flex-1"
                            />
                            <button type="submit" className="btn-outline">
                              {copy.saveReason}
                            </button>
                          </div>
                        </form>
                        {stage.letter ? null : (
                          <form method="post" action={action('upload')} encType="multipart/form-data" className="grid gap-2">
                            <input type="hidden" name="claimId" value={claim.claimId} />
                            <input type="hidden" name="stage" value={stage.key} />
                            <label className="field-label" htmlFor={`file-${id}`}>
                              {copy.upload}
                            </label>
                            <input
                              id={`file-${id}`}
                              type="file"
                              name="file"
                              required
                              accept="application/pdf,image/jpeg,image/png"
                              aria-describedby={`file-${id}-hint`}
                              className="text-sm"
                            />
                            <p id={`file-${id}-hint`} className="text-xs text-ink-soft">
                              {copy.uploadHint(page.maxMb)}
                            </p>
                            <button type="submit" className="btn-outline justify-self-start">
                              {copy.upload}
                            </button>
                          </form>
                        )}
                      </div>
                    </details>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
