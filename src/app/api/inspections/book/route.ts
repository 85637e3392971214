import { bookAsVisitor } from '@/modules/inspections/buyer/book-as-visitor.server';
import { alertOwnersOfFlood } from '@/modules/system/alerts.server';
import { postOnly } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

/** POST /api/inspections/book: a new visitor's booking; the lead goes the popup's way first (the flood alert handed in). */
export const { POST, GET, PUT, PATCH, DELETE } = postOnly(bookAsVisitor(alertOwnersOfFlood));
