import type { Metadata } from 'next';
import { HeroVideo } from '@/components/HeroVideo';
import { ActionBar } from '@/modules/site/ui';
import { EntryPrice } from '@/modules/districts/ui';
import { DISTRICTS } from '@/content/districts';
import { ACTION_BAR_COPY } from '@/content/navigation';
import { getFxRates, getSiteFacts } from '@/lib/site-facts.server';
import { whatsappHref, whatsappRef } from '@/lib/contact-links';
import { HOME_COPY, homeDistrictCards } from '@/content/home';
import { POPUP_MEMORY_SCRIPT } from '@/modules/leads';
import { PlotCountsLine, PlotCountsScript } from '@/modules/plots/ui';
import { SubmitInterestButton } from '@/modules/leads/ui';
import { pageMetadata } from '@/lib/seo/metadata';
import { ArrowRightIcon } from '@/components/icons';

export const metadata: Metadata = pageMetadata({ ...HOME_COPY.meta, path: '/' });

export default function HomePage() {
  const { hero, claim, steps } = HOME_COPY;
  const sections = homeDistrictCards();
  return (
    <>
      <section
        aria-labelledby="hero-heading"
        className="relative isolate flex min-h-[100svh] items-end overflow-hidden bg-forest-950 text-ivory-50 sm:items-center"
      >
        {/* Decoded off the first frame: the heading is shown without waiting for the picture (docs/decisions/0021). */}
        <picture>
          <source media="(max-width: 767px)" srcSet={hero.posterPortrait} width={506} height={900} />
          <img
            src={hero.poster}
            alt={hero.posterAlt}
            width={1600}
            height={900}
            fetchPriority="high"
            decoding="async"
            className="absolute inset-0 -z-20 size-full object-cover"
          />
        </picture>
        <div className="absolute inset-0 -z-10">
          <HeroVideo label={hero.videoLabel} poster={hero.poster} sources={hero.videoSources} />
        </div>
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-forest-950/90 via-forest-950/55 to-forest-950/30 sm:bg-gradient-to-r sm:from-forest-950/85 sm:via-forest-950/50 sm:to-transparent" />
        <div className="container-page pt-28 pb-16 sm:py-32">
          <p className="eyebrow-light">{hero.eyebrow}</p>
          <h1 id="hero-heading" className="mt-5 max-w-3xl text-4xl leading-[1.06] text-ivory-50 sm:text-6xl lg:text-7xl">
            {hero.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ivory-100/90">{hero.lead}</p>
          <EntryPrice depositNgn={Math.min(...DISTRICTS.map((district) => district.offer.depositNgn))} fx={getFxRates()} />
          <div className="mt-10 flex flex-wrap gap-3">
            <SubmitInterestButton className="btn-brass">{hero.cta}</SubmitInterestButton>
            <a href="#districts" className="btn-outline-light">
              {hero.secondary}
            </a>
          </div>
        </div>
      </section>

      <section aria-label={claim.text} className="border-b border-forest-900/10 bg-ivory-100">
        <div className="container-page flex flex-col gap-4 py-10 sm:flex-row sm:items-center sm:gap-10">
          <p className="font-display text-6xl leading-none text-forest-800 sm:text-7xl" aria-hidden="true">
            {claim.figure}
          </p>
          <div>
            <p className="font-display text-2xl text-forest-900">{claim.text}</p>
            <p className="mt-1 text-sm text-ink-soft">{claim.note}</p>
          </div>
        </div>
      </section>

      <div id="districts" className="scroll-mt-20">
        {sections.map((s, index) => (
          <section key={s.slug} aria-labelledby={`${s.slug}-heading`} className={index % 2 ? 'bg-ivory-100' : ''}>
            <div className="container-page grid items-center gap-10 py-20 sm:py-28 lg:grid-cols-2 lg:gap-16">
              {/* eslint-disable-next-line @next/next/no-img-element -- SVG artwork needs no optimisation */}
              <img
                src={s.image}
                alt={s.imageAlt}
                width={1200}
                height={800}
                loading="lazy"
                className={`w-full rounded-3xl shadow-xl ring-1 ring-forest-900/10 ${index % 2 ? 'lg:order-2' : ''}`}
              />
              <div>
                <p className="eyebrow">{s.eyebrow}</p>
                <h2 id={`${s.slug}-heading`} className="mt-3 text-4xl sm:text-5xl">
                  {s.heading}
                </h2>
                <p className="mt-5 max-w-lg text-lg leading-relaxed text-ink-soft">{s.text}</p>
                <a href={s.href} className="btn-primary mt-8">
                  {s.cta}
                  {/* Read by search engines and screen readers, so the link makes sense on its own. */}
                  <span className="sr-only"> {s.ctaContext}</span>
                  <ArrowRightIcon className="size-4" />
                </a>
                {/* The live count of plots available, filled in by PlotCountsScript (docs/decisions/0412). */}
                <div className="mt-6">
                  <PlotCountsLine slug={s.slug} />
                </div>
              </div>
            </div>
          </section>
        ))}
      </div>

      <section aria-labelledby="steps-heading" className="py-20 sm:py-28">
        <div className="container-page">
          <p className="eyebrow">{steps.eyebrow}</p>
          <h2 id="steps-heading" className="mt-3 max-w-2xl text-3xl sm:text-4xl">
            {steps.heading}
          </h2>
          <ol className="mt-12 grid gap-10 md:grid-cols-3">
            {steps.items.map((step, index) => (
              <li key={step.title} className="border-t border-forest-900/15 pt-6">
                <span className="font-display text-4xl text-brass-700" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="mt-3 text-2xl">{step.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-soft">{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-14 flex flex-col items-start gap-5 rounded-3xl bg-forest-900 p-8 text-ivory-100 sm:flex-row sm:items-center sm:justify-between sm:p-10">
            <p className="max-w-xl text-lg">{steps.diaspora}</p>
            <SubmitInterestButton className="btn-brass shrink-0">{hero.cta}</SubmitInterestButton>
          </div>
        </div>
      </section>
      <ActionBar whatsappHref={whatsappHref(getSiteFacts().whatsapp, ACTION_BAR_COPY.whatsappMessage(whatsappRef('HOME')))} />
      {/* Before the popup is parsed, a returning visitor's popup is marked closed (src/modules/leads/form/popup-memory.ts).
          After the page's content, not before it: the parser waits at an inline script for the stylesheet, and
          what it has parsed by then is what the first paint shows, the hero heading included. */}
      <script dangerouslySetInnerHTML={{ __html: POPUP_MEMORY_SCRIPT }} />
      <PlotCountsScript />
    </>
  );
}
