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
}
export type NextSteps = Record<DistrictChoice, NextStep>;

/**
 * Shown after a successful submission; a click anywhere dismisses it (spec §4). It offers the next step rather than
 * a dead end: a WhatsApp chat about the chosen district now, and how buying there works.
 */
export function ConfirmationPanel({ step, onClose }: { step: NextStep | null; onClose: () => void }) {
  return (
    <NoticeDialog open={step !== null} onClose={onClose} title={INTEREST_COPY.confirmationTitle} icon={<CheckIcon className="size-7" />}>
      <p className="mt-3 text-lg text-forest-900">{INTEREST_COPY.confirmation}</p>
      <p className="mt-3 text-sm text-ink-soft">{INTEREST_COPY.confirmationDetail}</p>
      {step ? (
        <nav aria-label={INTEREST_COPY.nextStepsLabel} className="mt-6 flex flex-col items-center gap-3">
          <a href={step.whatsappHref} target="_blank" rel="noopener noreferrer" className="btn-primary w-full">
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
