import localFont from 'next/font/local';

// Self-hosted from npm (@fontsource-variable): nothing is fetched from a font host at build or run time.
export const fraunces = localFont({
  src: '../../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
  variable: '--font-fraunces',
  display: 'swap',
  weight: '100 900',
});

export const inter = localFont({
  src: '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  variable: '--font-inter',
  display: 'swap',
  weight: '100 900',
});
