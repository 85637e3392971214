/** C0 control characters and DEL: PostgreSQL refuses NUL in text, and no name, phone or search needs any of them. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const CONTROL_RUNS = new RegExp(`${CONTROL_CHARACTER.source}+`, 'g');

export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTER.test(value);

/** Typed or pasted text with each run of control characters (a tab, a line break, a NUL) made one space. */
export const withoutControlCharacters = (value: string) => value.replace(CONTROL_RUNS, ' ');

/**
 * Unicode format characters (general category Cf): the bidirectional overrides, embeddings and isolates (U+202A–202E,
 * U+2066–2069), the marks (U+200E, U+200F, U+061C), zero-width ones, the BOM, the soft hyphen. None is seen, and a
 * bidirectional one makes what follows read in another order than it is stored: a name or a message could show
 * another name, number or amount than the one it holds. Stripped from names and from inbound messages.
 */
const FORMAT_CHARACTERS = /\p{Cf}/gu;
export const withoutFormatCharacters = (value: string) => value.replace(FORMAT_CHARACTERS, '');

/**
 * A buyer's message: every format character goes but the zero-width joiner (U+200D), which only joins emoji into one
 * (a family, a skin tone) and reorders nothing.
 */
export const messageWithoutFormatCharacters = (value: string) => value.replace(/(?!\u200d)\p{Cf}/gu, '');

/** Several lines of text (a note) keep their tabs and line breaks; any other control character (a NUL) goes. */
export const withoutStrayControlCharacters = (value: string) => value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');

/**
 * Text with its characters in their plain form (NFKC: a full-width `．` or a one-dot leader is `.`) and the ideographic
 * full stops a browser also takes for a dot in a host name made `.`, so a look-alike dot hides no address.
 */
export const withDotsMadePlain = (value: string) => value.normalize('NFKC').replace(/[\u3002\uff61]/g, '.');

/**
 * A web address inside a name: a scheme (`://`), `www.`, an IPv4 address, or a domain name that mail programs turn
 * into a link. A name goes into the receipt and the sales e-mail's subject, so a link in it would be ours, sent to a
 * stranger's inbox (docs/decisions/0340-names-are-names.md). This is the light check the popup runs too; the server
 * also checks every ending on the public suffix list (web-address.server.ts, docs/decisions/0387).
 */
const WEB_ADDRESS =
  /:\/\/|\bwww\.|\b\d{1,3}(?:\.\d{1,3}){3}\b|[\p{L}\d-]\.(?:com|net|org|info|biz|io|co|ng|xyz|top|ru|cn|link|click|site|online|app|me|ly|shop|live|vip|store|club)\b|[\p{L}\d-]\.[\p{L}]{2,}\//iu;

export const hasNoWebAddress = (value: string) => !WEB_ADDRESS.test(withDotsMadePlain(value));
