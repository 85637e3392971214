import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { listenOnLoopback } from './local-http-peer.mjs';

/**
 * An S3-compatible bucket, faked in-process on loopback for the tests (docs/decisions/0424-files-in-a-bucket.md), as
 * Amazon's S3 API reference documents it, path-style (`/<bucket>/<key>`): PutObject, GetObject, HeadObject,
 * DeleteObject and ListObjectsV2 (`?list-type=2`, pages of `pageSize` keys with `continuation-token`). Every request must
 * carry a valid AWS Signature Version 4 `Authorization` header for the fake's keys and region, checked here from the
 * documented algorithm (canonical request, string to sign, HMAC chain of the secret), with `x-amz-content-sha256`
 * matching the body unless `UNSIGNED-PAYLOAD`; a wrong one is refused with S3's XML error (403
 * `InvalidAccessKeyId`/`SignatureDoesNotMatch`, 400 `XAmzContentSHA256Mismatch`), so a test fails when our signing
 * breaks. It can go down (connection refused) and come back on its port, or answer the next requests 503 `SlowDown`.
 */
export interface FakeS3 {
  /** The endpoint (FILES_S3_ENDPOINT, with FILES_S3_PATH_STYLE on). */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket's objects by key. */
  objects: Map<string, Buffer>;
  /** Requests as `METHOD /path?query → status`, in order. */
  requests: string[];
  /** The site's settings for this bucket. */
  env(): Record<string, string>;
  /** The next `count` requests are answered 503 SlowDown, as S3 answers when it sheds load. */
  failNext(count: number): void;
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
/** AWS's UriEncode: every byte but the unreserved characters as %XY (upper case). */
const uriEncode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export async function startFakeS3(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string; pageSize?: number } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? 'district-documents';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? 'AKIAFAKES3TESTKEY001';
  const secretAccessKey = options.secretAccessKey ?? 'fake-s3-secret-access-key-0123456789abcdef';
  const pageSize = options.pageSize ?? 1000;
  const objects = new Map<string, Buffer>();
  const requests: string[] = [];
  let failures = 0;

  function error(res: ServerResponse, status: number, code: string, message: string, resource: string, head: boolean) {
    res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': 'FAKE' });
    res.end(
      head
        ? undefined
        : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message>` +
            `<Resource>${xmlEscape(resource)}</Resource><RequestId>FAKE</RequestId></Error>`,
    );
  }

  /** The refusal of a request whose signature is not right, or undefined when it is. */
  function checkSignature(req: IncomingMessage, url: URL, body: Buffer): [number, string, string] | undefined {
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      );
    if (!auth) return [403, 'AccessDenied', 'Anonymous access is not allowed: sign the request with AWS Signature Version 4.'];
    const [, keyId, day, scopeRegion, signedHeaders, signature] = auth;
    if (keyId !== accessKeyId) return [403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'];
    if (scopeRegion !== region)
      return [
        400,
        'AuthorizationHeaderMalformed',
        `The authorization header is malformed; the region '${scopeRegion}' is wrong; expecting '${region}'`,
      ];
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const at = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!at || amzDate.slice(0, 8) !== day) return [403, 'AccessDenied', 'X-Amz-Date is missing or differs from the credential scope.'];
    const when = Date.UTC(+at[1], +at[2] - 1, +at[3], +at[4], +at[5], +at[6]);
    if (Math.abs(when - Date.now()) > 15 * 60_000)
      return [403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.'];
    const names = signedHeaders.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date') || !names.includes('x-amz-content-sha256'))
      return [403, 'AccessDenied', 'SignedHeaders must include host, x-amz-date and x-amz-content-sha256.'];
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
      return [400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed."];
    const canonicalUri = url.pathname
      .split('/')
      .map((segment) => uriEncode(decodeURIComponent(segment)))
      .join('/');
    const canonicalQuery = [...url.searchParams]
      .map(([k, v]) => [uriEncode(k), uriEncode(v)])
      .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalHeaders = names
      .map(
        (name) =>
          `${name}:${String(req.headers[name] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonicalRequest = [req.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
    const expected = hmac(signingKey, stringToSign);
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
      return [
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      ];
    return undefined;
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const head = req.method === 'HEAD';
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const record = (status: number) => requests.push(`${req.method} ${url.pathname}${url.search} → ${status}`);
    const refuse = (status: number, code: string, message: string) => {
      record(status);
      error(res, status, code, message, url.pathname, head);
    };
    if (failures > 0) {
      failures--;
      return refuse(503, 'SlowDown', 'Please reduce your request rate.');
    }
    const refusal = checkSignature(req, url, body);
    if (refusal) return refuse(...refusal);
    if (decodeURIComponent(bucketName) !== bucket) return refuse(404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (!key) {
      if (req.method !== 'GET' || url.searchParams.get('list-type') !== '2')
        return refuse(501, 'NotImplemented', 'Only ListObjectsV2 is faked on a bucket.');
      const after = url.searchParams.get('continuation-token');
      const prefix = url.searchParams.get('prefix') ?? '';
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const from = after ? all.findIndex((k) => k > Buffer.from(after, 'base64url').toString()) : 0;
      const page = from < 0 ? [] : all.slice(from, from + pageSize);
      const truncated = from >= 0 && from + pageSize < all.length;
      record(200);
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name>` +
          `<Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${pageSize}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
          page
            .map(
              (k) =>
                `<Contents><Key>${xmlEscape(k)}</Key><Size>${objects.get(k)!.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
            )
            .join('') +
          (truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64url')}</NextContinuationToken>` : '') +
          '</ListBucketResult>',
      );
    }
    const etag = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;
    switch (req.method) {
      case 'PUT':
        objects.set(key, body);
        record(200);
        res.writeHead(200, { etag: etag(body) });
        return res.end();
      case 'GET':
      case 'HEAD': {
        const bytes = objects.get(key);
        if (!bytes) return refuse(404, 'NoSuchKey', 'The specified key does not exist.');
        record(200);
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length, etag: etag(bytes) });
        return res.end(head ? undefined : bytes);
      }
      case 'DELETE':
        objects.delete(key);
        record(204);
        res.writeHead(204);
        return res.end();
      default:
        return refuse(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  const sockets = new Set<Socket>();
  const make = () => {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => handle(req, res, Buffer.concat(chunks)));
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return server;
  };
  let server = make();
  const port = await listenOnLoopback(server);
  let running = true;
  const down = async () => {
    if (!running) return;
    running = false;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    env: () => ({
      FILES_S3_BUCKET: bucket,
      FILES_S3_ENDPOINT: url,
      FILES_S3_REGION: region,
      FILES_S3_ACCESS_KEY_ID: accessKeyId,
      FILES_S3_SECRET_ACCESS_KEY: secretAccessKey,
      FILES_S3_PATH_STYLE: 'on',
    }),
    failNext: (count) => {
      failures += count;
    },
    down,
    up: async () => {
      if (running) return;
      server = make();
      await listenOnLoopback(server, port);
      running = true;
    },
    stop: down,
  };
}
