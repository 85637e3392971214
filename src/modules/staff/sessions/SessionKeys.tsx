'use client';

import { useEffect } from 'react';
import { storeSessionKeys } from '../sign-in/sign-in-complete';

/**
 * Writes the spec's session keys on every staff page once its script runs: a sign-in sent as a plain form (before
 * the sign-in page's script arrived) lands here with none written. Renders nothing.
 */
export function SessionKeys({ email }: { email: string }) {
  useEffect(() => storeSessionKeys(email), [email]);
  return null;
}
