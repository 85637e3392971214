import { codeHandler } from '@/modules/buyers/server';
import { postOnly } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

/** POST /api/account/sign-in/code: the code typed (docs/decisions/0418). */
export const { POST, GET, PUT, PATCH, DELETE } = postOnly((request) => codeHandler(request));
