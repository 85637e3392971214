import { passkeyOptionsHandler } from '@/modules/buyers/server';
import { postOnly } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

/** POST /api/account/passkeys/options: a new passkey's options, signed in recently (docs/decisions/0423). */
export const { POST, GET, PUT, PATCH, DELETE } = postOnly((request) => passkeyOptionsHandler(request));
