import { handleNewsletterPost } from '@/modules/newsletter/server';
import { postOnly } from '@/lib/http/response.server';
import { buyerFirst } from '@/lib/db/priority';

export const dynamic = 'force-dynamic';

export const { POST, GET, PUT, PATCH, DELETE } = postOnly(buyerFirst(handleNewsletterPost));
