import { CheckIcon } from '@/components/icons';
import { DOCUMENTS_COPY } from '@/content/documents';
import type { BuyerDocumentsView } from './buyer.server';
import { shortDay } from './format';
import type { StageStatus } from './stages';

const copy = DOCUMENTS_COPY.buyer;

const PILL: Record<StageStatus, string> = {
  done: 'bg-forest-100 text-forest-800',
  in_progress: 'bg-brass-300/30 text-forest-950',
  late: 'bg-red-100 text-red-900',
  waiting: 'bg-forest-900/5 text-ink-soft',
};

/**
 * The buyer's documents (issue 60, item 3): each stage with its status, the date we promised, the date it was done,
 * an honest "late" with the reason staff gave, and the file when there is one. Plain markup, no scripts: the buyer's
 * page renders it with documentStagesOfLeads's view of the signed-in buyer's own claims.
 */
export function BuyerDocuments({ view }: { view: BuyerDocumentsView }) {
  return (
    <section aria-labelledby="documents-heading" className="space-y-6">
      <div>
        <p className="eyebrow">{copy.eyebrow}</p>
        <h2 id="documents-heading" className="mt-2 text-3xl sm:text-4xl">
          {copy.heading}
        </h2>
        <p className="mt-3 max-w-2xl text-ink-soft">{copy.intro}</p>
      </div>
      {view.claims.length === 0 ? <p className="text-ink-soft">{copy.none}</p> : null}
      {view.claims.map((claim) => (
        <div key={claim.claimId} className="rounded-2xl border border-forest-900/10 bg-white p-5 shadow-sm sm:p-8">
          <h3 className="text-xl sm:text-2xl">
            {claim.plotLabel}
            <span className="block text-sm font-normal text-ink-soft sm:inline sm:before:content-['_·_']">{claim.districtName}</span>
          </h3>
          <ol className="mt-5 divide-y divide-forest-900/10">
            {claim.stages.map((stage) => (
              <li key={stage.key} className="grid gap-2 py-4 sm:grid-cols-[1fr_auto] sm:items-start sm:gap-6">
                <div className="flex gap-3">
                  <span
                    aria-hidden
                    className={`mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full ${stage.status === 'done' ? 'bg-forest-800 text-ivory-50' : 'border border-forest-900/20'}`}
                  >
                    {stage.status === 'done' ? <CheckIcon className="size-4" /> : null}
                  </span>
                  <div>
                    <p className="font-medium text-ink">
                      {stage.name}{' '}
                      <span
                        className={`ml-1 inline-block rounded-full px-2.5 py-0.5 align-middle text-xs font-semibold ${PILL[stage.status]}`}
                      >
                        {copy.status[stage.status]}
                      </span>
                    </p>
                    <p className="mt-1 text-sm text-ink-soft">{stage.about}</p>
                    <p className="mt-2 text-sm">
                      {stage.doneOn ? (
                        <span>
                          {copy.done} <strong className="font-medium">{shortDay(stage.doneOn)}</strong>
                          {stage.promisedOn ? (
                            <span className="text-ink-soft">
                              {' '}
                              · {copy.promised.toLowerCase()} {shortDay(stage.promisedOn)}
                            </span>
                          ) : null}
                        </span>
                      ) : stage.promisedOn ? (
                        <span>
                          {copy.promised} <strong className="font-medium">{shortDay(stage.promisedOn)}</strong>
                        </span>
                      ) : (
                        <span className="text-ink-soft">{copy.waitingFor[stage.after]}</span>
                      )}
                    </p>
                    {stage.status === 'late' ? (
                      <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
                        <strong>{copy.late}.</strong> {stage.lateReason ? `${copy.lateReason} ${stage.lateReason}` : copy.lateNoReason}
                      </p>
                    ) : null}
                  </div>
                </div>
                {stage.href ? (
                  <a href={stage.href} className="btn-outline ml-10 justify-self-start sm:ml-0 sm:justify-self-end" download>
                    {stage.letter ? copy.downloadLetter : copy.download}
                    <span className="sr-only"> {stage.name}</span>
                  </a>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
