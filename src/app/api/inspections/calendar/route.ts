import { calendarFile } from '@/modules/inspections/server';
import { routeMethods } from '@/lib/http/response.server';

export const dynamic = 'force-dynamic';

/** GET /api/inspections/calendar?t=<manage token>: the booking's .ics file. */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: calendarFile });
