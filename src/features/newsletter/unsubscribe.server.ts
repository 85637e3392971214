import 'server-only';
import { getDatabase } from '@/lib/db/client';
import { unsubscribeByToken, type UnsubscribeOutcome } from './repository.server';

export type UnsubscribePageOutcome = UnsubscribeOutcome | 'unavailable';

/** For the /unsubscribe page: never throws, a database failure becomes 'unavailable'. */
export async function unsubscribeFromLink(token: string | undefined): Promise<UnsubscribePageOutcome> {
  if (!token) return 'unknown';
  try {
    const { db } = await getDatabase();
    return await unsubscribeByToken(db, token.trim());
  } catch (error) {
    console.error('[newsletter] unsubscribe failed:', error);
    return 'unavailable';
  }
}
