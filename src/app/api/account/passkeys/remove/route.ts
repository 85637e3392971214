import { removePasskeyHandler } from '@/modules/buyers/server';
import { postOnly } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

/** POST /api/account/passkeys/remove: removes one of the buyer's passkeys (docs/decisions/0423). */
export const { POST, GET, PUT, PATCH, DELETE } = postOnly((request) => removePasskeyHandler(request));
