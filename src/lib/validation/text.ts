/** C0 control characters and DEL: PostgreSQL refuses NUL in text, and no name, phone or search needs any of them. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const CONTROL_RUNS = new RegExp(`${CONTROL_CHARACTER.source}+`, 'g');

export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTER.test(value);

/** Typed or pasted text with each run of control characters (a tab, a line break, a NUL) made one space. */
export const withoutControlCharacters = (value: string) => value.replace(CONTROL_RUNS, ' ');

/** Several lines of text (a note) keep their tabs and line breaks; any other control character (a NUL) goes. */
export const withoutStrayControlCharacters = (value: string) => value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
