import { handleFirstOwner } from '@/features/staff/auth-handlers.server';
import { postOnly } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

export const { POST, GET, PUT, PATCH, DELETE } = postOnly((request) => handleFirstOwner(request));
