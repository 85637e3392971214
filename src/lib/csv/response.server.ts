import 'server-only';

/**
 * Rows are sent in pieces of about this many characters, not one by one: each piece of a response goes through the
 * server's pipeline and its compression on its own, which cost a large export most of its time
 * (docs/benchmarks/0439-staff-apart-and-an-export-in-pieces.md). Pieces still stream as the rows are read.
 */
export const CSV_PIECE_CHARS = 64 * 1024;

/** A streamed CSV download (UTF-8 with BOM so spreadsheet programs read accents right). */
export function csvResponse(chunks: AsyncIterable<string>, name: string, now = new Date()): Response {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('\uFEFF'));
    },
    async pull(controller) {
      try {
        let piece = '';
        while (piece.length < CSV_PIECE_CHARS) {
          const { done, value } = await iterator.next();
          if (done) {
            if (piece) controller.enqueue(encoder.encode(piece));
            controller.close();
            return;
          }
          piece += value;
        }
        controller.enqueue(encoder.encode(piece));
      } catch (error) {
        controller.error(error);
      }
    },
  });
  const stamp = now.toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${stamp}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
