import { HOME_COPY } from '@/content/home';
import { formatNaira } from '@/features/offer/instalments';

/** The entry price in a hero's first screen ("Plots from ₦500,000 deposit"): something concrete before any scrolling. */
export function EntryPrice({ depositNgn }: { depositNgn: number }) {
  return (
    <p className="mt-5 inline-flex rounded-full border border-brass-300/40 bg-forest-950/40 px-4 py-1.5 text-sm font-semibold tracking-wide text-brass-300">
      {HOME_COPY.hero.entryPrice(formatNaira(depositNgn))}
    </p>
  );
}
