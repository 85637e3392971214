import { bookAsVisitor } from '@/modules/inspections/server';
import { alertOwnersOfFlood } from '@/modules/system/server';
import { postOnly } from '@/lib/http/response.server';
import { buyerFirst } from '@/lib/db/priority';

export const dynamic = 'force-dynamic';

/** POST /api/inspections/book: a new visitor's booking; the lead goes the popup's way first (the flood alert handed in). */
export const { POST, GET, PUT, PATCH, DELETE } = postOnly(buyerFirst(bookAsVisitor(alertOwnersOfFlood)));
