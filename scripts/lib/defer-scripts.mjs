// Prerendered pages ask for their scripts only once their stylesheet has arrived
// (docs/decisions/0017-first-paint-before-scripts-and-font.md).
//
// Next.js puts every script of a page in its <head> (`<script src async>`, and a low-priority preload): on a slow
// phone network their 150 KB are asked for at once and share the first round trips with the one render-blocking
// stylesheet, which holds back the first paint. A page here is whole without them (content in the HTML, forms that
// post), so the build moves them behind the stylesheet: one small inline script at the end of <body>, which the
// browser runs only once the stylesheet is in, adds the same <script src async> elements to <head>. They still count
// towards the page's load event. Inline scripts (the RSC payload) and `noModule` polyfills stay where they are.

const ASYNC_SCRIPT = /<script src="([^"]+)" async=""><\/script>/g;
const SCRIPT_PRELOAD = /<link rel="preload" as="script"[^>]*\/>/g;

const loader = (sources) =>
  `<script>${JSON.stringify(sources)}.forEach(function(src){var s=document.createElement("script");s.src=src;s.setAttribute("async","");document.head.appendChild(s)})</script>`;

/** The page's HTML with its external scripts asked for after its stylesheet; unchanged when it has none or no </body>. */
export function deferScripts(html) {
  const sources = [...html.matchAll(ASYNC_SCRIPT)].map(([, src]) => src);
  if (sources.length === 0 || !html.includes('</body>')) return html;
  return html.replace(ASYNC_SCRIPT, '').replace(SCRIPT_PRELOAD, '').replace('</body>', `${loader(sources)}</body>`);
}
