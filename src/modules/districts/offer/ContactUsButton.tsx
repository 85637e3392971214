'use client';

import { useState } from 'react';
import { Modal } from '@/components/ui/Modal';
import { OFFER_COPY } from '@/content/offer';
import { telHref, whatsappHref, whatsappRef } from '@/lib/contact-links';
import { MailIcon, PhoneIcon, WhatsAppIcon } from '@/components/icons';

interface ContactFacts {
  phone: string;
  whatsapp: string;
  email: string;
}

/** Contact Us: call, WhatsApp with a message naming the district and the page (`pageRef`, e.g. D1), or e-mail. */
export function ContactUsButton({
  facts,
  districtLabel,
  pageRef,
  className = 'btn-outline',
}: {
  facts: ContactFacts;
  districtLabel: string;
  pageRef: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const options = [
    { label: OFFER_COPY.call, detail: facts.phone, href: telHref(facts.phone), Icon: PhoneIcon, external: false },
    {
      label: OFFER_COPY.whatsapp,
      detail: `+${facts.whatsapp}`,
      href: whatsappHref(facts.whatsapp, OFFER_COPY.whatsappMessage(districtLabel, whatsappRef(pageRef))),
      Icon: WhatsAppIcon,
      external: true,
    },
    {
      label: OFFER_COPY.email,
      detail: facts.email,
      href: `mailto:${facts.email}?subject=${encodeURIComponent(OFFER_COPY.emailSubject(districtLabel))}`,
      Icon: MailIcon,
      external: false,
    },
  ];
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {OFFER_COPY.contactUs}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={OFFER_COPY.contactTitle} panelClassName="px-6 pt-8 pb-6 sm:px-8">
        <p className="mt-2 text-sm leading-relaxed text-ink-soft">{OFFER_COPY.contactIntro}</p>
        <ul className="mt-6 space-y-3">
          {options.map(({ label, detail, href, Icon, external }) => (
            <li key={label}>
              <a
                href={href}
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                className="flex items-center gap-4 rounded-2xl border border-forest-900/10 bg-white p-4 transition-colors hover:border-forest-800"
              >
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-forest-100 text-forest-800">
                  <Icon className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold text-forest-900">{label}</span>
                  <span className="block text-sm text-ink-soft">{detail}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
