import type { BuyerQuestion } from '@/content/buying';
import type { District } from '@/content/districts';
import type { SiteFacts } from '@/content/site';

export function organizationJsonLd(facts: SiteFacts, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name: facts.brand,
    url: siteUrl,
    logo: `${siteUrl}/icon.svg`,
    email: facts.email,
    telephone: facts.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: facts.address.street,
      addressLocality: facts.address.city,
      addressCountry: 'NG',
    },
    sameAs: facts.social.map((s) => s.url),
  };
}

export function districtOfferJsonLd(district: District, facts: SiteFacts, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${district.offer.sizeSqm} sqm residential plot, ${district.name} (${district.area}, ${district.city})`,
    description: district.meta.description,
    image: `${siteUrl}${district.hero.image}`,
    brand: { '@type': 'Brand', name: facts.brand },
    offers: {
      '@type': 'Offer',
      url: `${siteUrl}${district.path}`,
      price: district.offer.priceNgn,
      priceCurrency: 'NGN',
      availability: 'https://schema.org/InStock',
      areaServed: { '@type': 'Place', name: `${district.area}, ${district.city}, Nigeria` },
      seller: { '@type': 'Organization', name: facts.brand },
    },
  };
}

/** The questions a page answers, as schema.org FAQPage (each answer exactly as the page shows it). */
export function faqPageJsonLd(questions: BuyerQuestion[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}

/** Structured data. A data block is never executed, so the CSP needs no nonce or hash for it (pages stay static). */
export function JsonLd({ data }: { data: object }) {
  // JSON.stringify cannot close the tag when "<" is escaped.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
