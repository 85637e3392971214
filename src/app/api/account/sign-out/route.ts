import { signOutHandler } from '@/modules/buyers/server';
import { postOnly } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

/** POST /api/account/sign-out: this device, another, or every device (docs/decisions/0418). */
export const { POST, GET, PUT, PATCH, DELETE } = postOnly((request) => signOutHandler(request));
