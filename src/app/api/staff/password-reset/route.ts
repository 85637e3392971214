import { handlePasswordResetRequest } from '@/modules/staff/ui.server';
import { postOnly } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

export const { POST, GET, PUT, PATCH, DELETE } = postOnly((request) => handlePasswordResetRequest(request));
