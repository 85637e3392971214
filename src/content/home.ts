import { DEMAND_CLAIM, DISTRICTS } from './districts';

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
  /** Each district's card (its `homeCard` in districts.ts, in their `order`): the link's words. */
  districtCta: 'Learn More',
} as const;

/** The home page's district cards, one per district in their `homeCard.order`. */
export const homeDistrictCards = () =>
  [...DISTRICTS]
    .sort((a, b) => a.homeCard.order - b.homeCard.order)
    .map((district) => ({
      slug: district.slug,
      eyebrow: district.name,
      heading: district.homeCard.heading,
      text: district.homeCard.text,
      href: district.path,
      cta: HOME_COPY.districtCta,
      ctaContext: district.homeCard.ctaContext,
      image: district.hero.image,
      imageAlt: district.homeCard.imageAlt,
    }));
