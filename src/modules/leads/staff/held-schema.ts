import '@/lib/validation/zod-config';
import { z } from 'zod';
import { HELD_LEADS_COPY } from '@/content/sales-insight';

/**
 * A release of the leads held in a flood (docs/decisions/0385-backups-and-secrets-round-3.md): the count the owner saw
 * and confirmed, shared by the inbox's notice and the route, which releases only when it is still the count held.
 */
export const heldReleaseSchema = z.object({
  count: z.number({ error: HELD_LEADS_COPY.countMissing }).int(HELD_LEADS_COPY.countMissing).min(1, HELD_LEADS_COPY.countMissing),
});
