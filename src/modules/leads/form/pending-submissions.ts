import type { InterestInput } from './schema';

/**
 * Submissions the visitor sent that have not been acknowledged yet, kept in localStorage with their
 * idempotency key so they can be sent again after a network failure without ever creating two leads.
 */
export interface PendingSubmission {
  key: string;
  payload: InterestInput;
  savedAt: number;
}

const STORAGE_KEY = 'pending-interest';

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export function listPending(storage: Storage = window.localStorage): PendingSubmission[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as PendingSubmission[]).filter((p) => p && typeof p.key === 'string' && p.payload) : [];
  } catch {
    return [];
  }
}

export function savePending(entry: PendingSubmission, storage: Storage = window.localStorage) {
  const others = listPending(storage).filter((p) => p.key !== entry.key);
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify([...others, entry]));
  } catch {
    // Storage full or disabled (private mode): the in-page form still holds the values.
  }
}

export function removePending(key: string, storage: Storage = window.localStorage) {
  const rest = listPending(storage).filter((p) => p.key !== key);
  if (rest.length) storage.setItem(STORAGE_KEY, JSON.stringify(rest));
  else storage.removeItem(STORAGE_KEY);
}
