/**
 * The home page's popup opens on a visitor's first visit (spec §2), but not again for a week after they closed it,
 * and never after they submitted (issue 14). The page is static, so the server always sends it open; a tiny inline
 * script (POPUP_MEMORY_SCRIPT, before the popup in the HTML) marks the document before the popup is drawn, a CSS rule
 * hides the marked popup, and the provider then closes it. The rule lives only in that script.
 *
 * The server's popup is an open <dialog>, which cannot be modal in HTML alone; POPUP_MODAL_SCRIPT, right after it,
 * makes it one (the page behind inert, Escape closes it, a close is remembered, and Tab stays inside until the
 * framework's Modal takes over) long before the framework's scripts arrive. Without scripts it stays an open dialog
 * whose close button still works.
 */
import { FOCUSABLE_SELECTOR, HYDRATED_ATTRIBUTE } from '@/lib/constants';

export const POPUP_DIALOG_ID = 'interest-popup';
const KEY = 'interest-popup';
const REOPEN_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
const DISMISSED_ATTRIBUTE = 'data-interest-popup';

export const POPUP_MEMORY_SCRIPT = `try{var m=JSON.parse(localStorage.getItem(${JSON.stringify(KEY)})||"{}");if(m.submittedAt||Date.now()-(m.closedAt||0)<${REOPEN_AFTER_MS})document.documentElement.setAttribute(${JSON.stringify(DISMISSED_ATTRIBUTE)},"dismissed")}catch(e){}`;

// rememberPopup('closed'), in the page itself: the popup may be closed before the framework has taken it over (the
// rest of the page can be hydrated first), and the visitor may reload before it does.
const REMEMBER_CLOSED = `try{var m=JSON.parse(localStorage.getItem(${JSON.stringify(KEY)})||"{}");m.closedAt=Date.now();localStorage.setItem(${JSON.stringify(KEY)},JSON.stringify(m))}catch(e){}`;

export const POPUP_MODAL_SCRIPT = `(function(){var r=document.documentElement,d=document.getElementById(${JSON.stringify(POPUP_DIALOG_ID)});if(!d||!d.open||!d.showModal||r.hasAttribute(${JSON.stringify(DISMISSED_ATTRIBUTE)}))return;d.removeAttribute("open");d.showModal();d.focus();d.addEventListener("close",function(){${REMEMBER_CLOSED}});d.addEventListener("keydown",function(e){if(e.key!=="Tab"||r.hasAttribute(${JSON.stringify(HYDRATED_ATTRIBUTE)}))return;var f=[].filter.call(d.querySelectorAll(${JSON.stringify(FOCUSABLE_SELECTOR)}),function(x){return x.offsetParent!==null}),a=f[0],z=f[f.length-1],c=document.activeElement;if(a&&(e.shiftKey?c===a||c===d:c===z)){e.preventDefault();(e.shiftKey?z:a).focus()}})})()`;

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
