import { request, type RequestOutcome } from '@/lib/browser/request';
import { removePending, savePending, type PendingSubmission } from './pending-submissions';

export const INTEREST_ENDPOINT = '/api/interest';

export interface InterestAccepted {
  ok: true;
  id: string | number;
  /** This buyer's booking page for a site inspection (a signed link: they only pick a slot). */
  inspection?: string;
}

/**
 * Sends one submission through the shared request helper. It is kept in localStorage until the server
 * answers: a network failure or a 5xx leaves it there to be sent again with the same key; a 4xx refusal
 * (already shown as a toast) removes it.
 */
export async function sendInterest(
  entry: PendingSubmission,
  finish?: (outcome: RequestOutcome) => void,
): Promise<InterestAccepted | undefined> {
  savePending(entry);
  let outcome: RequestOutcome = 'refused';
  const data = await request<InterestAccepted>({
    method: 'POST',
    url: INTEREST_ENDPOINT,
    body: entry.payload,
    headers: { 'Idempotency-Key': entry.key },
    finish: (result) => {
      outcome = result;
      finish?.(result);
    },
  });
  if (data || outcome === 'refused') removePending(entry.key);
  return data;
}
