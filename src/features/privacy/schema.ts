import '@/lib/validation/zod-config';
import { z } from 'zod';
import { STAFF_COPY } from '@/content/staff';
import { emailSchema } from '@/lib/validation/email';

/** Whose data an owner exports or erases (docs/decisions/0203-privacy-requests.md). */
export const privacySubjectSchema = z.object({ email: emailSchema(STAFF_COPY.errors.email) });
