import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';

/**
 * A Web Push service for the tests, the bench and e2e, on loopback over HTTPS (a push service is always HTTPS; its
 * certificate is in ./push-service, trusted by the process under test through NODE_EXTRA_CA_CERTS, or by the test's
 * own process through tls.setDefaultCACertificates). It does what a browser's push service and the browser do
 * together: checks the VAPID signature (RFC 8292: ES256, the audience is this origin, not expired), then decrypts the
 * payload with the subscription's private key and auth secret (RFC 8291, aes128gcm, the `http_ece` package), and keeps
 * what it received. `status` plays a service that refuses, or a subscription that is gone (410).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
export const PUSH_SERVICE_CERT = path.join(here, 'push-service', 'cert.pem');
const KEY = path.join(here, 'push-service', 'key.pem');

const b64url = (buffer) => Buffer.from(buffer).toString('base64url');

async function verifyVapid(header, audience) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no VAPID authorization');
  const raw = Buffer.from(match[2], 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('the VAPID key is not an uncompressed P-256 point');
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) }, 'ES256');
  const { payload } = await jwtVerify(match[1], key, { audience, algorithms: ['ES256'] });
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('the VAPID subject is not a contact');
  return match[2];
}

export async function startPushService({ status = () => 201 } = {}) {
  const received = [];
  const rejected = [];
  /** @type {Map<string, {ecdh: import('node:crypto').ECDH, auth: Buffer}>} */
  const browsers = new Map();
  const server = createServer({ cert: readFileSync(PUSH_SERVICE_CERT), key: readFileSync(KEY) }, (req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const browser = id ? browsers.get(id) : undefined;
      const code = id ? status(id) : 404;
      if (!browser || code >= 300) return res.writeHead(browser ? code : 404).end();
      try {
        if (req.method !== 'POST') throw new Error(`method ${req.method}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!req.headers.ttl) throw new Error('no TTL');
        const vapidKey = await verifyVapid(req.headers.authorization, origin);
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: browser.ecdh,
          authSecret: b64url(browser.auth),
        });
        received.push({ id, at: Date.now(), urgency: req.headers.urgency, vapidKey, message: JSON.parse(plain.toString('utf8')) });
        res.writeHead(201).end();
      } catch (error) {
        rejected.push({ id, reason: String(error) });
        res.writeHead(400).end();
      }
    });
  });
  const port = await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
  const origin = `https://127.0.0.1:${port}`;
  return {
    origin,
    received,
    rejected,
    /** A new browser's subscription (PushSubscription.toJSON()), whose private key only this service holds. */
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ecdh, auth });
      return { id, subscription: { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } } };
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
