import { handleWelcome } from '@/modules/staff/sign-in/handlers.server';
import { postOnly } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

export const { POST, GET, PUT, PATCH, DELETE } = postOnly((request) => handleWelcome(request));
