import { healthResponse } from '@/lib/db/health.server';

export const dynamic = 'force-dynamic';

export const GET = () => healthResponse();
