'use client';

import { NoticeDialog } from '@/components/ui/NoticeDialog';
import { INTEREST_COPY } from '@/content/interest';
import { CheckIcon } from '@/components/icons';

/** Shown after a successful submission; a click anywhere dismisses it (spec §4). */
export function ConfirmationPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <NoticeDialog open={open} onClose={onClose} title={INTEREST_COPY.confirmationTitle} icon={<CheckIcon className="size-7" />}>
      <p className="mt-3 text-lg text-forest-900">{INTEREST_COPY.confirmation}</p>
      <p className="mt-3 text-sm text-ink-soft">{INTEREST_COPY.confirmationDetail}</p>
    </NoticeDialog>
  );
}
