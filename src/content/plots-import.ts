/**
 * Copy of a surveyor's layout import (docs/decisions/0413-plots-inventory-for-the-sales-team.md): why a file is refused,
 * line by line, in the staff area's Import page and in `npm run plots:import`.
 */

/** "line 7" for a CSV row, "feature 3" for a GeoJSON feature: where the surveyor looks. */
export type LayoutPlace = { line: number } | { feature: number };

export const placeName = (place: LayoutPlace) => ('line' in place ? `Line ${place.line}` : `Feature ${place.feature}`);

export const PLOTS_IMPORT_COPY = {
  refusedHeading: 'The file was refused; nothing was changed.',
  refused: (where: LayoutPlace, reason: string) => `${placeName(where)}: ${reason}`,
  fileTooLarge: (limit: string) => `The file is larger than ${limit}.`,
  more: (n: number) => `…and ${n} more ${n === 1 ? 'problem' : 'problems'}.`,
  errors: {
    empty: 'the file has no plots.',
    tooLarge: (limit: string) => `the file is larger than ${limit}.`,
    tooMany: (limit: number) => `the file has more than ${limit} plot lines.`,
    notText: 'the file is not text (UTF-8): export it as CSV or GeoJSON.',
    unknownFormat: 'the file is neither CSV (a header line naming plot, block, size_sqm and price_ngn) nor a GeoJSON FeatureCollection.',
    csvUnreadable: (detail: string) => `the CSV cannot be read (${detail}).`,
    quoteNotClosed: 'a quote opened here is never closed.',
    fieldCount: (expected: number, got: number) => `${got} fields where the header has ${expected}.`,
    missingColumns: (names: string[]) => `the header lacks ${names.length === 1 ? 'the column' : 'the columns'} ${names.join(', ')}.`,
    duplicateColumn: (name: string) => `the header names ${name} twice.`,
    unknownColumn: (name: string) =>
      `the header names an unknown column "${name}" (known: plot, block, size_sqm, price_ngn, corner, polygon).`,
    missing: (name: string) => `${name} is empty.`,
    plotName: 'plot must be 1 to 20 letters, digits, "-", "/" or "." (e.g. A-12).',
    blockName: 'block must be 1 to 10 letters, digits or "-" (e.g. A).',
    duplicatePlot: (plot: string, firstAt: LayoutPlace) => `plot ${plot} appears twice (first at ${placeName(firstAt).toLowerCase()}).`,
    size: (raw: string) => `size_sqm "${raw}" is not a whole number of square metres (e.g. 300).`,
    sizeRange: (raw: string) => `size_sqm ${raw} is outside 10 to 100,000 m².`,
    price: (raw: string) => `price_ngn "${raw}" is not an amount in naira (e.g. 10000000 or 10,000,000.00).`,
    priceRange: (raw: string) => `price_ngn ${raw} is outside ₦1 to ₦100,000,000,000.`,
    corner: (raw: string) => `corner "${raw}" is not yes or no.`,
    polygon: 'polygon must be a JSON list of 3 to 200 [x, y] points, e.g. "[[0,0],[15,0],[15,20],[0,20]]".',
    geojsonNotCollection: 'the GeoJSON is not a FeatureCollection.',
    geojsonNotFeature: 'not a Feature.',
    geojsonGeometry: 'its geometry is not a Polygon (a MultiPolygon or a point cannot be drawn as one plot).',
    geojsonProperty: (name: string) => `its properties lack ${name}.`,
    tooManyProblems: 'Stopped after 50 problems.',
  },
};
