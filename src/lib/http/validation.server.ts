import 'server-only';
import type { z } from 'zod';

/**
 * Turns a Zod error into one sentence for the visitor. Issues on the fields the visitor fills carry the schema's
 * own human messages; anything else (hidden attribution fields, unknown fields, wrong shapes) gets `fallback`.
 */
export function visitorMessage(error: z.ZodError, visibleFields: readonly string[], fallback: string): string {
  const visible = error.issues.find((issue) => issue.path.length > 0 && visibleFields.includes(String(issue.path[0])));
  return visible?.message ?? fallback;
}
