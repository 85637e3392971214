import '@/lib/validation/zod-config';
import { z } from 'zod';
import { DOCUMENTS_COPY, DOCUMENT_STAGE_KEYS } from '@/content/documents';

/** The staff forms of the Documents page and the public check form: one schema each, shared by form and handler. */

const copy = DOCUMENTS_COPY.staff.errors;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, copy.invalid);

export const stageChangeSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('done'), claimId: z.uuid(copy.notFound), stage: z.enum(DOCUMENT_STAGE_KEYS, copy.notFound), doneOn: day }),
    z.object({ action: z.literal('undone'), claimId: z.uuid(copy.notFound), stage: z.enum(DOCUMENT_STAGE_KEYS, copy.notFound) }),
    z.object({
      action: z.literal('late_reason'),
      claimId: z.uuid(copy.notFound),
      stage: z.enum(DOCUMENT_STAGE_KEYS, copy.notFound),
      reason: z
        .string()
        .trim()
        .max(300, copy.invalid)
        .transform((value) => value || null),
    }),
  ],
  copy.invalid,
);
export type StageChangeInput = z.output<typeof stageChangeSchema>;

export const uploadFieldsSchema = z.object({ claimId: z.uuid(copy.notFound), stage: z.enum(DOCUMENT_STAGE_KEYS, copy.notFound) });

/** The check page's two fields (GET /check?number=&code=): not personal data, so they may sit in the address. */
export const checkSchema = z.object({
  number: z.string().trim().min(1, DOCUMENTS_COPY.check.invalid).max(40, DOCUMENTS_COPY.check.invalid),
  code: z.string().trim().min(1, DOCUMENTS_COPY.check.invalid).max(40, DOCUMENTS_COPY.check.invalid),
});
