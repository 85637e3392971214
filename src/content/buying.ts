/**
 * What a buyer checks before leaving their number (issue 13): how buying works, the title and the documents, and
 * the questions buyers ask, per district. The district's own figures (plot size, price, deposit, instalment plans)
 * come from districts.ts and src/modules/districts/offer, never written out here.
 *
 * `confirmWithOwner: true` marks copy that states how the company works (its process, documents, refund terms,
 * inspection days): the owner confirms or edits it before launch, then sets it to false; docs/decisions/0330 lists
 * it all. Nothing here may promise more than the company does.
 */
import { SALES_HOURS, type District, type DistrictAuthorities } from './districts';

/** The figures of one district's offer, formatted for reading (₦3,000,000; "6, 12 or 18 months"). */
export interface OfferFigures {
  plotSize: string;
  price: string;
  deposit: string;
  balance: string;
  planMonths: string;
  /** The monthly instalment on the longest plan. */
  lowestMonthly: string;
}

export type { DistrictAuthorities } from './districts';

export interface Step {
  title: string;
  text: string;
}
export interface BuyerDocument {
  name: string;
  text: string;
}
export interface BuyerQuestion {
  question: string;
  answer: string;
}

/** The id of the "How buying works" section of a district page (linked from the interest confirmation). */
export const BUYING_SECTION_ID = 'how-buying-works';

export const BUYING_COPY = {
  confirmWithOwner: true,
  heading: 'How buying works',
  intro: (district: District) =>
    `From your first enquiry to the documents in your hands: eight steps, with the figures for ${district.name}.`,
  steps: (district: District, f: OfferFigures): Step[] => [
    { title: 'Submit your interest', text: 'Leave your name and number on this page; it takes two minutes.' },
    { title: 'We call you', text: 'Our sales team answers your questions and books your site inspection.' },
    {
      title: 'Inspect the site',
      text: `Walk the district in ${district.area} with us, or join a live video tour if you are abroad.`,
    },
    {
      title: 'Offer letter',
      text: `We send you the offer for a ${f.plotSize} plot at ${f.price}, with the payment plan you choose and any fees, in writing.`,
    },
    { title: 'Initial deposit', text: `${f.deposit}, paid into the company’s bank account, secures your plot number.` },
    { title: 'Instalments', text: `The ${f.balance} balance over ${f.planMonths}, from ${f.lowestMonthly} a month, with no interest.` },
    { title: 'Allocation', text: 'Once the plot is paid for, our surveyor marks its beacons on site with you or your representative.' },
    { title: 'Documents', text: 'You receive your allocation letter, survey plan and deed of assignment.' },
  ],
};

export const TITLE_COPY = {
  confirmWithOwner: true,
  heading: 'Title and documents',
  intro: 'What you can check before you pay, and what you hold once you have paid.',
  estateTitleHeading: 'The estate’s title',
  estateTitle: (district: District, authorities: DistrictAuthorities) =>
    `Before you pay anything, we show you the title document of the land ${district.name} stands on, its file number and the approved layout. You or your lawyer can then search the file at ${authorities.landRegistry}.`,
  documentsHeading: 'What you receive',
  documents: (authorities: DistrictAuthorities): BuyerDocument[] => [
    { name: 'Payment receipts', text: 'One for the deposit and one for every instalment, in your name and quoting your plot number.' },
    {
      name: 'Contract of sale',
      text: 'The agreement between you and the company: the plot, the price, the payment plan, the refund terms and what each side undertakes.',
    },
    { name: 'Allocation letter', text: 'Confirms the plot number allocated to you within the approved layout.' },
    { name: 'Survey plan', text: 'A registered surveyor’s drawing of your plot, with its boundaries and the coordinates of its beacons.' },
    {
      name: 'Deed of assignment',
      text: `Transfers the plot to you; registered at ${authorities.landRegistry}, it is your evidence of ownership.`,
    },
  ],
  inspectionHeading: 'Documents available for inspection',
  inspectionText:
    'See the title, the approved layout and a copy of each document above at our office, on site, or on a video call from abroad, before you commit to anything.',
  inspectionAction: 'Book a document inspection',
};

export const QUESTIONS_COPY = {
  confirmWithOwner: true,
  heading: 'Questions buyers ask',
  intro: (district: District) => `Straight answers about buying in ${district.name}. Anything else, ask our sales team.`,
  askHeading: 'Still have a question?',
  askText: SALES_HOURS,
  askWhatsApp: 'Ask on WhatsApp',
  askCall: (phone: string) => `Call ${phone}`,
  questions: (district: District, f: OfferFigures, authorities: DistrictAuthorities): BuyerQuestion[] => [
    {
      question: 'How does the payment plan work?',
      answer: `Pay the ${f.deposit} initial deposit, then the ${f.balance} balance in equal monthly instalments over ${f.planMonths}, with no interest: from ${f.lowestMonthly} a month. You can also pay the full ${f.price} at once.`,
    },
    {
      question: 'What does the initial deposit secure?',
      answer:
        'Your plot: once the deposit is paid, the plot number in your offer letter is reserved for you, at the price in that letter, for as long as you keep to your payment plan.',
    },
    {
      question: 'Are there other fees besides the price?',
      answer:
        'Any fee besides the price, such as for the survey or the deed, is listed with its amount in your offer letter, before you pay anything.',
    },
    {
      question: 'How do I know the land is genuine?',
      answer: `Ask to see the estate’s title document and approved layout at your inspection, then search the file at ${authorities.landRegistry}, yourself or through your lawyer, before you pay. We welcome it.`,
    },
    {
      question: 'Who do I pay, and how?',
      answer:
        'Only by bank transfer or deposit into the company’s account named in your offer letter, and every payment gets a receipt. Never pay cash to anyone, even someone who says they act for us.',
    },
    {
      question: 'When can I start building?',
      answer: `Once your plot is paid for and allocated on site, and ${authorities.planningAuthority} has approved your building plans.`,
    },
    {
      question: 'When will the roads, power and water be ready?',
      answer: `The infrastructure of ${district.name} is built in phases. At your inspection we show you what is finished and give you the schedule for the rest in writing.`,
    },
    {
      question: 'Can I buy from abroad?',
      answer:
        'Yes. Inspect the site on a live video tour, pay by bank transfer, and receive every document by e-mail, with the originals sent by courier or collected by someone you name.',
    },
    {
      question: 'What if I can no longer pay?',
      answer:
        'The refund terms are written in your contract of sale, which you read before you pay the deposit. If your circumstances change, talk to our sales team first.',
    },
    {
      question: 'When can I inspect the site?',
      answer: `Monday to Saturday, by appointment: leave your details on this page or call us, and we agree a time to meet you in ${district.area}. Buyers abroad can book a live video tour.`,
    },
  ],
};
