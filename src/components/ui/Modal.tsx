'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from '@/components/icons';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  open: boolean;
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
 * Accessible modal dialog: named by its title, traps Tab inside, closes on Escape and on a click outside,
 * and gives focus back to where it was. Server-renders when open, so a popup open on first load needs no JS to show.
 */
export function Modal({
  open,
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
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    // Rendered open but hidden by CSS (the popup memory): it takes no focus and locks no scrolling.
    if (!panel || panel.getClientRects().length === 0) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // On a touch screen focusing a field opens the keyboard over the page before the visitor has seen it: the
    // dialog itself takes focus there (screen readers still land in it); elsewhere the marked field does.
    const touch = window.matchMedia('(pointer: coarse)').matches;
    const initial = (touch ? null : (panel.querySelector<HTMLElement>('[data-autofocus]') ?? panel.querySelector<HTMLElement>(FOCUSABLE))) ?? panel;
    initial.focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null || el === document.activeElement);
        if (items.length === 0) return event.preventDefault();
        const first = items[0];
        const last = items[items.length - 1];
        const active = document.activeElement;
        if (event.shiftKey && (active === first || !panel.contains(active))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      const target = returnTo && returnTo !== document.body && document.contains(returnTo) ? returnTo : document.getElementById('main');
      target?.focus({ preventScroll: true });
    };
  }, [open]);

  if (!open) return null;

  const placementClass =
    placement === 'right'
      ? 'justify-end'
      : 'items-end justify-center p-0 sm:items-center sm:p-6';
  const panelPlacement =
    placement === 'right'
      ? 'h-full w-[min(22rem,88vw)] rounded-none'
      : 'max-h-[calc(100dvh-1rem)] w-full max-w-lg rounded-t-3xl sm:max-h-[calc(100dvh-3rem)] sm:rounded-3xl';

  return (
    <div
      className={`fixed inset-0 z-50 flex bg-forest-950/60 backdrop-blur-[2px] ${placementClass}`}
      onClick={(event) => {
        if (dismissOnAnyClick || event.target === event.currentTarget) onClose();
      }}
      data-modal-backdrop
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative overflow-y-auto bg-ivory-50 shadow-2xl outline-none ${panelPlacement} ${panelClassName}`}
      >
        {!hideCloseButton && (
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              onClose();
            }}
            className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-forest-900 hover:bg-forest-900/5"
            aria-label={closeLabel}
          >
            <CloseIcon className="size-5" />
          </button>
        )}
        {header}
        <h2 id={titleId} className={titleClassName || 'font-display text-2xl text-forest-900'}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
