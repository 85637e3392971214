import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { listenOnLoopback } from './local-http-peer.mjs';

/**
 * Real peers for the notification tests, in-process on loopback: an SMTP server (smtp-server) that keeps every
 * message it accepts, and an HTTP receiver that keeps every webhook. Both can be taken down and brought back on
 * the same port, to play an outage.
 */

export interface ReceivedMail {
  at: number;
  mail: ParsedMail;
  raw: string;
}

export interface ReceivedWebhook {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Peer<T> {
  url: string;
  received: T[];
  /** Stops accepting connections (connection refused), keeping the port. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

const listen = (server: Server, port = 0): Promise<number> => listenOnLoopback(server, port);

/**
 * An SMTP peer whose `refuse` can be set at any time: the recipients it picks are refused as a mail server refuses
 * an unknown mailbox (550, quoting the address), e.g. only the sales address, or only for a while.
 */
export interface SmtpPeer extends Peer<ReceivedMail> {
  refuse: (address: string) => boolean;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Senders keep pooled connections open; stopping waits this long for them (smtp-server's default is 30 s, which
      // every suite that sends mail spent in its afterAll), then answers 421 and closes them.
      closeTimeout: 100,
      onRcptTo(address, _session, callback) {
        if (!peer.refuse(address.address)) return callback();
        callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({ at: Date.now(), mail: await simpleParser(raw), raw });
          callback();
        });
      },
    });
  let server = make();
  // A sender killed mid-session resets its connection: that is the sender's failure, not the peer's.
  server.on('error', () => {});
  const port = await listen(server.server as never);
  let running = true;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const peer: SmtpPeer = {
    refuse: () => false,
    url: `smtp://127.0.0.1:${port}`,
    received,
    down: async () => {
      if (running) await close();
      running = false;
    },
    up: async () => {
      if (running) return;
      server = make();
      server.on('error', () => {});
      await listen(server.server as never, port);
      running = true;
    },
    stop: async () => {
      if (running) await close();
      running = false;
    },
  };
  return peer;
}

export async function startWebhookReceiver(status: () => number = () => 204): Promise<Peer<ReceivedWebhook>> {
  const received: ReceivedWebhook[] = [];
  const make = () =>
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const code = status();
        if (code < 300) received.push({ at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(code).end();
      });
    });
  let server = make();
  const port = await listen(server);
  let running = true;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    received,
    down: async () => {
      if (running) await close();
      running = false;
    },
    up: async () => {
      if (running) return;
      server = make();
      await listen(server, port);
      running = true;
    },
    stop: async () => {
      if (running) await close();
      running = false;
    },
  };
}

/** Polls until `check` is true or the time is up; returns whether it became true. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return check();
}

/** A Standard Webhooks secret for tests. */
export const TEST_WEBHOOK_SECRET = `whsec_${Buffer.from('districts-test-webhook-secret-32b').toString('base64')}`;
