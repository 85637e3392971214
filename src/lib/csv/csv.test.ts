import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('CSV cells', () => {
  it('quotes every field (RFC 4180), doubling quotes', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('"2026-01-02T03:04:05.000Z"');
    expect(csvRow(['a', 1])).toBe('"a","1"\r\n');
  });

  it('keeps a semicolon inside its cell, so a spreadsheet splitting on ";" never starts a formula cell', () => {
    // Unquoted, `Ade;=1+1` runs `=1+1` in a spreadsheet whose list separator is ";".
    expect(csvCell('Ade;=1+1')).toBe('"Ade;=1+1"');
    expect(csvRow(['Ade;=1+1', 'x'])).toBe('"Ade;=1+1","x"\r\n');
  });

  it('neutralises every formula-leading character, also after leading whitespace', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+2348031234567')).toBe(`"'+2348031234567"`);
    expect(csvCell('-1+1')).toBe(`"'-1+1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('\ncmd')).toBe(`"'\ncmd"`);
    expect(csvCell('\u0000=1')).toBe(`"'\u0000=1"`);
    expect(csvCell('  =1+1')).toBe(`"'  =1+1"`);
    expect(csvCell('\u00a0@x')).toBe(`"'\u00a0@x"`);
    expect(csvCell('＝1+1')).toBe(`"'＝1+1"`);
  });

  it('leaves a plain negative number a number (a refund in the ledger CSV), but not a formula that starts like one', () => {
    expect(csvCell('-250000.50')).toBe('"-250000.50"');
    expect(csvCell('-3')).toBe('"-3"');
    expect(csvCell('-3-1')).toBe(`"'-3-1"`);
    expect(csvCell('-2.5e3')).toBe(`"'-2.5e3"`);
    expect(csvCell('-1\n=1')).toBe(`"'-1\n=1"`);
  });

  it('leaves values that only contain those characters later on alone', () => {
    expect(csvCell('Ade Okafor-Bello')).toBe('"Ade Okafor-Bello"');
    expect(csvCell('ade+news@example.com')).toBe('"ade+news@example.com"');
    expect(csvCell('1+1=2')).toBe('"1+1=2"');
  });
});
