import { linkHandler } from '@/modules/buyers/server';
import { postOnly } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

/** POST /api/account/sign-in/link: the e-mail's link used (docs/decisions/0418). */
export const { POST, GET, PUT, PATCH, DELETE } = postOnly((request) => linkHandler(request));
