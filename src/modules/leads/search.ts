import { phoneSearchDigits } from '@/lib/validation/phone';

/**
 * How the inbox reads its search box (docs/decisions/0363-finding-a-lead-in-one-step.md): a number, however it is
 * written, or words, each of which must be found in the lead's name, e-mail or number. Pure, so it is tested alone;
 * inbox.repository.server.ts turns it into SQL.
 */

/**
 * A search counts its matches up to this many and says "more than" past it: counting every lead a common name matches
 * would read thousands of rows on each search (docs/decisions/0420-staff-pages-at-a-million-leads.md).
 */
export const SEARCH_COUNT_CAP = 1000;

/** At least this many digits before a search looks at phone numbers: fewer would match almost every lead. */
export const MIN_PHONE_DIGITS = 3;

/** What reads as a phone number, whole or partial: digits and the marks people write between them. */
const NUMBER_LIKE = /^[\d\s+().\-/]+$/;

/**
 * What names and e-mails are compared without: accents and tone marks (an agent types "Adebayo" for "Adébáyọ̀") and
 * apostrophes, straight or curly (phones type ’ for '). The same pattern in JavaScript and PostgreSQL, after NFD.
 */
export const FOLDED_AWAY = "[\\u0300-\\u036f'‘’ʼ]";
const foldedAway = new RegExp(FOLDED_AWAY, 'g');

/** Text as it is compared: decomposed (NFD), lower-cased, without FOLDED_AWAY. The SQL twin is `foldSql`. */
export const foldText = (text: string) => text.normalize('NFD').toLowerCase().replace(foldedAway, '');

/** A word of a search: its folded text, and its digits when it reads as part of a number. */
export interface SearchWord {
  text: string;
  digits?: string;
}

export type LeadSearch =
  /** The whole search is a number: leads whose number holds these digits, or whose e-mail holds `text`. */
  | { kind: 'phone'; digits: string; text: string }
  /** Every word must match the name, the e-mail or (a number-like word) the phone, in any order. */
  | { kind: 'words'; words: SearchWord[] };

const numberDigits = (text: string) => {
  if (!NUMBER_LIKE.test(text)) return undefined;
  const digits = phoneSearchDigits(text);
  return digits.length >= MIN_PHONE_DIGITS ? digits : undefined;
};

export function parseLeadSearch(q: string): LeadSearch {
  const text = q.trim();
  const digits = numberDigits(text);
  if (digits) return { kind: 'phone', digits, text: foldText(text) };
  const words = [...new Set(text.split(/\s+/).map(foldText))].filter(Boolean).map((word): SearchWord => {
    const wordDigits = numberDigits(word);
    return wordDigits ? { text: word, digits: wordDigits } : { text: word };
  });
  return { kind: 'words', words };
}
