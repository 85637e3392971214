import '@/lib/validation/zod-config';
import { z } from 'zod';
import { STAFF_COPY } from '@/content/staff';
import { NOTIFICATION_CHANNELS } from '@/lib/db/enums';

/** An owner's request to send one of a lead's notifications again. */
export const resendSchema = z.object({ channel: z.enum(NOTIFICATION_CHANNELS, { error: STAFF_COPY.errors.unreadable }) }).strict();
