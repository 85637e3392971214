import { parse as parseCsv } from 'csv-parse/sync';
import { PLOTS_IMPORT_COPY, type LayoutPlace } from '@/content/plots-import';

/**
 * A surveyor's layout read into plots, and nothing written: CSV (a header line, then one plot a line) or a GeoJSON
 * FeatureCollection (one Polygon feature a plot). Every problem is found, each with its line (or feature) and reason,
 * so the surveyor fixes the file once; a file with any problem is refused whole. Formats: decision 0413 and the README.
 */

export type LayoutPoint = [number, number];

export interface LayoutPlot {
  /** The plot's number on the layout (the file's `plot`), unique in its district (e.g. `A-12`). */
  label: string;
  block: string;
  /** Whole square metres. */
  sizeSqm: number;
  /** The list price in kobo (the file says naira). */
  priceKobo: number;
  corner: boolean;
  /**
   * The outline on the plan in the layout's own units, x to the east and y to the south as on a drawing (a GeoJSON's
   * y, to the north, is turned over on reading); null when the file draws none.
   */
  outline: LayoutPoint[] | null;
  place: LayoutPlace;
}

export type LayoutFormat = 'csv' | 'geojson';

export type LayoutRead = { ok: true; format: LayoutFormat; plots: LayoutPlot[] } | { ok: false; problems: string[] };

/** A layout is a few hundred plots; the limits keep a wrong file (a whole survey export) from filling memory. */
export const LAYOUT_MAX_BYTES = 2 * 1024 * 1024;
export const LAYOUT_MAX_PLOTS = 5000;
const MAX_PROBLEMS = 50;

export const REQUIRED_COLUMNS = ['plot', 'block', 'size_sqm', 'price_ngn'] as const;
export const OPTIONAL_COLUMNS = ['corner', 'polygon'] as const;
type Column = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];
const KNOWN_COLUMNS: readonly string[] = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS];

const errors = PLOTS_IMPORT_COPY.errors;

/** Reads a layout file's bytes (its format told by its content, not its name). */
export function readLayout(bytes: Uint8Array): LayoutRead {
  if (bytes.byteLength > LAYOUT_MAX_BYTES) return refused(errors.tooLarge(`${LAYOUT_MAX_BYTES / 1024 / 1024} MB`));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refused(errors.notText);
  }
  return readLayoutText(text);
}

export function readLayoutText(text: string): LayoutRead {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return refused(errors.empty);
  return body.trimStart().startsWith('{') ? readGeoJson(body) : readCsv(body);
}

const refused = (problem: string): LayoutRead => ({ ok: false, problems: [capitalised(problem)] });
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Collects problems up to a limit, and the plots of the rows without one. */
class Reading {
  problems: string[] = [];
  plots: LayoutPlot[] = [];
  private seen = new Map<string, LayoutPlace>();

  problem(place: LayoutPlace, reason: string) {
    if (this.problems.length < MAX_PROBLEMS) this.problems.push(PLOTS_IMPORT_COPY.refused(place, reason));
    else if (this.problems.length === MAX_PROBLEMS) this.problems.push(errors.tooManyProblems);
  }

  /** One plot's raw fields checked; a problem for each field that is wrong. */
  add(place: LayoutPlace, raw: Partial<Record<Column, unknown>>, polygon: LayoutPoint[] | null | 'bad') {
    const before = this.problems.length;
    const plot = text(raw.plot);
    const block = text(raw.block);
    if (!plot) this.problem(place, errors.missing('plot'));
    else if (!/^[A-Za-z0-9][A-Za-z0-9./-]{0,19}$/.test(plot)) this.problem(place, errors.plotName);
    if (!block) this.problem(place, errors.missing('block'));
    else if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,9}$/.test(block)) this.problem(place, errors.blockName);
    const sizeSqm = readSize(text(raw.size_sqm));
    if (typeof sizeSqm === 'string') this.problem(place, sizeSqm);
    const priceKobo = readNaira(text(raw.price_ngn));
    if (typeof priceKobo === 'string') this.problem(place, priceKobo);
    const corner = readYesNo(raw.corner);
    if (corner === undefined) this.problem(place, errors.corner(text(raw.corner)));
    if (polygon === 'bad') this.problem(place, errors.polygon);
    const key = plot.toUpperCase();
    const firstAt = this.seen.get(key);
    if (plot && firstAt) this.problem(place, errors.duplicatePlot(plot, firstAt));
    else if (plot) this.seen.set(key, place);
    if (this.problems.length > before) return;
    this.plots.push({
      label: plot,
      block: block.toUpperCase(),
      sizeSqm: sizeSqm as number,
      priceKobo: priceKobo as number,
      corner: corner as boolean,
      outline: polygon as LayoutPoint[] | null,
      place,
    });
  }

  result(format: LayoutFormat): LayoutRead {
    if (this.problems.length) return { ok: false, problems: this.problems };
    if (this.plots.length === 0) return refused(errors.empty);
    if (this.plots.length > LAYOUT_MAX_PLOTS) return refused(errors.tooMany(LAYOUT_MAX_PLOTS));
    return { ok: true, format, plots: this.plots };
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

function readSize(raw: string): number | string {
  if (!raw) return errors.missing('size_sqm');
  const cleaned = raw.replace(/,/g, '').replace(/\s*(m²|m2|sqm)$/i, '');
  if (!/^\d+$/.test(cleaned)) return errors.size(raw);
  const size = Number(cleaned);
  if (size < 10 || size > 100_000) return errors.sizeRange(raw);
  return size;
}

/**
 * Naira as written by people ("10,000,000", "₦1500000", "2500000.50") into integer kobo, without floating point: the
 * kobo are read as digits, never multiplied.
 */
export function readNaira(raw: string): number | string {
  if (!raw) return errors.missing('price_ngn');
  const cleaned = raw.replace(/^(₦|NGN)\s*/i, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return errors.price(raw);
  const naira = Number(match[1].replace(/,/g, ''));
  const kobo = naira * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (kobo < 100 || naira > 100_000_000_000) return errors.priceRange(raw);
  return kobo;
}

function readYesNo(value: unknown): boolean | undefined {
  if (value === undefined || value === null || typeof value === 'boolean') return value ?? false;
  const word = text(value).toLowerCase();
  if (['', 'no', 'n', 'false', '0'].includes(word)) return false;
  if (['yes', 'y', 'true', '1', 'corner'].includes(word)) return true;
  return undefined;
}

/** 3 to 200 finite [x, y] points; a ring's closing point (equal to the first) is dropped; `flip` turns y over. */
function readPoints(value: unknown, flip = false): LayoutPoint[] | 'bad' {
  if (!Array.isArray(value)) return 'bad';
  const points: LayoutPoint[] = [];
  for (const point of value) {
    if (!Array.isArray(point) || point.length < 2 || !point.slice(0, 2).every((n) => typeof n === 'number' && Number.isFinite(n)))
      return 'bad';
    points.push([point[0], flip ? -point[1] || 0 : point[1]]); // never -0: an outline compares by its JSON
  }
  const [first, last] = [points[0], points.at(-1)];
  if (points.length > 1 && first[0] === last![0] && first[1] === last![1]) points.pop();
  return points.length >= 3 && points.length <= 200 ? points : 'bad';
}

function readPolygonCell(raw: string): LayoutPoint[] | null | 'bad' {
  if (!raw) return null;
  try {
    return readPoints(JSON.parse(raw));
  } catch {
    return 'bad';
  }
}

const headerName = (cell: string) => cell.trim().toLowerCase().replace(/\s+/g, '_');

function readCsv(body: string): LayoutRead {
  let rows: { info: { lines: number }; record: string[] }[];
  try {
    // Line ends made one kind first: csv-parse counts a CR LF inside quotes as two lines, and the reasons name lines.
    rows = parseCsv(body.replace(/\r\n?/g, '\n'), { info: true, skip_empty_lines: true, trim: true }) as unknown as typeof rows;
  } catch (error) {
    const { code, lines, message } = error as { code?: string; lines?: number; message?: string };
    const reason =
      code === 'CSV_QUOTE_NOT_CLOSED'
        ? errors.quoteNotClosed
        : code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH'
          ? errors.fieldCount(...fieldCounts(message))
          : errors.csvUnreadable(String(message ?? code).replace(/\s+on line \d+.*$/, ''));
    return { ok: false, problems: [PLOTS_IMPORT_COPY.refused({ line: lines ?? 1 }, reason)] };
  }
  const [header, ...records] = rows;
  const names = header.record.map(headerName);
  const problems: string[] = [];
  const atHeader = (reason: string) => problems.push(PLOTS_IMPORT_COPY.refused({ line: header.info.lines }, reason));
  if (!names.includes('plot') && !names.includes('block') && names.length === 1) return refused(errors.unknownFormat);
  names.forEach((name, index) => {
    if (!KNOWN_COLUMNS.includes(name)) atHeader(errors.unknownColumn(name));
    else if (names.indexOf(name) !== index) atHeader(errors.duplicateColumn(name));
  });
  const missing = REQUIRED_COLUMNS.filter((name) => !names.includes(name));
  if (missing.length) atHeader(errors.missingColumns([...missing]));
  if (problems.length) return { ok: false, problems };
  const reading = new Reading();
  for (const { info, record } of records) {
    if (reading.plots.length > LAYOUT_MAX_PLOTS) break;
    const raw = Object.fromEntries(names.map((name, index) => [name, record[index]])) as Partial<Record<Column, string>>;
    reading.add({ line: info.lines }, raw, readPolygonCell(raw.polygon ?? ''));
  }
  return reading.result('csv');
}

function fieldCounts(message: string | undefined): [number, number] {
  const match = /expect (\d+), got (\d+)/.exec(message ?? '');
  return match ? [Number(match[1]), Number(match[2])] : [0, 0];
}

function readGeoJson(body: string): LayoutRead {
  let collection: unknown;
  try {
    collection = JSON.parse(body);
  } catch {
    return refused(errors.unknownFormat);
  }
  const features = (collection as { type?: unknown; features?: unknown }).features;
  if ((collection as { type?: unknown }).type !== 'FeatureCollection' || !Array.isArray(features))
    return refused(errors.geojsonNotCollection);
  const reading = new Reading();
  features.slice(0, LAYOUT_MAX_PLOTS + 1).forEach((feature: unknown, index) => {
    const place = { feature: index + 1 };
    const { type, geometry, properties } = (feature ?? {}) as { type?: unknown; geometry?: unknown; properties?: unknown };
    if (type !== 'Feature') return reading.problem(place, errors.geojsonNotFeature);
    const shape = (geometry ?? {}) as { type?: unknown; coordinates?: unknown };
    if (shape.type !== 'Polygon' || !Array.isArray(shape.coordinates)) return reading.problem(place, errors.geojsonGeometry);
    const props = (properties ?? {}) as Record<string, unknown>;
    const absent = REQUIRED_COLUMNS.filter((name) => props[name] === undefined || props[name] === null);
    if (absent.length) return absent.forEach((name) => reading.problem(place, errors.geojsonProperty(name)));
    reading.add(place, props, readPoints(shape.coordinates[0], true));
  });
  if (features.length > LAYOUT_MAX_PLOTS) return refused(errors.tooMany(LAYOUT_MAX_PLOTS));
  return reading.result('geojson');
}
