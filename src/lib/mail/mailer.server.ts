import 'server-only';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getSiteFacts } from '@/content/site';
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
  };
  if (env.SMTP_URL) {
    await smtpTransport(env.SMTP_URL).sendMail(mail);
    return { sent: true };
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(mail);
  const dir = outboxMailDir();
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
  await writeFile(file, built.message as Buffer);
  return { sent: false, file };
}
