import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { getSiteUrl } from '@/lib/site-facts.server';

/**
 * A passkey in software, for the integration tests (docs/decisions/0348-a-second-factor-for-everyone-and-passkeys.md):
 * an EC P-256 key of node:crypto, answering WebAuthn ceremonies as a phone would — attestation "none", authenticator
 * data and client data built by hand (CBOR by @simplewebauthn/server's own encoder), the assertion signed with the key.
 * Each answer can be bent (another origin, no user verification) to check that the server refuses it.
 */

const FLAGS = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attested: 0x40 } as const;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export interface CeremonyOptions {
  /** The page's origin as the browser reports it (the site's by default). */
  origin?: string;
  /** Whether the person was verified (fingerprint, face or screen lock). */
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = randomBytes(16);
  /** Synced passkeys keep 0 for ever; a device-bound one counts up. */
  counter: number;
  private readonly counts: boolean;

  constructor(
    readonly origin: string,
    readonly rpId: string,
    { counts = true }: { counts?: boolean } = {},
  ) {
    this.counts = counts;
    this.counter = 0;
  }

  get id() {
    return isoBase64URL.fromBuffer(new Uint8Array(this.credentialId));
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
  }

  private authenticatorData(flags: number, attested: boolean): Buffer {
    const parts = [sha256(this.rpId), Buffer.from([flags]), u32(this.counter)];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(this.cosePublicKey()));
    }
    return Buffer.concat(parts);
  }

  private flags(userVerified: boolean, attested = false) {
    return FLAGS.userPresent | (userVerified ? FLAGS.userVerified : 0) | (attested ? FLAGS.attested : 0);
  }

  /** The answer to navigator.credentials.create() with these options. */
  register(options: PublicKeyCredentialCreationOptionsJSON, { origin = this.origin, userVerified = true }: CeremonyOptions = {}) {
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false });
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', this.authenticatorData(this.flags(userVerified, true), true)],
      ]),
    );
    const response: RegistrationResponseJSON = {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromUTF8String(clientDataJSON),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
    return response;
  }

  /** The answer to navigator.credentials.get() with these options. */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, { origin = this.origin, userVerified = true }: CeremonyOptions = {}) {
    if (this.counts) this.counter += 1;
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false });
    const authenticatorData = this.authenticatorData(this.flags(userVerified), false);
    // ECDSA over authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded (node's default), as WebAuthn expects.
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.keys.privateKey);
    const response: AuthenticationResponseJSON = {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromUTF8String(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(new Uint8Array(authenticatorData)),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
    return response;
  }
}

/** A passkey of this site as configured (SITE_URL's origin and host). */
export const passkeyForThisSite = () => new SoftAuthenticator(new URL(getSiteUrl()).origin, new URL(getSiteUrl()).hostname);
