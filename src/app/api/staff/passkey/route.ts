import { handlePasskey } from '@/modules/staff/server';
import { postOnly } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

export const { POST, GET, PUT, PATCH, DELETE } = postOnly((request) => handlePasskey(request));
