import { routeMethods } from '@/lib/http/response.server';
import { accountHandler } from '@/modules/payments/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: accountHandler });
