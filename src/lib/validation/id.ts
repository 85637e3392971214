import '@/lib/validation/zod-config';
import { z } from 'zod';

/** A record's id in a URL path (a UUID, compared lower-cased): the one rule for every `[id]` route. */
export const idParamSchema = z.uuid().transform((id) => id.toLowerCase());
