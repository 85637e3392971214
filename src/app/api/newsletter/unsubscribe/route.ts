import { handleUnsubscribeGet, handleUnsubscribePost } from '@/modules/newsletter/server';
import { postOnly } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

// GET only shows the unsubscribe page (a mail client may open the List-Unsubscribe address in a browser).
export const { POST, PUT, PATCH, DELETE } = postOnly(handleUnsubscribePost);
export const GET = handleUnsubscribeGet;
