import { handleInterestPost } from '@/features/interest/handler.server';
import { methodNotAllowed } from '@/lib/http/request.server';

export const dynamic = 'force-dynamic';

export const POST = (request: Request) => handleInterestPost(request);
const notAllowed = () => methodNotAllowed('POST');
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
