import 'server-only';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getSiteFacts } from '@/lib/site-facts.server';
import { getEnv } from '@/lib/env.server';

/**
 * Outgoing e-mail (nodemailer over SMTP_URL). Without a mail server (the quick start) nothing silently vanishes:
 * each message is written as an .eml file under DATA_DIR/outbox-mail/, and the caller records it as not sent.
 */

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra header fields, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /**
   * The id of the record whose person the message is about (a lead, a newsletter sign-up): a message kept as a file
   * carries it in the file's name, so erasing the record deletes the file (deleteKeptMail).
   */
  recordId?: string;
  /** Files sent with it, e.g. a booking's calendar file (text/calendar). */
  attachments?: { filename: string; content: string; contentType: string }[];
  /**
   * The message's own Message-ID (`<id@host>`), stable across its retries: a mail server or client that got it
   * already can tell the copy apart.
   */
  messageId?: string;
}

export type MailOutcome = { sent: true } | { sent: false; file: string };

const transports = new Map<string, Transporter>();

function smtpTransport(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    // A few pooled connections serve a burst of leads without a new SMTP handshake per message. Timeouts: a hung
    // mail server must fail the attempt (it is retried), not hold a worker.
    transport = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: 5,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    transports.set(url, transport);
  }
  return transport;
}

/** Where messages are kept as .eml files without a mail server (deleted after a stated time: src/domain/retention). */
export const outboxMailDir = () => path.resolve(getEnv().DATA_DIR, 'outbox-mail');

export function mailFrom(): string {
  const { brand, email } = getSiteFacts();
  return getEnv().MAIL_FROM ?? `"${brand}" <${email}>`;
}

export async function sendMail(message: MailMessage): Promise<MailOutcome> {
  const env = getEnv();
  const mail = {
    from: mailFrom(),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo,
    headers: message.headers,
    attachments: message.attachments,
    messageId: message.messageId,
  };
  if (env.SMTP_URL) {
    await smtpTransport(env.SMTP_URL).sendMail(mail);
    return { sent: true };
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(mail);
  const dir = outboxMailDir();
  await mkdir(dir, { recursive: true });
  const recordId = message.recordId && RECORD_ID.test(message.recordId) ? message.recordId : undefined;
  const name = [new Date().toISOString().replace(/[:.]/g, '-'), recordId, randomUUID().slice(0, 8)].filter(Boolean).join('-');
  const file = path.join(dir, `${name}.eml`);
  await writeFile(file, built.message as Buffer);
  return { sent: false, file };
}

const RECORD_ID = /^[0-9a-zA-Z-]{1,64}$/;

/**
 * An erasure's part outside the database: deletes the kept .eml files of these records, found by the record id in
 * the file's name, or by one of `mentions` (e-mail addresses, phone numbers) in the file, for files written before
 * names carried ids. Returns how many were deleted; a missing directory has none.
 */
export async function deleteKeptMail(of: { recordIds: string[]; mentions: string[] }, dir = outboxMailDir()): Promise<number> {
  const names = await readdir(/*turbopackIgnore: true*/ dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  // A mention counts whole: ada@example.com is not in lada@example.com, nor 0803 555 1212 in 0803 555 12120.
  const escaped = of.mentions.filter(Boolean).map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const mentioned = escaped.length ? new RegExp(`(?<![\\w.%+-])(?:${escaped.join('|')})(?![\\w-]|\\.\\w)`, 'i') : undefined;
  let deleted = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = path.join(dir, name);
    const ours =
      of.recordIds.some((id) => name.includes(id)) ||
      (mentioned !== undefined && mentioned.test(await readFile(file, 'utf8').catch(() => '')));
    if (ours) {
      await unlink(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      deleted++;
    }
  }
  return deleted;
}
