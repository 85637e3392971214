import { ContentIcon } from '@/components/ContentIcon';
import { Section } from '@/components/Section';
import { ActionBar } from '@/modules/site/ui';
import { EntryPrice } from '@/modules/districts/EntryPrice';
import { IndicativeFigures, IndicativeNote } from '@/modules/districts/IndicativePrice';
import { whatsappHref, whatsappRef } from '@/lib/contact-links';
import { districtLabel, OFFER_COPY, type District } from '@/content/districts';
import { getFxRates, getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';
import { SubmitInterestButton } from '@/modules/leads/ui';
import { ContactUsButton } from '@/modules/districts/offer/ContactUsButton';
import { InstalmentView } from '@/modules/districts/offer/InstalmentView';
import { formatNaira } from '@/modules/districts/offer/instalments';
import { districtOfferJsonLd, JsonLd } from '@/lib/seo/json-ld';
import { BuyerQuestions } from './BuyerQuestions';
import { BuyingSteps } from './BuyingSteps';
import { LandmarksList } from './LandmarksList';
import { offerFigures } from './offer-figures';
import { OrdinalMark } from './OrdinalMark';
import { TitleAndDocuments } from './TitleAndDocuments';
import { WhereItIs } from './WhereItIs';
import { LivePlan, PlotCountsScript } from '@/modules/plots/ui';

/**
 * /d1 and /d2: hero, about, features, why choose, landmarks, land offer (spec §2), then what a buyer checks before
 * leaving their number (issue 13): where it is, how buying works, title and documents, questions buyers ask.
 * Sections alternate ivory backgrounds.
 */

/** The master plans' colours (scripts/media/siteplan.mjs), for the key under the drawing. */
const SITE_PLAN_KEY = [
  { key: 'available', swatch: 'border-[#b08d57] bg-[#dcc393]' },
  { key: 'sold', swatch: 'border-[#2d6a58] bg-[#dfe9e3]' },
  { key: 'amenities', swatch: 'border-[#2d6a58] bg-[#cfe0d5]' },
] as const;

export function DistrictPage({ district }: { district: District }) {
  const facts = getSiteFacts();
  const fx = getFxRates();
  const { hero, about, features, whyChoose, landmarks, offer } = district;
  const label = districtLabel(district);
  const figures = offerFigures(offer);
  const contact = district.contactUs ? (
    <ContactUsButton facts={facts} districtLabel={label} pageRef={district.slug.toUpperCase()} className="btn-outline-light" />
  ) : null;

  return (
    <>
      <section
        className="relative overflow-hidden bg-forest-900 pt-28 pb-16 text-ivory-50 sm:pt-36 sm:pb-24"
        aria-labelledby="hero-heading"
      >
        <div className="container-page grid items-center gap-12 lg:grid-cols-[1.05fr_1fr]">
          <div>
            {/* The h1 names the district and its city (the eyebrow line), then the claim. */}
            <h1 id="hero-heading">
              <span className="eyebrow-light block">{hero.eyebrow}</span>
              <span className="mt-4 block text-4xl leading-[1.08] text-ivory-50 sm:text-5xl lg:text-6xl">{hero.title}</span>
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-ivory-100/85">{hero.lead}</p>
            <EntryPrice depositNgn={offer.depositNgn} fx={fx} />
            <div className="mt-9 flex flex-wrap gap-3">
              <SubmitInterestButton district={district.choice} className="btn-brass">
                {OFFER_COPY.submitInterest}
              </SubmitInterestButton>
              {contact}
            </div>
          </div>
          {/* eslint-disable-next-line @next/next/no-img-element -- SVG artwork needs no optimisation */}
          <img
            src={hero.image}
            alt={hero.imageAlt}
            width={1200}
            height={800}
            className="w-full rounded-3xl shadow-2xl ring-1 ring-ivory-50/10"
            fetchPriority="high"
          />
        </div>
      </section>

      <Section id="about" eyebrow={`${district.area}, ${district.city}`} heading={about.heading}>
        <div className="mt-8 grid gap-10 lg:grid-cols-[1.4fr_1fr]">
          <div className="space-y-5 text-lg leading-relaxed text-ink-soft">
            {about.paragraphs.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
          </div>
          <dl className="grid grid-cols-2 gap-px self-start overflow-hidden rounded-2xl bg-forest-900/10 text-sm">
            {[
              { term: OFFER_COPY.factPlotSize, value: OFFER_COPY.perPlot(offer.sizeSqm) },
              { term: OFFER_COPY.factPrice, value: formatNaira(offer.priceNgn), ngn: offer.priceNgn },
              { term: OFFER_COPY.depositLabel, value: formatNaira(offer.depositNgn), ngn: offer.depositNgn },
              { term: OFFER_COPY.factLocation, value: `${district.area}, ${district.city}` },
            ].map(({ term, value, ngn }) => (
              <div key={term} className="bg-ivory-50 p-5">
                <dt className="text-ink-soft">{term}</dt>
                <dd className="mt-1 font-display text-xl text-forest-900">{value}</dd>
                {ngn !== undefined && fx && (
                  <dd className="mt-0.5 text-xs text-ink-soft">
                    <IndicativeFigures ngn={ngn} fx={fx} />
                  </dd>
                )}
              </div>
            ))}
          </dl>
        </div>
      </Section>

      <Section id="features" heading={district.featuresHeading} className="bg-ivory-100">
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((f) => (
            <li key={f.title} className="rounded-2xl bg-ivory-50 p-6 ring-1 ring-forest-900/5">
              <span className="flex size-12 items-center justify-center rounded-full bg-forest-100 text-forest-800">
                <ContentIcon name={f.icon} className="size-6" />
              </span>
              <h3 className="mt-5 text-xl">{f.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-ink-soft">{f.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="why-choose" heading={whyChoose.heading}>
        {whyChoose.style === 'cards' ? (
          <ul className="mt-10 grid gap-5 lg:grid-cols-3">
            {whyChoose.items.map((item) => (
              <li key={item.title} className="rounded-3xl bg-forest-900 p-8 text-ivory-100">
                <ContentIcon name={item.icon} className="size-8 text-brass-300" />
                <h3 className="mt-6 text-2xl text-ivory-50">{item.title}</h3>
                <p className="mt-3 leading-relaxed text-ivory-100/80">{item.text}</p>
              </li>
            ))}
          </ul>
        ) : (
          <ol className="mt-10 grid gap-x-10 gap-y-2 md:grid-cols-2">
            {whyChoose.items.map((item, index) => (
              <li key={item.title} className="flex gap-5 border-t border-forest-900/10 py-6">
                <OrdinalMark index={index} />
                <div>
                  <h3 className="text-xl">{item.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-ink-soft">{item.text}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section id="landmarks" heading={landmarks.heading} intro={landmarks.intro} className="bg-ivory-100">
        <LandmarksList
          shownCount={landmarks.shownCount}
          items={landmarks.items.map((l) => (
            <li key={l.name} className="flex items-start gap-4 rounded-2xl bg-ivory-50 p-5 ring-1 ring-forest-900/5">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-forest-100 text-forest-800">
                <ContentIcon name={l.icon} className="size-5" />
              </span>
              <div>
                <h3 className="font-sans text-base font-semibold text-forest-900">{l.name}</h3>
                <p className="mt-0.5 text-sm text-ink-soft">
                  {l.kind} · {OFFER_COPY.driveTime(l.driveMinutes)}
                </p>
              </div>
            </li>
          ))}
        />
      </Section>

      <WhereItIs district={district} />

      <Section id="land-offer" heading={OFFER_COPY.heading} className="bg-ivory-100">
        <div className="mt-10 grid items-start gap-10 lg:grid-cols-2">
          <figure>
            {/* eslint-disable-next-line @next/next/no-img-element -- SVG artwork needs no optimisation */}
            <img
              src={district.sitePlan}
              alt={OFFER_COPY.sitePlanAlt(district.name)}
              width={1200}
              height={800}
              loading="lazy"
              className="w-full rounded-3xl ring-1 ring-forest-900/10"
            />
            <figcaption>
              <ul aria-label={OFFER_COPY.sitePlanLegendLabel} className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-soft">
                {SITE_PLAN_KEY.map(({ key, swatch }) => (
                  <li key={key} className="inline-flex items-center gap-2">
                    <span aria-hidden="true" className={`size-3.5 rounded-[4px] border ${swatch}`} />
                    {OFFER_COPY.sitePlanLegend[key]}
                  </li>
                ))}
              </ul>
            </figcaption>
          </figure>
          <div>
            <p className="font-display text-3xl leading-snug text-forest-900 sm:text-4xl">
              {OFFER_COPY.perPlot(offer.sizeSqm)} {offer.wording}
            </p>
            {/* Side by side while both figures fit, one under the other on narrow phones (never overlapping). */}
            <dl className="mt-6 flex flex-wrap gap-x-12 gap-y-5">
              {[
                { term: OFFER_COPY.priceLabel, ngn: offer.priceNgn },
                { term: OFFER_COPY.depositLabel, ngn: offer.depositNgn },
              ].map(({ term, ngn }) => (
                <div key={term}>
                  <dt className="text-sm text-ink-soft">{term}</dt>
                  <dd className="mt-1 font-display text-3xl text-forest-900">{formatNaira(ngn)}</dd>
                  {fx && (
                    <dd className="mt-1 text-sm text-ink-soft">
                      <IndicativeFigures ngn={ngn} fx={fx} />
                    </dd>
                  )}
                </div>
              ))}
            </dl>
            <IndicativeNote fx={fx} className="mt-4 max-w-md" />
            <div className="mt-8 flex flex-wrap gap-3">
              <SubmitInterestButton district={district.choice}>{OFFER_COPY.submitInterest}</SubmitInterestButton>
              {district.contactUs && <ContactUsButton facts={facts} districtLabel={label} pageRef={district.slug.toUpperCase()} />}
            </div>
            <InstalmentView price={offer.priceNgn} deposit={offer.depositNgn} fx={fx} />
          </div>
        </div>
        {/* The drawing above is the master plan (an illustration); this one is kept true, plot by plot. */}
        <LivePlan slug={district.slug} districtName={district.name} />
      </Section>

      <BuyingSteps district={district} figures={figures} />
      <TitleAndDocuments district={district} className="bg-ivory-100" />
      <BuyerQuestions district={district} districtLabel={label} figures={figures} facts={facts} />
      <JsonLd data={districtOfferJsonLd(district, facts, getSiteUrl())} />
      <PlotCountsScript />
      <ActionBar
        whatsappHref={whatsappHref(facts.whatsapp, OFFER_COPY.whatsappMessage(label, whatsappRef(district.slug.toUpperCase())))}
        district={district.choice}
      />
    </>
  );
}
