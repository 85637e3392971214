import { ACCOUNT_PATHS } from '@/content/buyers';
import { FOOTER_COPY } from '@/content/footer';
import { DISTRICTS } from '@/content/districts';
import type { SiteFacts } from '@/content/site';
import { telHref } from '@/lib/contact-links';
import { NewsletterForm } from '@/modules/newsletter/ui';
import { BrandMark } from '@/components/BrandMark';
import { FacebookIcon, InstagramIcon, LinkedInIcon, MailIcon, MapPinIcon, PhoneIcon, XIcon } from '@/components/icons';

const SOCIAL_ICONS = { facebook: FacebookIcon, x: XIcon, instagram: InstagramIcon, linkedin: LinkedInIcon } as const;

export function SiteFooter({ facts }: { facts: SiteFacts }) {
  const { address } = facts;
  return (
    <footer className="bg-forest-900 text-ivory-100">
      <div className="container-page grid gap-12 py-16 md:grid-cols-2 lg:grid-cols-[1.2fr_1fr_1.3fr] lg:gap-16">
        <section aria-labelledby="footer-contact">
          <div className="flex items-center gap-2.5">
            <BrandMark className="size-9" />
            <span className="font-display text-xl text-ivory-50">{facts.brand}</span>
          </div>
          <p className="mt-3 max-w-xs text-sm text-ivory-100/80">{facts.tagline}</p>
          <h2 id="footer-contact" className="mt-8 eyebrow-light">
            {FOOTER_COPY.contactHeading}
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a href={`mailto:${facts.email}`} className="inline-flex items-center gap-3 hover:text-brass-300">
                <MailIcon className="size-5 shrink-0 text-brass-300" />
                {facts.email}
              </a>
            </li>
            <li>
              <a href={telHref(facts.phone)} className="inline-flex items-center gap-3 hover:text-brass-300">
                <PhoneIcon className="size-5 shrink-0 text-brass-300" />
                {facts.phone}
              </a>
            </li>
            <li className="flex items-start gap-3">
              <MapPinIcon className="mt-0.5 size-5 shrink-0 text-brass-300" />
              <address className="not-italic">
                {address.street}, {address.city}, {address.country}
              </address>
            </li>
          </ul>
        </section>

        <section aria-labelledby="footer-districts">
          <h2 id="footer-districts" className="eyebrow-light">
            {FOOTER_COPY.districtsHeading}
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            {DISTRICTS.map((d) => (
              <li key={d.slug}>
                <a href={d.path} className="hover:text-brass-300">
                  {d.name} · {d.area}, {d.city}
                </a>
              </li>
            ))}
          </ul>
          <h2 className="mt-10 eyebrow-light" id="footer-follow">
            {FOOTER_COPY.followHeading}
          </h2>
          <ul className="mt-4 space-y-3 text-sm" aria-labelledby="footer-follow">
            {facts.social.map((s) => {
              const Icon = SOCIAL_ICONS[s.network];
              return (
                <li key={s.network}>
                  <a href={s.url} rel="noopener noreferrer" target="_blank" className="inline-flex items-center gap-3 hover:text-brass-300">
                    <Icon className="size-5 shrink-0 text-brass-300" />
                    <span className="sr-only">{s.label}: </span>
                    {s.handle}
                  </a>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="footer-newsletter" className="md:col-span-2 lg:col-span-1">
          <h2 id="footer-newsletter" className="eyebrow-light">
            {FOOTER_COPY.newsletterHeading}
          </h2>
          <p className="mt-4 max-w-sm text-sm text-ivory-100/80">{FOOTER_COPY.newsletterText}</p>
          <NewsletterForm source="footer" />
        </section>
      </div>
      <div className="border-t border-ivory-50/10">
        <div className="container-page flex flex-col gap-3 py-6 text-xs text-ivory-100/75 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {facts.copyrightYear} {facts.brand}. {FOOTER_COPY.rights}
          </p>
          <p className="flex flex-wrap gap-x-6 gap-y-2">
            <a href={ACCOUNT_PATHS.signIn} className="hover:text-brass-300">
              {FOOTER_COPY.account}
            </a>
            <a href="/privacy" className="hover:text-brass-300">
              {FOOTER_COPY.privacy}
            </a>
            <a href="/terms" className="hover:text-brass-300">
              {FOOTER_COPY.terms}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
