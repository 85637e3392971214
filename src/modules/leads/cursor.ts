import '@/lib/validation/zod-config';
import { z } from 'zod';

/**
 * A position in the inbox order (newest first, then id): where the next page starts, opaque in URLs. The inbox's
 * filters check a cursor with decodeCursor before any query, and its pages are read from one (./inbox.repository.server.ts).
 */
export interface Cursor {
  c: string;
  i: string;
}

/** A YYYY-MM-DD that names a real calendar day (not 2026-02-31), in years the inbox can hold. */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(text);
  if (!match || Number(match[1]) < 1900 || Number(match[1]) > 2999) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

const cursorSchema = z.object({ c: z.iso.datetime(), i: z.uuid() }).strict();

// base64url by hand (btoa/atob) so the same code runs in the browser; the cursor's JSON is ASCII.
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return btoa(JSON.stringify({ c: row.createdAt.toISOString(), i: row.id }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The cursor in a URL, or undefined when it is not one this inbox made (never reaches the database then). */
export function decodeCursor(value: string): Cursor | undefined {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(atob(value.replace(/-/g, '+').replace(/_/g, '/'))));
    return parsed.success && isCalendarDay(parsed.data.c.slice(0, 10)) ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
