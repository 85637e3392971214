import { exportNewsletterHandler } from '@/features/newsletter/admin-handlers.server';

export const dynamic = 'force-dynamic';
export const GET = exportNewsletterHandler;
