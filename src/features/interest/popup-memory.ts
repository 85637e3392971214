/**
 * The home page's popup opens on a visitor's first visit (spec §2), but not again for a week after they closed it,
 * and never after they submitted (issue 14). The page is static, so the server always sends it open; a tiny inline
 * script (POPUP_MEMORY_SCRIPT, before the popup in the HTML) marks the document before the popup is drawn, a CSS rule
 * hides the marked popup, and the provider then closes it. The rule lives only in that script.
 *
 * The server's popup is an open <dialog>, which cannot be modal in HTML alone; POPUP_MODAL_SCRIPT, right after it,
 * makes it one (the page behind inert, Escape closes it) long before the framework's scripts arrive. Without scripts
 * it stays an open dialog whose close button still works.
 */
export const POPUP_DIALOG_ID = 'interest-popup';
const KEY = 'interest-popup';
const REOPEN_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
const DISMISSED_ATTRIBUTE = 'data-interest-popup';

export const POPUP_MEMORY_SCRIPT = `try{var m=JSON.parse(localStorage.getItem(${JSON.stringify(KEY)})||"{}");if(m.submittedAt||Date.now()-(m.closedAt||0)<${REOPEN_AFTER_MS})document.documentElement.setAttribute(${JSON.stringify(DISMISSED_ATTRIBUTE)},"dismissed")}catch(e){}`;

export const POPUP_MODAL_SCRIPT = `(function(){var d=document.getElementById(${JSON.stringify(POPUP_DIALOG_ID)});if(!d||!d.open||!d.showModal||document.documentElement.hasAttribute(${JSON.stringify(DISMISSED_ATTRIBUTE)}))return;d.removeAttribute("open");d.showModal();d.focus()})()`;

export function popupDismissedBefore(): boolean {
  return document.documentElement.getAttribute(DISMISSED_ATTRIBUTE) === 'dismissed';
}

const listeners = new Set<() => void>();
/** For useSyncExternalStore: the mark only ever changes through forgetPopupDismissal. */
export function subscribePopupMemory(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The visitor opened the popup themselves: show it whatever the memory says. */
export function forgetPopupDismissal() {
  document.documentElement.removeAttribute(DISMISSED_ATTRIBUTE);
  for (const listener of listeners) listener();
}

export function rememberPopup(event: 'closed' | 'submitted') {
  try {
    const memory = JSON.parse(localStorage.getItem(KEY) ?? '{}') as { closedAt?: number; submittedAt?: number };
    memory[event === 'closed' ? 'closedAt' : 'submittedAt'] = Date.now();
    localStorage.setItem(KEY, JSON.stringify(memory));
  } catch {
    // Storage refused (private mode, quota): the popup simply opens again next time.
  }
}
