/** C0 control characters and DEL: PostgreSQL refuses NUL in text, and no name, phone or search needs any of them. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const CONTROL_RUNS = new RegExp(`${CONTROL_CHARACTER.source}+`, 'g');

export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTER.test(value);

/** Typed or pasted text with each run of control characters (a tab, a line break, a NUL) made one space. */
export const withoutControlCharacters = (value: string) => value.replace(CONTROL_RUNS, ' ');

/** Several lines of text (a note) keep their tabs and line breaks; any other control character (a NUL) goes. */
export const withoutStrayControlCharacters = (value: string) => value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');

/**
 * A web address inside a name: a scheme (`://`), `www.`, or a domain name that mail programs turn into a link. A name
 * goes into the receipt and the sales e-mail's subject, so a link in it would be ours, sent to a stranger's inbox
 * (docs/decisions/0340-names-are-names.md).
 */
const WEB_ADDRESS =
  /:\/\/|\bwww\.|[\p{L}\d-]\.(?:com|net|org|info|biz|io|co|ng|xyz|top|ru|cn|link|click|site|online|app|me|ly)\b|[\p{L}\d-]\.[\p{L}]{2,}\//iu;

export const hasNoWebAddress = (value: string) => !WEB_ADDRESS.test(value);
