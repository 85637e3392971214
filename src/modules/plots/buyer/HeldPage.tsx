import { ACCOUNT_PATHS } from '@/content/buyers';
import type { District } from '@/content/districts';
import { PAYMENT_COPY, payPathOf } from '@/content/payments';
import { PLOTS_COPY } from '@/content/plots';
import { PLOT_PATHS } from '../paths';
import { formatNaira, lagosTime } from '../plot-status';
import { heldPageData } from './pages.server';
import { LocalHeldTime } from './LocalHeldTime';

const copy = PLOTS_COPY.held;
type SearchParams = Record<string, string | string[] | undefined>;

/**
 * /<district>/plots/held?h=<signed link>: the hold's confirmation and its own page afterwards. "Held until <time>,
 * Lagos time", the visitor's own time when scripts run, and what happens next; once it has ended or been reserved, it
 * says so. The link names the claim only; the page shows nothing of the buyer's details.
 */
export async function HeldPage({ district, searchParams }: { district: District; searchParams: Promise<SearchParams> }) {
  const token = (await searchParams).h;
  const hold = await heldPageData(typeof token === 'string' ? token : undefined);
  const back = PLOT_PATHS.plan(district.slug);
  if (!hold) {
    return (
      <section className="container-page max-w-3xl pt-28 pb-24 sm:pt-36">
        <h1 className="text-4xl sm:text-5xl">{copy.ended}</h1>
        <a href={back} className="btn-primary mt-8">
          {copy.back}
        </a>
      </section>
    );
  }
  const standing = !hold.ended && hold.stage === 'held' && hold.heldUntil;
  return (
    <section className="container-page max-w-3xl pt-28 pb-24 sm:pt-36" aria-labelledby="held-heading">
      <div className="overflow-hidden rounded-3xl bg-forest-950 text-ivory-50 shadow-lg">
        <div className="p-6 sm:p-10">
          <p className="eyebrow-light">{copy.eyebrow}</p>
          <h1 id="held-heading" className="mt-3 text-4xl text-ivory-50 sm:text-5xl">
            {copy.heading(hold.plot.label)}
          </h1>
          <p className="mt-3 text-ivory-100/80">
            {PLOTS_COPY.plot.facts(hold.plot.block, hold.plot.sizeSqm)} · {formatNaira(hold.priceKobo)}
          </p>
          {standing ? (
            <div className="mt-8 rounded-2xl bg-ivory-50/8 p-5 ring-1 ring-brass-300/40">
              <p className="font-display text-2xl text-brass-300 sm:text-3xl">{copy.until(lagosTime(hold.heldUntil!))}</p>
              <LocalHeldTime at={hold.heldUntil!.toISOString()} template={copy.yourTime('{time}')} />
            </div>
          ) : (
            <p className="mt-8 rounded-2xl bg-ivory-50/8 p-5 text-xl ring-1 ring-ivory-50/15">
              {hold.stage === 'held' || hold.ended ? copy.ended : copy.reserved}
            </p>
          )}
        </div>
        {standing ? (
          <div className="bg-ivory-50 p-6 text-ink sm:p-10">
            <h2 className="text-2xl">{copy.nextHeading}</h2>
            <ol className="mt-5 space-y-4">
              {copy.next.map((line, i) => (
                <li key={i} className="flex gap-4">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-forest-800 font-display text-ivory-50">
                    {i + 1}
                  </span>
                  <span className="pt-1 text-ink-soft">{line}</span>
                </li>
              ))}
            </ol>
            {typeof token === 'string' ? (
              // Paying the deposit turns the hold into a reservation (src/modules/payments; docs/decisions/0414).
              <a href={payPathOf(token)} className="btn-primary mt-8">
                {PAYMENT_COPY.payDeposit}
              </a>
            ) : null}
            <p className="mt-6 text-sm text-ink-soft">{copy.told}</p>
            <a href={ACCOUNT_PATHS.signIn} className="mt-2 inline-block text-sm font-medium text-forest-800 underline underline-offset-4">
              {copy.yourPage}
            </a>
          </div>
        ) : null}
      </div>
      <a href={back} className="btn-outline mt-8">
        {copy.back}
      </a>
    </section>
  );
}
