/**
 * A buyer's documents (docs/decisions/0419-documents-and-checks.md): the stages every buyer waits for, per district,
 * with the owner's rule for each one's promised date; the Nigerian public holidays the working-day count skips; the
 * words of the allocation letter and the contract of sale (the owner's templates); and what the buyer's documents
 * section, the staff Documents page and the public check page say.
 */

/** The stages' keys, in the order a buyer waits for them: what the database stores (never renamed once stored). */
export const DOCUMENT_STAGE_KEYS = [
  'contract_of_sale',
  'allocation_letter',
  'survey_plan',
  'deed_of_assignment',
  'consent',
  'physical_allocation',
] as const;
export type DocumentStageKey = (typeof DOCUMENT_STAGE_KEYS)[number];

/** What starts a stage's clock: the deposit paid, or the plot paid in full. */
export type DocumentTrigger = 'deposit' | 'full_payment';

export interface DocumentStageRule {
  key: DocumentStageKey;
  name: string;
  /** What the buyer reads under the name. */
  about: string;
  after: DocumentTrigger;
  /** The promise: this many days after the trigger, working days (Mon–Fri, holidays below skipped) or calendar days. */
  days: number;
  unit: 'working' | 'calendar';
  /** Made by the site as a PDF (its letter kind) when the trigger is met; else staff upload the signed scan. */
  generated?: LetterKind;
}

/** The letters the site makes itself, and their numbers' prefixes. */
export const LETTER_KINDS = ['contract_of_sale', 'allocation_letter'] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];
export const LETTER_PREFIX: Record<LetterKind, 'CS' | 'AL'> = { contract_of_sale: 'CS', allocation_letter: 'AL' };

const stage = (rule: DocumentStageRule) => rule;

/** The owner's rules, the same in every district but the title's name (the FCT's Minister, a state's Governor). */
const commonStages = (consentName: string, consentAbout: string): DocumentStageRule[] => [
  stage({
    key: 'contract_of_sale',
    name: 'Contract of sale',
    about: 'The agreement between you and us for your plot, made for you once your deposit is paid.',
    after: 'deposit',
    days: 5,
    unit: 'working',
    generated: 'contract_of_sale',
  }),
  stage({
    key: 'allocation_letter',
    name: 'Allocation letter',
    about: 'Names your plot as yours, made for you once the plot is paid in full.',
    after: 'full_payment',
    days: 5,
    unit: 'working',
    generated: 'allocation_letter',
  }),
  stage({
    key: 'survey_plan',
    name: 'Survey plan',
    about: 'Your plot’s boundaries and coordinates, drawn and signed by a registered surveyor.',
    after: 'full_payment',
    days: 90,
    unit: 'calendar',
  }),
  stage({
    key: 'deed_of_assignment',
    name: 'Deed of assignment',
    about: 'Transfers our interest in the land to you; signed by both sides and stamped.',
    after: 'full_payment',
    days: 90,
    unit: 'calendar',
  }),
  stage({ key: 'consent', name: consentName, about: consentAbout, after: 'full_payment', days: 180, unit: 'calendar' }),
  stage({
    key: 'physical_allocation',
    name: 'Physical allocation',
    about: 'We meet you on site and show you your plot’s beacons.',
    after: 'full_payment',
    days: 120,
    unit: 'calendar',
  }),
];

/** The stages of each district (by its slug); a district not listed has DEFAULT_STAGES. */
export const DEFAULT_STAGES = commonStages(
  'Governor’s consent or C of O',
  'The state’s consent to your deed of assignment, or the Certificate of Occupancy itself.',
);
export const DOCUMENT_STAGES: Record<string, DocumentStageRule[]> = {
  // Land in the Federal Capital Territory is the Minister's to grant, through AGIS.
  d1: commonStages(
    'Minister’s consent or C of O',
    'The FCT Minister’s consent to your deed of assignment (through AGIS), or the Certificate of Occupancy itself.',
  ),
  d2: DEFAULT_STAGES,
};
export const stagesOfDistrict = (district: string): DocumentStageRule[] => DOCUMENT_STAGES[district] ?? DEFAULT_STAGES;

/**
 * Nigerian public holidays the working-day count skips (weekends are skipped anyway). The Federal Government declares
 * them each year, moving one that falls on a weekend to the Monday after and fixing the Islamic ones by the moon: the
 * Islamic dates here are the expected ones; correct them when the Government announces them, and add the next year by
 * December. A year not listed counts weekends only.
 */
export const PUBLIC_HOLIDAYS: readonly string[] = [
  // 2026
  '2026-01-01', // New Year's Day
  '2026-03-20', // Eid al-Fitr (expected)
  '2026-04-03', // Good Friday
  '2026-04-06', // Easter Monday
  '2026-05-01', // Workers' Day
  '2026-05-27', // Eid al-Adha (expected)
  '2026-06-12', // Democracy Day
  '2026-08-26', // Eid al-Mawlid (expected)
  '2026-10-01', // Independence Day
  '2026-12-25', // Christmas Day
  '2026-12-28', // Boxing Day (26 December is a Saturday)
  // 2027
  '2027-01-01',
  '2027-03-10', // Eid al-Fitr (expected)
  '2027-03-26', // Good Friday
  '2027-03-29', // Easter Monday
  '2027-05-03', // Workers' Day (1 May is a Saturday)
  '2027-05-17', // Eid al-Adha (expected)
  '2027-06-14', // Democracy Day (12 June is a Saturday)
  '2027-08-16', // Eid al-Mawlid (expected; 15 August is a Sunday)
  '2027-10-01',
  '2027-12-27', // Christmas Day (a Saturday)
  '2027-12-28', // Boxing Day (a Sunday)
];

/** The owner's templates of the two letters: {placeholders} filled from the sale. */
export const LETTER_TEMPLATES: Record<LetterKind, { title: string; paragraphs: string[]; signOff: string }> = {
  allocation_letter: {
    title: 'Letter of allocation',
    paragraphs: [
      'Dear {buyer},',
      'We are pleased to confirm that {plot} in {district} ({size} square metres) is allocated to you, having received the full price of {price}.',
      'This letter is your evidence of allocation until your deed of assignment and the title document are ready; you will find their promised dates on your own page on our website. Keep it safe, and show it to nobody who asks you to pay again for the same plot.',
      'Anyone may check that this letter is ours: scan the code below, or visit {checkUrl} and enter the number and check code printed on it.',
    ],
    signOff: 'For and on behalf of {brand}',
  },
  contract_of_sale: {
    title: 'Contract of sale',
    paragraphs: [
      'This contract is made on {date} between {brand} (the Vendor) and {buyer} (the Purchaser).',
      'The Vendor sells, and the Purchaser buys, {plot} in {district} ({size} square metres) for {price}, of which the deposit of {deposit} has been paid.',
      'The balance is paid in {months} monthly instalments on the schedule shown on the Purchaser’s own page on our website. The plot stays reserved for the Purchaser while the instalments are paid; the Vendor issues the allocation letter once the price is paid in full.',
      'Anyone may check that this contract is ours: scan the code below, or visit {checkUrl} and enter the number and check code printed on it.',
    ],
    signOff: 'Signed for the Vendor',
  },
};

export const DOCUMENTS_COPY = {
  buyer: {
    eyebrow: 'Your documents',
    heading: 'Every document, with the date we promised',
    intro:
      'Each document below shows where it stands and the date we promised it, worked out from our rules the day your payment reached us. If one is late, we say so and why.',
    none: 'Your documents appear here once your deposit is paid.',
    promised: 'Promised by',
    done: 'Ready on',
    waitingFor: { deposit: 'Starts when your deposit is paid', full_payment: 'Starts when your plot is paid in full' },
    download: 'Download',
    downloadLetter: 'Download (PDF)',
    late: 'Late',
    lateReason: 'Why:',
    lateNoReason: 'We are finding out why and will tell you here.',
    status: { waiting: 'Not started', in_progress: 'In progress', late: 'Late', done: 'Ready' },
  },
  staff: {
    title: 'Documents',
    ownersOnly: 'A buyer’s documents are for the owners to see and change.',
    intro: 'What each buyer is waiting for, district by district: due, late and done. Every change is kept with who made it.',
    district: 'District',
    show: 'Show',
    none: 'No buyer in this district has paid a deposit yet.',
    buyer: 'Buyer',
    plot: 'Plot',
    promised: 'Promised',
    waitingFor: { deposit: 'Starts when the deposit is paid', full_payment: 'Starts when the plot is paid in full' },
    late: (days: number) => `${days} day${days === 1 ? '' : 's'} late`,
    dueIn: (days: number) => (days === 0 ? 'due today' : `due in ${days} day${days === 1 ? '' : 's'}`),
    lastBy: (who: string, when: string) => `Last change by ${who}, ${when}`,
    update: 'Update',
    markDone: 'Mark done',
    doneOn: 'Done on',
    undo: 'Mark not done',
    lateReason: 'Reason it is late (the buyer reads it)',
    saveReason: 'Save reason',
    upload: 'Upload signed scan',
    uploadHint: (mb: number) => `PDF, JPEG or PNG, up to ${mb} MB.`,
    file: 'File',
    counts: (due: number, late: number) => `${due} due · ${late} late`,
    saved: 'Saved.',
    uploaded: 'File uploaded.',
    errors: {
      notFound: 'That buyer’s document stage was not found.',
      badType: 'That file is not a PDF, JPEG or PNG. Scan the signed document to one of those and try again.',
      tooBig: (mb: number) => `That file is larger than ${mb} MB. Scan it at a lower resolution and try again.`,
      noFile: 'Choose a file to upload.',
      invalid: 'Check the form and try again.',
      generated: 'This document is made by the site; it cannot be replaced by an upload.',
      storeDownUpload: 'The file store is not answering, so the file was not saved. Please upload it again in a few minutes.',
      storeDown: 'The file store is not answering, so the file cannot be fetched. Please try again in a few minutes.',
    },
  },
  check: {
    title: 'Check a receipt or letter',
    description: 'Check that a receipt, allocation letter or contract of sale is genuinely ours.',
    eyebrow: 'Is it genuine?',
    heading: 'Check a receipt or a letter',
    intro:
      'Every receipt, allocation letter and contract of sale we issue carries a number and a check code. Enter both as printed (or scan the QR code on it) to see what it covers.',
    number: 'Number',
    numberHint: 'For example RCT-2026-000123, AL-2026-000045 or CS-2026-000067',
    code: 'Check code',
    codeHint: 'Printed beside the number',
    submit: 'Check',
    genuine: 'Genuine: this is ours',
    genuineBody: 'We issued this document. Make sure what it says matches what you hold.',
    kind: { receipt: 'Payment receipt', allocation_letter: 'Allocation letter', contract_of_sale: 'Contract of sale' },
    fields: { kind: 'Document', number: 'Number', district: 'District', plot: 'Plot', amount: 'Amount', date: 'Date', buyer: 'Buyer' },
    notOurs: 'Not ours',
    notOursBody:
      'We did not issue a document with this number and check code. If you were given it as ours, do not pay anything on the strength of it: call us on the number on this website. We have been told of this check.',
    tooMany: 'Too many checks from your network in a short time. Please wait a few minutes and try again.',
    invalid: 'Enter the number and the check code as printed.',
  },
  alerts: {
    forgerySubject: (brand: string) => `${brand}: a document that is not ours was checked`,
    forgeryBody: (count: number, numbers: string[]) =>
      `In the last hour someone checked ${count} document${count === 1 ? '' : 's'} we did not issue on the check page (numbers entered: ${numbers.join(', ')}). A forged receipt or letter may be in use in our name.`,
    lateSubject: (brand: string, count: number) => `${brand}: ${count} buyer document${count === 1 ? '' : 's'} late`,
    lateIntro: 'These document stages are past the date we promised the buyer:',
    lateLine: (district: string, plot: string, stage: string, promised: string, reason: string | null) =>
      `${district}, ${plot}: ${stage}, promised ${promised}${reason ? ` (reason given: ${reason})` : ' (no reason given yet)'}`,
    openPage: 'Open the Documents page',
  },
} as const;

/** The public check page's address (the QR codes on letters point to it with their number and code). */
export const CHECK_PATH = '/check';

/** What a letter says, fixed when it is issued (document_letters.facts). Amounts in kobo. */
export interface LetterFacts {
  buyerName: string;
  district: string;
  districtName: string;
  plotLabel: string;
  sizeSqm: number;
  priceKobo: number;
  depositKobo: number;
  months: number;
  /** The Lagos day of issue, YYYY-MM-DD. */
  issuedOn: string;
}
