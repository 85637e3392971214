import { listBackupsHandler, takeBackupHandler } from '@/modules/system/server';
import { routeMethods } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: listBackupsHandler, POST: takeBackupHandler });
