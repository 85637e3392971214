import { holdByLinkHandler } from '@/modules/plots/server';
import { postOnly } from '@/lib/http/response.server';
import { buyerFirst } from '@/lib/db/priority';

export const dynamic = 'force-dynamic';

/** POST /api/plots/hold-by-link: a buyer known from a signed link holds a plot without typing their details again. */
export const { POST, GET, PUT, PATCH, DELETE } = postOnly(buyerFirst(holdByLinkHandler));
