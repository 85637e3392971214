import { cancelHandler } from '@/modules/inspections/server';
import { postOnly } from '@/lib/http/response.server';
import { buyerFirst } from '@/lib/db/priority';

export const dynamic = 'force-dynamic';

/** POST /api/inspections/cancel: cancel a booking from its signed link. */
export const { POST, GET, PUT, PATCH, DELETE } = postOnly(buyerFirst(cancelHandler));
