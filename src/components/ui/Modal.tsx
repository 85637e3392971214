'use client';

import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { CloseIcon } from '@/components/icons';
import { FOCUSABLE_SELECTOR } from '@/lib/constants';

/**
 * Opens the dialog as a modal (a no-op when it already is one) and focuses it: on a touch screen the dialog itself,
 * so no keyboard pops up over a form the visitor has not seen yet; elsewhere its marked field, if it has one (else the
 * browser's own choice stands).
 */
function showDialog(dialog: HTMLDialogElement) {
  const alreadyModal = dialog.matches(':modal');
  if (!alreadyModal) {
    // Open in the server's HTML (not modal): taken out of that state quietly, without a `close` event.
    dialog.removeAttribute('open');
    dialog.showModal();
  } else if (document.activeElement !== dialog) {
    return; // already open and the visitor is in it: leave their focus alone
  }
  const touch = window.matchMedia('(pointer: coarse)').matches;
  const initial = touch ? dialog : dialog.querySelector<HTMLElement>('[data-autofocus]');
  initial?.focus({ preventScroll: true });
}

interface ModalProps {
  id?: string;
  open: boolean;
  /** In the server's HTML already open (the home page's popup): it shows, and closes, with no script at all. */
  openInServerHtml?: boolean;
  /** The visitor closed it: close button, Escape or a click outside (not called when `open` turns false). */
  onClose: () => void;
  /** Visible heading; also the dialog's accessible name. */
  title: ReactNode;
  children: ReactNode;
  /** Close on a click anywhere, not only outside the panel (Coming Soon, confirmation: "dismissed by a click"). */
  dismissOnAnyClick?: boolean;
  placement?: 'center' | 'right';
  panelClassName?: string;
  titleClassName?: string;
  /** Extra content above the title, such as an icon. */
  header?: ReactNode;
  closeLabel?: string;
  hideCloseButton?: boolean;
}

/**
 * Accessible modal dialog on the browser's own <dialog> (docs/decisions/0018-popup-before-the-scripts.md): named by
 * its title, the page behind it inert, Escape and a click outside close it, focus goes back where it was, Tab stays
 * inside. Its close button is a `method="dialog"` form, so a dialog the server sends open (the home page's popup)
 * also closes before the scripts arrive, or if they never do. Nothing is in the page while it is closed.
 */
export function Modal({
  id,
  open,
  openInServerHtml = false,
  onClose,
  title,
  children,
  dismissOnAnyClick = false,
  placement = 'center',
  panelClassName = '',
  titleClassName = '',
  header,
  closeLabel = 'Close',
  hideCloseButton = false,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The `open` attribute is the server HTML's only; afterwards showModal() and close() own the state.
  const [serverOpen] = useState(openInServerHtml);
  const onCloseRef = useRef(onClose);
  const firstSync = useRef(true);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Before the browser paints, so a dialog is never drawn in its in-between state.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const first = firstSync.current;
    firstSync.current = false;
    // Closed before the scripts arrived although the server sent it open: the visitor's choice stands.
    if (first && serverOpen && !dialog.open) return onCloseRef.current();
    // Open in the server's HTML but hidden by the page's CSS (the popup memory): it must not make the page inert.
    if (dialog.open && dialog.getClientRects().length === 0) return;
    showDialog(dialog);
  }, [open, serverOpen]);

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    const dialog = event.currentTarget;
    // A click on the backdrop lands on the <dialog> itself, outside its box.
    const box = dialog.getBoundingClientRect();
    const outside =
      event.target === dialog &&
      (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom);
    if (dismissOnAnyClick || outside) dialog.close();
  };

  // The page behind is inert, but Tab would still leave for the browser's own controls: keep it inside.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const dialog = event.currentTarget;
    const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    if (items.length === 0) return event.preventDefault();
    const [first, last] = [items[0], items[items.length - 1]];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!open) return null;

  const placementClass =
    placement === 'right'
      ? 'inset-y-0 right-0 left-auto m-0 h-full max-h-none w-[min(22rem,88vw)] rounded-none'
      : 'inset-0 mx-0 mt-auto mb-0 max-h-[calc(100dvh-1rem)] w-full max-w-none rounded-t-3xl sm:m-auto sm:max-h-[calc(100dvh-3rem)] sm:max-w-lg sm:rounded-3xl';

  return (
    <dialog
      ref={dialogRef}
      id={id}
      open={serverOpen || undefined}
      closedby="any"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onClose={() => onCloseRef.current()}
      onClick={onClick}
      onKeyDown={onKeyDown}
      tabIndex={-1}
      className={`fixed z-50 overflow-y-auto bg-ivory-50 p-0 text-ink shadow-2xl outline-none backdrop:bg-forest-950/60 [&:not(:modal)]:shadow-[0_0_0_100vmax_rgb(11_33_26/0.6)] ${placementClass} ${panelClassName}`}
    >
      {!hideCloseButton && (
        <form method="dialog" className="contents">
          <button
            type="submit"
            className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-forest-900 hover:bg-forest-900/5"
            aria-label={closeLabel}
          >
            <CloseIcon className="size-5" />
          </button>
        </form>
      )}
      {header}
      <h2 id={titleId} className={titleClassName || 'font-display text-2xl text-forest-900'}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}
