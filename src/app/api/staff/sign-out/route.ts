import { handleSignOut } from '@/features/staff/auth-handlers.server';
import { methodNotAllowed } from '@/lib/http/request.server';

export const dynamic = 'force-dynamic';

export const POST = (request: Request) => handleSignOut(request);
const notAllowed = () => methodNotAllowed('POST');
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
