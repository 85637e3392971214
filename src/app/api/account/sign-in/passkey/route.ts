import { passkeySignInHandler } from '@/modules/buyers/server';
import { postOnly } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

/** POST /api/account/sign-in/passkey: signing in with a passkey (docs/decisions/0423). */
export const { POST, GET, PUT, PATCH, DELETE } = postOnly((request) => passkeySignInHandler(request));
