import localFont from 'next/font/local';

// The display face is self-hosted from npm (@fontsource-variable): nothing is fetched from a font host. Body text
// uses the phone's own UI font (globals.css): one web font less on a slow network (docs/decisions/0013).
// Until it arrives, headings use the platform's own serif sized to Fraunces ("Fraunces Fallback" faces in globals.css,
// not next/font's, which covers only Times New Roman), so the swap neither moves the page nor turns a serif heading
// into a sans one. Not preloaded: on a slow network it would share the first round trips with the stylesheet
// and hold back the first paint; the browser asks for it once the headings are laid out
// (docs/decisions/0017-first-paint-before-scripts-and-font.md).
export const fraunces = localFont({
  src: '../../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
  variable: '--font-fraunces',
  display: 'swap',
  adjustFontFallback: false,
  weight: '100 900',
  preload: false,
});
