import '@/lib/validation/zod-config';
import { z } from 'zod';
import { STAFF_COPY } from '@/content/staff';
import { DISTRICT_CHOICES, LEAD_STATUSES } from '@/lib/db/enums';

/** The rules of the lead inbox, shared by its forms, its pages and its route handlers. */

export { LEAD_STATUSES, type LeadStatus } from '@/lib/db/enums';

export const leadStatusSchema = z.object({ status: z.enum(LEAD_STATUSES, { error: STAFF_COPY.errors.status }) }).strict();

export const leadNoteSchema = z.object({
  body: z.string({ error: STAFF_COPY.errors.noteEmpty }).trim().min(1, STAFF_COPY.errors.noteEmpty).max(4000, STAFF_COPY.errors.noteLong),
});


const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/** Inbox filters, read from the URL (shareable views). Bad values are dropped, never an error. */
export const leadFiltersSchema = z.object({
  district: z.enum(DISTRICT_CHOICES).optional().catch(undefined),
  status: z.enum(LEAD_STATUSES).optional().catch(undefined),
  from: dateText,
  to: dateText,
  q: z.string().trim().max(120).optional().catch(undefined),
  cursor: z.string().max(200).optional().catch(undefined),
});
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

const FILTER_KEYS = ['district', 'status', 'from', 'to', 'q'] as const;

/** Reads filters from URLSearchParams or a Next.js searchParams object; empty values count as absent. */
export function parseLeadFilters(source: URLSearchParams | Record<string, string | string[] | undefined>): LeadFilters {
  const get = (name: string) => {
    const value = source instanceof URLSearchParams ? source.get(name) : source[name];
    const one = Array.isArray(value) ? value[0] : value;
    return one === null || one === undefined || one.trim() === '' ? undefined : one;
  };
  return leadFiltersSchema.parse(Object.fromEntries([...FILTER_KEYS, 'cursor'].map((key) => [key, get(key)])));
}

/** The same filters as a query string (without the cursor unless asked), for links and exports. */
export function filtersToQuery(filters: LeadFilters, withCursor = false): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (withCursor && filters.cursor) params.set('cursor', filters.cursor);
  return params.toString();
}
