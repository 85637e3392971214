import 'server-only';
import { renderSVG } from 'uqr';
import type { Db } from '@/lib/db/client';
import { getSiteUrl } from '@/lib/site-facts.server';
import { lagosDayOf } from '@/lib/working-time';
import { buyerOfClaim, initialsOf } from '../buyer.repository.server';
import { entriesOf } from '../ledger/ledger.repository.server';
import { balanceOf } from '../ledger/rules';
import { standingOf } from '../plans';
import { plotLabelOf } from '../plot-link.server';
import { receiptPath } from './delivery.server';
import { receiptByNumber } from './receipts.repository.server';

/**
 * The public receipt page's facts (GET /receipts/<number>?code=<check code>): what the payment covers as it stood when
 * the receipt was issued (entries up to and with its own), the buyer's initials only, and a QR code of the page's own
 * address, so a printed receipt can be checked with a phone. Reads only.
 */
export interface ReceiptPageView {
  number: string;
  issuedOn: string;
  initials: string;
  plotLabel: string;
  amountKobo: number;
  source: string;
  paidSoFarKobo: number;
  leftKobo: number;
  /** Owed of instalments past their day when the receipt was issued: said as overdue, never as a "next" date. */
  overdue?: { amountKobo: number; since: string };
  /** The next payment falling due on or after the receipt's day. */
  nextDue?: { dueOn: string; amountKobo: number };
  qrDataUrl: string;
}

export async function receiptPageOf(db: Db, number: string | undefined, code: string | undefined): Promise<ReceiptPageView | undefined> {
  if (!number || !code || code.length > 40) return undefined;
  const found = await receiptByNumber(db, number, code);
  if (!found) return undefined;
  const { receipt, entry, plan } = found;
  const upToThis = (await entriesOf(db, plan.claimId)).filter((line) => line.id <= entry.id);
  const paid = balanceOf(upToThis);
  const standing = standingOf(plan, paid, lagosDayOf(receipt.issuedAt));
  const buyer = await buyerOfClaim(db, plan.claimId);
  const svg = renderSVG(`${getSiteUrl()}${receiptPath(receipt.number, receipt.checkCode)}`, { ecc: 'M', border: 2, pixelSize: 4 });
  return {
    number: receipt.number,
    issuedOn: lagosDayOf(receipt.issuedAt),
    initials: initialsOf(buyer?.fullName ?? plan.erasedBuyerName ?? ''),
    plotLabel: await plotLabelOf(db, plan),
    amountKobo: entry.amountKobo,
    source: entry.source,
    paidSoFarKobo: paid,
    leftKobo: standing.leftKobo,
    overdue: standing.overdue,
    nextDue: standing.upcoming,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}
