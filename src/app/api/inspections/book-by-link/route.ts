import { bookByLinkHandler } from '@/modules/inspections/server';
import { postOnly } from '@/lib/http/response.server';
import { buyerFirst } from '@/lib/db/priority';

export const dynamic = 'force-dynamic';

/** POST /api/inspections/book-by-link: a known buyer's booking from their signed `book` link. */
export const { POST, GET, PUT, PATCH, DELETE } = postOnly(buyerFirst(bookByLinkHandler));
