import { PAYMENT_COPY } from '@/content/payments';
import { leadName } from '@/content/staff';
import type { Title } from '@/lib/db/enums';
import { emailButton, emailLayout, escapeHtml } from '@/lib/mail/html';
import { formatKobo } from '../money';
import type { Standing } from '../plans';

/**
 * A receipt's message (docs/decisions/0414-the-money-core.md): the plot, the amount, what is left, the next due date and
 * the link to the receipt page. Pure, so tests read exactly what the buyer reads.
 */

export interface ReceiptFacts {
  brand: string;
  number: string;
  buyer: { title: Title | null; fullName: string };
  plotLabel: string;
  amountKobo: number;
  standing: Standing;
  receiptUrl: string;
}

/** "Saturday 5 December 2026" for a YYYY-MM-DD day. */
export const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

export function receiptEmail(facts: ReceiptFacts): { subject: string; text: string; html: string } {
  const copy = PAYMENT_COPY.receiptMessage;
  const { standing } = facts;
  const lines = [
    copy.greeting(leadName(facts.buyer)),
    copy.body(formatKobo(facts.amountKobo), facts.plotLabel),
    standing.nextDue ? copy.left(formatKobo(standing.leftKobo)) : copy.paidInFull,
    ...(standing.overdue ? [copy.overdue(formatKobo(standing.overdue.amountKobo), longDay(standing.overdue.since))] : []),
    ...(standing.upcoming ? [copy.nextDue(formatKobo(standing.upcoming.amountKobo), longDay(standing.upcoming.dueOn))] : []),
    copy.check(facts.receiptUrl),
  ];
  const html = emailLayout(
    lines
      .slice(0, -1)
      .map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`)
      .join('') +
      emailButton(facts.receiptUrl, PAYMENT_COPY.callback.receiptLink) +
      `<p style="margin:16px 0 0">${escapeHtml(copy.signOff(facts.brand))}</p>`,
  );
  return {
    subject: copy.subject(facts.brand, facts.number),
    text: [...lines, copy.signOff(facts.brand)].join('\n\n'),
    html,
  };
}
