import { requestSignInHandler } from '@/modules/buyers/server';
import { postOnly } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

/** POST /api/account/sign-in: a sign-in link or code asked for (docs/decisions/0418). */
export const { POST, GET, PUT, PATCH, DELETE } = postOnly((request) => requestSignInHandler(request));
