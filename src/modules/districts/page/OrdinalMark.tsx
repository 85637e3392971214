/**
 * The brass two-digit number ("01") before an item of a numbered list; the list itself tells screen readers the order.
 * Fixed width: the display face's figures differ in width, and the text beside them should line up.
 */
export function OrdinalMark({ index }: { index: number }) {
  return (
    <span className="w-11 shrink-0 font-display text-3xl leading-none text-brass-700" aria-hidden="true">
      {String(index + 1).padStart(2, '0')}
    </span>
  );
}
