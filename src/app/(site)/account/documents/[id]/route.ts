import { routeMethods } from '@/lib/http/response.server';
import { buyerDocumentHandler } from '@/modules/buyers/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: buyerDocumentHandler });
