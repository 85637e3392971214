import { INDICATIVE_COPY } from '@/modules/districts/indicative-copy';
import { indicativeFigures, type FxRates } from '@/modules/districts/indicative-prices';

/**
 * The indicative figures beside a naira price, "≈ $6,200 · £4,900", heard as "about 6,200 US dollars or 4,900
 * pounds"; nothing when the owner set no rates. Plain markup, so it renders on the server and in the instalment
 * view alike; the caller gives the element around it (a `dd`, a `p`).
 */
export function IndicativeFigures({ ngn, fx }: { ngn: number; fx: FxRates | undefined }) {
  if (!fx) return null;
  const figures = indicativeFigures(ngn, fx);
  return (
    <>
      <span aria-hidden="true">{INDICATIVE_COPY.figures(figures)}</span>
      <span className="sr-only">{INDICATIVE_COPY.figuresSpoken(figures)}</span>
    </>
  );
}

/** "at ₦1,610/$ and ₦2,050/£ on 1 Nov 2026", heard as "at 1,610 naira to the US dollar … on 1 November 2026". */
export function IndicativeBasis({ fx }: { fx: FxRates }) {
  return (
    <>
      <span aria-hidden="true">
        {INDICATIVE_COPY.basis(fx).map(({ text, whole }, index) =>
          whole ? (
            <span key={index} className="whitespace-nowrap">
              {text}
            </span>
          ) : (
            text
          ),
        )}
      </span>
      <span className="sr-only">{INDICATIVE_COPY.basisSpoken(fx)}</span>
    </>
  );
}

/** "Prices are in Naira; dollar and pound figures are indicative, at … on 1 Nov 2026." (inside a paragraph). */
export function IndicativeNoteText({ fx }: { fx: FxRates }) {
  return (
    <>
      {INDICATIVE_COPY.note(fx)}
      <IndicativeBasis fx={fx} />.
    </>
  );
}

/** The note as a paragraph of its own, under a block of prices; nothing when the owner set no rates. */
export function IndicativeNote({ fx, className = '' }: { fx: FxRates | undefined; className?: string }) {
  if (!fx) return null;
  return (
    <p className={`text-xs leading-relaxed text-ink-soft ${className}`}>
      <IndicativeNoteText fx={fx} />
    </p>
  );
}
