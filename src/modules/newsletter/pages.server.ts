import 'server-only';
import { getDatabase } from '@/lib/db/client';
import { logError } from '@/lib/log';
import { isPendingToken, stateByUnsubscribeToken, type SubscriptionState } from './repository.server';

/** What the pages opened from newsletter e-mails show. Read-only (a GET never changes anything); never throws. */

export type UnsubscribePageState = SubscriptionState | 'unavailable';
export type ConfirmPageState = 'pending' | 'invalid' | 'unavailable';

async function orUnavailable<T>(what: string, read: () => Promise<T>): Promise<T | 'unavailable'> {
  try {
    return await read();
  } catch (error) {
    logError(`[newsletter] ${what} failed`, error);
    return 'unavailable';
  }
}

export function unsubscribePageState(token: string | undefined): Promise<UnsubscribePageState> {
  if (!token) return Promise.resolve('unknown');
  return orUnavailable('reading an unsubscribe link', async () => stateByUnsubscribeToken((await getDatabase()).db, token.trim()));
}

export function confirmPageState(token: string | undefined): Promise<ConfirmPageState> {
  if (!token) return Promise.resolve('invalid');
  return orUnavailable('reading a confirmation link', async () =>
    (await isPendingToken((await getDatabase()).db, token.trim())) ? 'pending' : 'invalid',
  );
}
