'use client';

import { NoticeDialog } from '@/components/ui/NoticeDialog';
import { INTEREST_COPY } from '@/content/interest';
import { CheckIcon, WhatsAppIcon } from '@/components/icons';
import type { DistrictChoice } from './fields';

/** Where a visitor can go next after submitting for one district (made on the server, so no district copy ships). */
export interface NextStep {
  whatsappHref: string;
  buyingHref: string;
  districtName: string;
  /** "Book a site inspection" (src/content/inspections.ts), passed in so no inspection copy ships beyond it. */
  bookLabel: string;
}
export type NextSteps = Record<DistrictChoice, NextStep>;

/**
 * Shown after a successful submission; a click anywhere dismisses it (spec §4). It offers the next step rather than
 * a dead end: booking a site inspection (the answer's signed link: the buyer only picks a slot), a WhatsApp chat
 * about the chosen district now, and how buying there works.
 */
export function ConfirmationPanel({ step, bookingHref, onClose }: { step: NextStep | null; bookingHref?: string; onClose: () => void }) {
  return (
    <NoticeDialog open={step !== null} onClose={onClose} title={INTEREST_COPY.confirmationTitle} icon={<CheckIcon className="size-7" />}>
      <p className="mt-3 text-lg text-forest-900">{INTEREST_COPY.confirmation}</p>
      <p className="mt-3 text-sm text-ink-soft">{INTEREST_COPY.confirmationDetail}</p>
      {step ? (
        <nav aria-label={INTEREST_COPY.nextStepsLabel} className="mt-6 flex flex-col items-center gap-3">
          {bookingHref ? (
            <a href={bookingHref} className="btn-primary w-full">
              {step.bookLabel}
            </a>
          ) : null}
          <a
            href={step.whatsappHref}
            target="_blank"
            rel="noopener noreferrer"
            className={bookingHref ? 'btn-outline w-full' : 'btn-primary w-full'}
          >
            <WhatsAppIcon className="size-5" />
            {INTEREST_COPY.whatsappNow}
          </a>
          <a href={step.buyingHref} className="text-sm font-medium text-forest-800 underline underline-offset-4">
            {INTEREST_COPY.buyingProcess(step.districtName)}
          </a>
        </nav>
      ) : null}
    </NoticeDialog>
  );
}
