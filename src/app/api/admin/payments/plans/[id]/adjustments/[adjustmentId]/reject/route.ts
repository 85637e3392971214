import { rejectAdjustmentHandler } from '@/modules/payments/server';
import { routeMethods } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rejectAdjustmentHandler });
