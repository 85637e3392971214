// Prerendered pages ask for their scripts at their largest paint (at the latest just before their load event), run
// them once the page has painted, and keep what a visitor does before the scripts have run
// (docs/decisions/0017-first-paint-before-scripts-and-font.md, 0019-taps-before-the-scripts.md,
// 0020-scripts-downloaded-early-run-after-the-paint.md, 0021-scripts-asked-for-at-the-load-event.md).
//
// Next.js puts every script of a page in its <head> (`<script src async>`, and a low-priority preload): on a slow
// phone network they are all asked for at once and share the first round trips with the one render-blocking
// stylesheet, which holds back the first paint. A page here is whole without them (content in the HTML, forms that
// post, the home popup a native dialog), so the build takes them out of <head> and adds one small inline script at
// the end of <body>, which the browser runs only once the stylesheet is in. Inline scripts (the RSC payload) and
// `noModule` polyfills stay where they are.

import { HYDRATED_ATTRIBUTE } from '../src/lib/constants.ts';

// As built (`async=""` alone) or rendered per request (with the page's nonce, before or after it).
const ASYNC_SCRIPT = /<script src="([^"]+)"(?=[^>]* async="")(?: async=""| nonce="[^"]*")+><\/script>/g;
const SCRIPT_PRELOAD = /<link rel="preload" as="script"[^>]*\/>/g;

/**
 * Runs in the page, as its loader (serialized below; keep it self-contained). The browser runs it once the
 * stylesheet is in.
 *
 * - The scripts are asked for all at once (preloads) when the browser reports the largest contentful paint, or just
 *   before the load event if that comes first: the requests are then out before the page counts as loaded (a network
 *   lost after it still brings them in), and they do not compete with the first paint (on a fast network the load
 *   event can come before it). They run at that paint (else the first paint, else the next frame), after 3 s in any
 *   case (a tab opened in the background paints nothing), or at once when the visitor acts. Run before the paint, a
 *   script holds the paint back on a busy phone.
 * - What a visitor does before the framework runs is not lost. A tap on a control that needs it (one that opens a
 *   dialog: the menu, Contact Us, "coming soon", Submit Interest; or one that shows more: the landmarks) and a form
 *   sent (the popup, the newsletter) are held and done again once the page is hydrated, so the visitor gets what the
 *   scripts give (the popup, the toast). When a script fails, or 3 s pass, a form is sent as without scripts (it
 *   posts; Submit Interest opens the form's own page), and nothing more is held.
 */
function loadScriptsKeepingTaps(sources, hydratedAttribute) {
  const root = document.documentElement;
  let failed = false;
  let pending = null;
  const giveUp = () => {
    failed = true;
    const action = pending;
    pending = null;
    if (action && action.withoutScripts) action.withoutScripts();
  };
  const addToHead = (tag, properties) =>
    document.head.appendChild(Object.assign(document.createElement(tag), properties, { onerror: giveUp }));
  let asked = false;
  const ask = () => {
    if (asked) return;
    asked = true;
    for (const src of sources) addToHead('link', { rel: 'preload', as: 'script', href: src });
  };
  // "complete" is set in the task that then fires the load event: the last moment before it.
  document.addEventListener('readystatechange', () => document.readyState === 'complete' && ask());
  let started = false;
  const run = () => {
    if (started) return;
    started = asked = true;
    for (const src of sources) addToHead('script', { src, async: true });
  };
  const waiting = () => !failed && !root.hasAttribute(hydratedAttribute);
  // Not seen by the framework either: while it hydrates it replays some events itself, and a toggle done twice is undone.
  const hold = (event, replay, withoutScripts) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    const action = (pending = { replay, withoutScripts });
    run();
    if (withoutScripts) setTimeout(() => pending === action && giveUp(), 3000);
  };
  document.addEventListener(
    'click',
    (event) => {
      const control =
        waiting() && event.target instanceof Element && event.target.closest('[aria-haspopup="dialog"], button[aria-expanded]');
      if (control) hold(event, () => control.click(), control.form && (() => control.form.requestSubmit(control)));
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      // Sent again: by the framework once hydrated, else by the browser (the loader no longer holds it then).
      const send = () => event.target.requestSubmit(event.submitter);
      if (waiting()) hold(event, send, send);
    },
    true,
  );
  new MutationObserver((_, observer) => {
    observer.disconnect();
    const action = pending;
    pending = null;
    if (action) action.replay();
  }).observe(root, { attributeFilter: [hydratedAttribute] });
  const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  const paint = ['largest-contentful-paint', 'paint'].find((type) => types.includes(type));
  if (paint) {
    new PerformanceObserver((_, observer) => {
      observer.disconnect();
      run();
    }).observe({ type: paint, buffered: true });
  } else requestAnimationFrame(() => setTimeout(run));
  setTimeout(run, 3000);
}

// Indentation dropped: the function's own text goes into every page.
const loader = (sources, nonce) =>
  `<script${nonce ? ` nonce="${nonce}"` : ''}>(${String(loadScriptsKeepingTaps).replace(/^\s+/gm, '')})(${JSON.stringify(sources)},"${HYDRATED_ATTRIBUTE}")</script>`;

/**
 * The page's HTML with its external scripts asked for at its paint or load event and run after its paint; unchanged
 * when it has none or no </body>. `nonce`: the page's own (a page rendered per request), for the loader.
 */
export function deferScripts(html, nonce) {
  const sources = [...html.matchAll(ASYNC_SCRIPT)].map(([, src]) => src);
  if (sources.length === 0 || !html.includes('</body>')) return html;
  return html
    .replace(ASYNC_SCRIPT, '')
    .replace(SCRIPT_PRELOAD, '')
    .replace('</body>', () => `${loader(sources, nonce)}</body>`);
}
