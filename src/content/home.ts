import { DEMAND_CLAIM } from './districts';

export const HOME_COPY = {
  meta: {
    title: 'Planned residential districts in Abuja and Ibadan',
    description:
      'Buy serviced residential plots in Lugbe, Abuja and Moniya, Ibadan. Planned roads, power, water and security. Submit your interest and our sales team will call you.',
  },
  hero: {
    eyebrow: 'Lugbe, Abuja · Moniya, Ibadan',
    title: 'Own land in a district planned for the way you want to live',
    lead: `${DEMAND_CLAIM}. Secure a serviced plot with a small initial deposit and a payment plan that fits you.`,
    /** The entry price in a hero's first screen (home: the lowest initial deposit of any district). */
    entryPrice: (deposit: string) => `Plots from ${deposit} deposit`,
    cta: 'Submit Interest',
    secondary: 'Explore the districts',
    poster: '/media/hero-poster.webp',
    /** The middle of the poster cut to a phone's shape (a fifth of the bytes): phones never show the sides. */
    posterPortrait: '/media/hero-poster-portrait.webp',
    videoSources: [
      { src: '/media/hero.webm', type: 'video/webm' },
      { src: '/media/hero.mp4', type: 'video/mp4' },
    ],
    videoLabel: 'Background video: an illustrated residential district at dusk',
    posterAlt: 'Illustrated skyline of a planned residential district at dusk',
  },
  claim: {
    figure: '50%',
    text: DEMAND_CLAIM,
    note: 'Higher demand than comparable unplanned neighbourhoods, according to our sales and enquiry data.',
  },
  steps: {
    eyebrow: 'How it works',
    heading: 'From interest to allocation in three steps',
    items: [
      { title: 'Submit your interest', text: 'Two minutes: your name, e-mail, phone number and the district you prefer.' },
      {
        title: 'We call you',
        text: 'A member of our sales team calls you, usually within the hour on working days, to answer your questions.',
      },
      {
        title: 'Visit and secure your plot',
        text: 'Tour the site in person or by live video from abroad, pay the initial deposit and receive your allocation.',
      },
    ],
    diaspora: 'Buying from abroad? We run live video site tours and send every document to you by e-mail.',
  },
  sections: [
    {
      slug: 'd2',
      eyebrow: 'District 2',
      heading: 'Moniya, Ibadan',
      text: 'Spacious 450 sqm plots on the northern edge of Ibadan, beside the Lagos–Ibadan railway terminus. Room for a family home and a garden, from a ₦500,000 initial deposit.',
      href: '/d2',
      cta: 'Learn More',
      ctaContext: 'about Moniya, Ibadan',
      image: '/media/district-moniya.svg',
      imageAlt: 'Illustration of homes among rolling green land with a train in the distance.',
    },
    {
      slug: 'd1',
      eyebrow: 'District 1',
      heading: 'Lugbe, Abuja',
      text: 'Serviced 300 sqm plots on Abuja’s Airport Road corridor, minutes from the airport and the city’s main roads, from a ₦3,000,000 initial deposit.',
      href: '/d1',
      cta: 'Learn More',
      ctaContext: 'about Lugbe, Abuja',
      image: '/media/district-lugbe.svg',
      imageAlt: 'Illustration of villas on a tree-lined avenue with a granite hill behind.',
    },
  ],
} as const;
