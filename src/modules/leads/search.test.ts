import { describe, expect, it } from 'vitest';
import { foldText, parseLeadSearch } from './search';

describe('parseLeadSearch', () => {
  it.each([
    ['0803 123 4567', '8031234567'],
    ['+234 (0) 803 123 4567', '2348031234567'],
    ['(0803) 123-4567', '8031234567'],
    ['4567', '4567'],
    [' 0803 123 ', '803123'],
  ])('%s is a number: %s', (q, digits) => {
    expect(parseLeadSearch(q)).toMatchObject({ kind: 'phone', digits });
  });

  it('reads names as words, each folded, once each', () => {
    expect(parseLeadSearch('  Ada   OBI ada ')).toEqual({ kind: 'words', words: [{ text: 'ada' }, { text: 'obi' }] });
  });

  it('a number beside a name is a word that may match the phone', () => {
    expect(parseLeadSearch('Obi 4567')).toEqual({ kind: 'words', words: [{ text: 'obi' }, { text: '4567', digits: '4567' }] });
  });

  it('too few digits to be a number are looked for in names and e-mails only', () => {
    expect(parseLeadSearch('12')).toEqual({ kind: 'words', words: [{ text: '12' }] });
    expect(parseLeadSearch('ada2024@example.com')).toEqual({ kind: 'words', words: [{ text: 'ada2024@example.com' }] });
  });

  it('leaves nothing to look for when only apostrophes were typed', () => {
    expect(parseLeadSearch("' ’")).toEqual({ kind: 'words', words: [] });
  });
});

describe('foldText', () => {
  it('compares names without case, accents, tone marks or apostrophes', () => {
    expect(foldText('Adébáyọ̀ ỌLÁTÚNJÍ')).toBe('adebayo olatunji');
    expect(foldText('O’Neil')).toBe(foldText("o'neil"));
  });
});
