import { z } from 'zod';
import { STAFF_COPY } from '@/content/staff';

/**
 * The one set of staff-area rules, shared by the forms and the route handlers. Passwords are checked against the
 * common-password list on the server only (password.server.ts), so the list never ships to browsers.
 */

export const STAFF_ROLES = ['owner', 'agent'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];

export const LEAD_STATUS_VALUES = ['new', 'contacted', 'qualified', 'won', 'lost', 'spam'] as const;
export type LeadStatusValue = (typeof LEAD_STATUS_VALUES)[number];


export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

const email = z
  .string({ error: STAFF_COPY.errors.email })
  .trim()
  .toLowerCase()
  .max(254, STAFF_COPY.errors.email)
  .pipe(z.email({ error: STAFF_COPY.errors.email }));

export const signInSchema = z.object({
  email,
  password: z.string({ error: STAFF_COPY.errors.password }).min(1, STAFF_COPY.errors.password).max(PASSWORD_MAX_LENGTH, STAFF_COPY.errors.password),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const newPasswordSchema = z
  .string({ error: STAFF_COPY.errors.passwordShort })
  .min(PASSWORD_MIN_LENGTH, STAFF_COPY.errors.passwordShort)
  .max(PASSWORD_MAX_LENGTH, STAFF_COPY.errors.passwordLong);

export const createStaffSchema = z.object({
  email,
  name: z.string().trim().max(120, STAFF_COPY.errors.name).default(''),
  role: z.enum(STAFF_ROLES, { error: STAFF_COPY.errors.role }),
  password: newPasswordSchema,
});
export type CreateStaffInput = z.infer<typeof createStaffSchema>;

export const updateStaffSchema = z
  .object({
    role: z.enum(STAFF_ROLES, { error: STAFF_COPY.errors.role }).optional(),
    active: z.boolean().optional(),
    password: newPasswordSchema.optional(),
  })
  .strict();
export type UpdateStaffInput = z.infer<typeof updateStaffSchema>;

export const leadStatusSchema = z.object({ status: z.enum(LEAD_STATUS_VALUES, { error: STAFF_COPY.errors.status }) }).strict();

export const leadNoteSchema = z.object({
  body: z.string({ error: STAFF_COPY.errors.noteEmpty }).trim().min(1, STAFF_COPY.errors.noteEmpty).max(4000, STAFF_COPY.errors.noteLong),
});

export const privacySubjectSchema = z.object({ email });

const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/** Inbox filters, read from the URL (shareable views). Bad values are dropped, never an error. */
export const leadFiltersSchema = z.object({
  district: z.string().trim().max(80).optional().catch(undefined),
  status: z.enum(LEAD_STATUS_VALUES).optional().catch(undefined),
  from: dateText,
  to: dateText,
  q: z.string().trim().max(120).optional().catch(undefined),
  cursor: z.string().max(200).optional().catch(undefined),
});
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

/** Reads filters from URLSearchParams or a Next.js searchParams object; empty values count as absent. */
export function parseLeadFilters(source: URLSearchParams | Record<string, string | string[] | undefined>): LeadFilters {
  const get = (name: string) => {
    const value = source instanceof URLSearchParams ? source.get(name) : source[name];
    const one = Array.isArray(value) ? value[0] : value;
    return one === null || one === undefined || one.trim() === '' ? undefined : one;
  };
  return leadFiltersSchema.parse({
    district: get('district'),
    status: get('status'),
    from: get('from'),
    to: get('to'),
    q: get('q'),
    cursor: get('cursor'),
  });
}

/** The same filters as a query string (without the cursor unless asked), for links and exports. */
export function filtersToQuery(filters: LeadFilters, withCursor = false): string {
  const params = new URLSearchParams();
  for (const key of ['district', 'status', 'from', 'to', 'q'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (withCursor && filters.cursor) params.set('cursor', filters.cursor);
  return params.toString();
}
