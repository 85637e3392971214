import { HOME_COPY } from '@/content/home';
import { INDICATIVE_COPY } from '@/modules/districts/indicative-copy';
import type { FxRates } from '@/modules/districts/indicative-prices';
import { formatNaira } from '@/modules/districts/offer/instalments';
import { IndicativeBasis, IndicativeFigures } from './IndicativePrice';

/**
 * The entry price in a hero's first screen ("Plots from ₦500,000 deposit"): something concrete before any scrolling.
 * With the owner's rates, its indicative figures for buyers abroad under it, with their rate and day.
 */
export function EntryPrice({ depositNgn, fx }: { depositNgn: number; fx: FxRates | undefined }) {
  return (
    <>
      <p className="mt-5 inline-flex rounded-full border border-brass-300/40 bg-forest-950/40 px-4 py-1.5 text-sm font-semibold tracking-wide text-brass-300">
        {HOME_COPY.hero.entryPrice(formatNaira(depositNgn))}
      </p>
      {fx && (
        <p className="mt-2 max-w-md px-1 text-xs leading-relaxed text-ivory-100/75">
          <span className="font-semibold text-ivory-50">
            <IndicativeFigures ngn={depositNgn} fx={fx} />
          </span>{' '}
          {INDICATIVE_COPY.indicative}, <IndicativeBasis fx={fx} />
        </p>
      )}
    </>
  );
}
