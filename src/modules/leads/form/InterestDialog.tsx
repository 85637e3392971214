'use client';

import { Modal } from '@/components/ui/Modal';
import { INTEREST_COPY } from '@/content/interest';
import { InterestForm, type InterestFormProps } from './InterestForm';
import { POPUP_DIALOG_ID, POPUP_MODAL_SCRIPT } from './popup-memory';

type InterestDialogProps = Required<Pick<InterestFormProps, 'fields' | 'districts' | 'onChange' | 'onSubmit'>> & {
  open: boolean;
  onClose: () => void;
  /** The home page: the popup is open in the server's HTML (spec §2). Fixed for the page's life. */
  openOnLoad: boolean;
};

/** The Submit Interest popup (spec §3): the interest form in a dialog, open on the home page's first load. */
export function InterestDialog({ open, onClose, openOnLoad, fields, districts, onChange, onSubmit }: InterestDialogProps) {
  const copy = INTEREST_COPY;
  return (
    // The wrapper lets the popup memory's CSS rule hide the server-rendered popup before it is drawn.
    <div data-interest-popup-root className="contents">
      <Modal
        id={POPUP_DIALOG_ID}
        open={open}
        openInServerHtml={openOnLoad}
        onClose={onClose}
        title={copy.dialogTitle}
        closeLabel={copy.close}
        panelClassName="px-6 pt-8 pb-6 sm:px-8"
        titleClassName="font-display text-3xl text-forest-900"
      >
        <p className="mt-2 text-sm leading-relaxed text-ink-soft">{copy.dialogIntro}</p>
        <InterestForm fields={fields} districts={districts} onChange={onChange} onSubmit={onSubmit} onLeave={onClose} />
      </Modal>
      {/* Runs in the server's HTML only (React never runs a script it renders itself). */}
      {openOnLoad ? <script dangerouslySetInnerHTML={{ __html: POPUP_MODAL_SCRIPT }} /> : null}
    </div>
  );
}
