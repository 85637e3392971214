import {
  stagesOfDistrict,
  type DocumentStageKey,
  type DocumentStageRule,
  type DocumentTrigger,
  type LetterKind,
} from '@/content/documents';
import { addCalendarDays } from '@/lib/working-time';
import { addWorkingDays } from './dates';

/**
 * A claim's document stages as the buyer and staff see them (docs/decisions/0419-documents-and-checks.md): each
 * stage's status and promised date worked out from the district's rules (src/content/documents.ts) and the days the
 * deposit and the full price were paid; what staff recorded (done, a late reason, a file) and the letters the site made.
 */

export type StageStatus = 'waiting' | 'in_progress' | 'late' | 'done';

/** The days a claim's clocks started (Lagos days), from its ledger: undefined while not reached. */
export interface PaidDays {
  depositPaidOn?: string;
  fullyPaidOn?: string;
}

/** What staff recorded of a stage (a row of document_stages). */
export interface StageRecord {
  stage: DocumentStageKey;
  doneOn: string | null;
  lateReason: string | null;
  fileId: string | null;
}

export interface StageView {
  key: DocumentStageKey;
  name: string;
  about: string;
  status: StageStatus;
  /** What starts the clock, for a stage still waiting. */
  after: DocumentTrigger;
  promisedOn?: string;
  doneOn?: string;
  lateReason?: string;
  /** The uploaded file's id (the download route takes it). */
  fileId?: string;
  /** The letter the site made for this stage: its id (the download route takes it) and number. */
  letter?: { id: string; number: string };
}

/** The promised day of a stage whose clock started on `startedOn`. */
export function promisedOn(rule: Pick<DocumentStageRule, 'days' | 'unit'>, startedOn: string): string {
  return rule.unit === 'working' ? addWorkingDays(startedOn, rule.days) : addCalendarDays(startedOn, rule.days);
}

/** The day a trigger was met, if it was. */
export const triggerDay = (paid: PaidDays, trigger: DocumentTrigger) => (trigger === 'deposit' ? paid.depositPaidOn : paid.fullyPaidOn);

/** The letters whose owner's rule is met: the contract once the deposit is paid, the allocation letter once paid in full. */
export function lettersDue(district: string, paid: PaidDays): LetterKind[] {
  return stagesOfDistrict(district).flatMap((rule) => (rule.generated && triggerDay(paid, rule.after) ? [rule.generated] : []));
}

export function stageViews(input: {
  district: string;
  paid: PaidDays;
  records: StageRecord[];
  letters: { kind: LetterKind; id: string; number: string; issuedOn: string }[];
  today: string;
}): StageView[] {
  const { district, paid, records, letters, today } = input;
  return stagesOfDistrict(district).map((rule) => {
    const record = records.find((r) => r.stage === rule.key);
    const letter = rule.generated ? letters.find((l) => l.kind === rule.generated) : undefined;
    const started = triggerDay(paid, rule.after);
    const promised = started ? promisedOn(rule, started) : undefined;
    // A letter the site made is done the day it was made; staff may still record an earlier or later day.
    const doneOn = record?.doneOn ?? letter?.issuedOn ?? undefined;
    const status: StageStatus = doneOn ? 'done' : !promised ? 'waiting' : promised < today ? 'late' : 'in_progress';
    return {
      key: rule.key,
      name: rule.name,
      about: rule.about,
      status,
      after: rule.after,
      promisedOn: promised,
      doneOn,
      lateReason: record?.lateReason ?? undefined,
      fileId: record?.fileId ?? undefined,
      letter: letter && { id: letter.id, number: letter.number },
    };
  });
}

/**
 * The days the deposit and the full price were first reached by the ledger's running sum (entries in their own order,
 * each on the Lagos day its money moved), and still stand: money refunded below the mark stops the clock.
 */
export function paidDaysOf(
  plan: { priceKobo: number; depositKobo: number; startsOn: string },
  entries: { amountKobo: number; day: string }[],
): PaidDays {
  let sum = 0;
  let depositPaidOn: string | undefined;
  let fullyPaidOn: string | undefined;
  for (const entry of entries) {
    sum += entry.amountKobo;
    if (sum >= plan.depositKobo) depositPaidOn ??= entry.day;
    else depositPaidOn = undefined;
    if (sum >= plan.priceKobo) fullyPaidOn ??= entry.day;
    else fullyPaidOn = undefined;
  }
  // A plan with no deposit starts its clock on its first day.
  if (plan.depositKobo === 0) depositPaidOn ??= plan.startsOn;
  return { depositPaidOn, fullyPaidOn };
}
