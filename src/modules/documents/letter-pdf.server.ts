import 'server-only';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { encode } from 'uqr';
import { CHECK_PATH, LETTER_TEMPLATES, type LetterFacts, type LetterKind } from '@/content/documents';
import { formatKobo } from '@/modules/payments';

/**
 * A letter the site makes for a buyer (docs/decisions/0419-documents-and-checks.md), drawn with pdf-lib from the
 * owner's template (src/content/documents.ts) and the facts fixed when it was issued, so the same letter reads the same
 * every time it is downloaded. Its number, check code and a QR code of the check page's address sit at the foot. The
 * standard PDF fonts have no naira sign, so amounts read "NGN 25,000,000".
 */

export interface LetterToDraw {
  kind: LetterKind;
  number: string;
  checkCode: string;
  facts: LetterFacts;
}

export const checkUrlOf = (siteUrl: string, number: string, code: string) =>
  `${siteUrl}${CHECK_PATH}?number=${encodeURIComponent(number)}&code=${encodeURIComponent(code)}`;

/**
 * Text the standard fonts can draw (WinAnsi): accents a Yoruba or Igbo name carries below its letters (Ọ, ẹ, ṣ) are
 * taken off rather than the letter refused; anything else outside the set becomes "?".
 */
export const drawable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/[^\x20-\x7e\u00a0-\u00ff’‘“”–—·…]/g, '?');

const naira = (kobo: number) => formatKobo(kobo).replace('₦', 'NGN ');
const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDate = (day: string) => LONG_DATE.format(new Date(`${day}T12:00:00Z`));

const INK = rgb(0.11, 0.13, 0.12);
const SOFT = rgb(0.38, 0.4, 0.38);
const GOLD = rgb(0.62, 0.49, 0.25);

export async function letterPdf(letter: LetterToDraw, site: { brand: string; url: string; address: string }): Promise<Uint8Array> {
  const template = LETTER_TEMPLATES[letter.kind];
  const { facts } = letter;
  const checkUrl = checkUrlOf(site.url, letter.number, letter.checkCode);
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => {
      const values: Record<string, string> = {
        buyer: facts.buyerName,
        plot: facts.plotLabel,
        district: facts.districtName,
        size: String(facts.sizeSqm),
        price: naira(facts.priceKobo),
        deposit: naira(facts.depositKobo),
        months: String(facts.months),
        date: longDate(facts.issuedOn),
        brand: site.brand,
        checkUrl: `${site.url}${CHECK_PATH}`,
      };
      return drawable(values[key] ?? '');
    });

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${template.title} ${letter.number}`);
  pdf.setAuthor(site.brand);
  pdf.setCreationDate(new Date(`${facts.issuedOn}T12:00:00Z`));
  const page = pdf.addPage([595.28, 841.89]); // A4
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const serifBold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);
  const margin = 64;
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin;

  page.drawText(drawable(site.brand.toUpperCase()), { x: margin, y, size: 13, font: serifBold, color: INK });
  page.drawText(drawable(site.address), { x: margin, y: y - 16, size: 9, font: sans, color: SOFT });
  y -= 30;
  page.drawLine({ start: { x: margin, y }, end: { x: margin + width, y }, thickness: 1, color: GOLD });
  y -= 36;
  page.drawText(template.title, { x: margin, y, size: 24, font: serifBold, color: INK });
  y -= 22;
  page.drawText(`No. ${letter.number}  ·  ${longDate(facts.issuedOn)}`, { x: margin, y, size: 10, font: sans, color: SOFT });
  y -= 34;
  for (const paragraph of template.paragraphs) {
    for (const line of wrap(fill(paragraph), serif, 12, width)) {
      page.drawText(line, { x: margin, y, size: 12, font: serif, color: INK });
      y -= 17;
    }
    y -= 9;
  }
  y -= 30;
  page.drawLine({ start: { x: margin, y }, end: { x: margin + 180, y }, thickness: 0.6, color: INK });
  page.drawText(fill(template.signOff), { x: margin, y: y - 14, size: 10, font: sans, color: SOFT });

  drawFoot(page, letter, checkUrl, sans, serifBold, margin);
  return pdf.save();
}

function drawFoot(page: PDFPage, letter: LetterToDraw, checkUrl: string, sans: PDFFont, bold: PDFFont, margin: number) {
  const qr = encode(checkUrl, { ecc: 'M', border: 0 });
  const cell = 2.4;
  const side = qr.size * cell;
  const x0 = page.getWidth() - margin - side;
  const y0 = margin;
  qr.data.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) page.drawRectangle({ x: x0 + c * cell, y: y0 + side - (r + 1) * cell, width: cell, height: cell, color: INK });
    }),
  );
  page.drawText('Check that this document is ours', { x: margin, y: y0 + 40, size: 10, font: bold, color: INK });
  page.drawText(`Number: ${letter.number}`, { x: margin, y: y0 + 24, size: 10, font: sans, color: INK });
  page.drawText(`Check code: ${letter.checkCode}`, { x: margin, y: y0 + 10, size: 10, font: sans, color: INK });
}

/** Lines of `text` no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
