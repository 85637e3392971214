'use client';

import { Modal } from '@/components/ui/Modal';
import { INTEREST_COPY } from '@/content/interest';
import { CheckIcon } from '@/components/icons';

/** Shown after a successful submission; a click anywhere dismisses it (spec §4). */
export function ConfirmationPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={INTEREST_COPY.confirmationTitle}
      dismissOnAnyClick
      closeLabel={INTEREST_COPY.close}
      panelClassName="px-8 pt-10 pb-8 text-center"
      titleClassName="font-display text-3xl text-forest-900"
      header={
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-forest-100 text-forest-800">
          <CheckIcon className="size-7" />
        </div>
      }
    >
      <p className="mt-3 text-lg text-forest-900">{INTEREST_COPY.confirmation}</p>
      <p className="mt-3 text-sm text-ink-soft">{INTEREST_COPY.confirmationDetail}</p>
    </Modal>
  );
}
