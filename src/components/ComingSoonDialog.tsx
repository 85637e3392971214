'use client';

import { Modal } from '@/components/ui/Modal';
import { COMING_SOON } from '@/content/navigation';
import { ComingSoonIcon } from '@/components/icons';

/** Placeholder for Buy, Rent, Investment and Management; a click anywhere dismisses it (spec §4). */
export function ComingSoonDialog({ open, onClose, feature }: { open: boolean; onClose: () => void; feature: string }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`${feature}: ${COMING_SOON.title}`}
      dismissOnAnyClick
      panelClassName="px-8 pt-10 pb-8 text-center"
      titleClassName="font-display text-2xl text-forest-900"
      header={
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-ivory-200 text-brass-700">
          <ComingSoonIcon className="size-7" />
        </div>
      }
    >
      <p className="mt-3 text-lg text-forest-900">{COMING_SOON.text}</p>
      <p className="mt-4 text-xs uppercase tracking-[0.16em] text-ink-soft">{COMING_SOON.dismissHint}</p>
    </Modal>
  );
}
