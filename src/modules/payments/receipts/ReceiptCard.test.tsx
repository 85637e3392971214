import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReceiptCard } from './ReceiptCard';
import type { ReceiptPageView } from './receipt-page.server';

const view: ReceiptPageView = {
  number: 'RCT-2026-000042',
  issuedOn: '2026-05-20',
  initials: 'A. O.',
  plotLabel: 'Plot B12, Moniya, Ibadan',
  amountKobo: 10_000_000,
  source: 'paystack',
  paidSoFarKobo: 60_000_000,
  leftKobo: 90_000_000,
  overdue: { amountKobo: 56_666_800, since: '2026-04-15' },
  nextDue: { dueOn: '2026-06-15', amountKobo: 33_333_200 },
  qrDataUrl: 'data:image/svg+xml;base64,',
};

/** The receipt's rows as a reader sees them: label → value. */
function rows(v: ReceiptPageView): Map<string, string> {
  const { document } = parseHTML(`<div>${renderToStaticMarkup(<ReceiptCard view={v} />)}</div>`);
  const labels = [...document.querySelectorAll('dt')].map((dt) => dt.textContent ?? '');
  const values = [...document.querySelectorAll('dd')].map((dd) => dd.textContent ?? '');
  expect(new Set(labels).size).toBe(labels.length); // no label twice
  return new Map(labels.map((label, i) => [label, values[i]]));
}

describe('the public receipt', () => {
  it('names who paid and what with under different labels', () => {
    const read = rows(view);
    expect(read.get('Paid by')).toBe('A. O.');
    expect(read.get('Paid with')).toBe('Paystack');
  });

  it('says plainly what is overdue and since when, and gives as next only a day on or after the receipt’s', () => {
    const read = rows(view);
    expect(read.get('Overdue')).toBe('₦566,668 overdue since Wednesday, 15 April 2026');
    expect(read.get('Next payment due')).toBe('₦333,332, Monday, 15 June 2026');
    // Everything left is overdue: nothing "next", and never "paid in full".
    const allLate = rows({ ...view, nextDue: undefined });
    expect(allLate.get('Next payment due')).toBe('Nothing more falls due');
    expect(rows({ ...view, overdue: undefined, nextDue: undefined, leftKobo: 0 }).get('Next payment due')).toBe('Paid in full');
  });
});
