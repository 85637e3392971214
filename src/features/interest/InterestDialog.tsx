'use client';

import { Modal } from '@/components/ui/Modal';
import { INTEREST_COPY } from '@/content/interest';
import { InterestForm, type InterestFormProps } from './InterestForm';

type InterestDialogProps = Required<Pick<InterestFormProps, 'fields' | 'onChange' | 'onSubmit'>> & { open: boolean; onClose: () => void };

/** The Submit Interest popup (spec §3): the interest form in a dialog, open on the home page's first load. */
export function InterestDialog({ open, onClose, fields, onChange, onSubmit }: InterestDialogProps) {
  const copy = INTEREST_COPY;
  return (
    // The wrapper lets the popup memory's CSS rule hide the server-rendered popup before it is drawn.
    <div data-interest-popup-root className="contents">
      <Modal
        open={open}
        onClose={onClose}
        title={copy.dialogTitle}
        closeLabel={copy.close}
        panelClassName="px-6 pt-8 pb-6 sm:px-8"
        titleClassName="font-display text-3xl text-forest-900"
      >
        <p className="mt-2 text-sm leading-relaxed text-ink-soft">{copy.dialogIntro}</p>
        <InterestForm fields={fields} onChange={onChange} onSubmit={onSubmit} onLeave={onClose} />
      </Modal>
    </div>
  );
}

