import 'server-only';
import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { getSiteFacts, getSiteUrl } from '@/lib/site-facts.server';

/**
 * What staff and buyer passkeys share (WebAuthn through @simplewebauthn/server; docs/decisions/0348 and 0423): the
 * relying party is the site, its id the host of SITE_URL and its origin SITE_URL's origin, so a passkey made on one
 * address of the site is never accepted for another; a ceremony's challenge lives CHALLENGE_TTL_MS and is used once.
 */

export const CHALLENGE_TTL_MS = 5 * 60_000;
/** How long the browser waits for the person (the options' timeout). */
export const CEREMONY_TIMEOUT_MS = 120_000;

export function relyingParty() {
  const url = new URL(getSiteUrl());
  return { id: url.hostname, origin: url.origin, name: getSiteFacts().brand };
}

/** The challenge an answer's clientDataJSON names, when it can be read; what it names is checked by its caller. */
export function challengeNamedBy(clientDataJSON: unknown): string | undefined {
  if (typeof clientDataJSON !== 'string') return undefined;
  let challenge: unknown;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return undefined;
  }
  return typeof challenge === 'string' && challenge && challenge.length <= 512 ? challenge : undefined;
}

/**
 * A counter that did not move forward, where the authenticator counts (WebAuthn §6.1.1): the same key signed on another
 * device, a clone. Passkeys that never count (synced ones) send 0 every time and are not taken for clones.
 */
export const counterWentBack = (received: number, stored: number) => (received > 0 || stored > 0) && received <= stored;

type StoredTransports = Parameters<typeof verifyAuthenticationResponse>[0]['credential']['transports'];

/** A new passkey's answer checked against its challenge and the site: what to keep, or undefined when refused. */
export async function verifiedNewPasskey(response: RegistrationResponseJSON, challenge: string) {
  const rp = relyingParty();
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    return verified.verified ? verified.registrationInfo : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A sign-in answer's signature checked against the stored passkey: its new counter, or undefined when refused (throws as
 * the library does on an unreadable answer). Counter 0: the library then checks the signature whatever the counter, and
 * each caller compares counters itself (counterWentBack), so only a signature the key really made is compared.
 */
export async function verifiedSignature(
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: { credentialId: string; publicKey: string; transports: StoredTransports },
) {
  const rp = relyingParty();
  const { verified, authenticationInfo } = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: 0,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  });
  return verified ? authenticationInfo : undefined;
}
