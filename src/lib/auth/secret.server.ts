import 'server-only';
import { getEnv } from '@/lib/env.server';
import { currentSecretsKey } from '@/lib/security/secrets-key.server';

/**
 * SESSION_SECRET, or (when unset: the quick start) a key derived from the secrets key, which is kept apart from the
 * database (docs/decisions/0346-keys-apart-from-the-data.md): a copy of the database signs no session.
 */
export function sessionKey(): Uint8Array {
  const secret = getEnv().SESSION_SECRET;
  return secret ? new TextEncoder().encode(secret) : currentSecretsKey().derive('session');
}
