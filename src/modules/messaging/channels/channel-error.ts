import type { ChannelErrorKind } from '@/lib/db/enums';

/**
 * Why a WhatsApp or SMS send failed, in the terms the sender acts on (docs/decisions/0394-whatsapp-and-sms.md):
 * - `retry`: the provider is down, slow or limiting us (5xx, 429, its rate-limit codes): the job tries again later
 *   (`retryAfterSeconds` when the provider said);
 * - `unreachable`: this number cannot get it on this channel (not on WhatsApp, an invalid number, DND on the SMS
 *   route): the next channel is tried, and this one is not retried;
 * - `window_closed`: WhatsApp's 24-hour window is closed, so free text cannot go (an approved template can);
 * - `config`: our credentials or template are wrong (401/403, an unknown template): retried like `retry`, and the
 *   channel's failure alert tells the owners.
 */
export type { ChannelErrorKind };

export class ChannelError extends Error {
  readonly kind: ChannelErrorKind;
  readonly retryAfterSeconds?: number;
  /** The provider's own error code, for the record (never the message's text or the number). */
  readonly providerCode?: string;
  /**
   * The request may have reached the provider, whose answer never came (no answer in time, a connection cut, a 2xx
   * without the message's id): the message may have gone, so sending it again could send it twice.
   */
  readonly unanswered: boolean;

  constructor(
    kind: ChannelErrorKind,
    message: string,
    options: { retryAfterSeconds?: number; providerCode?: string; unanswered?: boolean } = {},
  ) {
    super(message);
    this.name = 'ChannelError';
    this.kind = kind;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.providerCode = options.providerCode;
    this.unanswered = options.unanswered ?? false;
  }
}

/**
 * Whether a request whose fetch threw may have reached the provider: not when the connection was never made (refused,
 * an unknown host, an unreachable network), where the provider cannot have taken anything.
 */
export function mayHaveReachedProvider(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return !(typeof code === 'string' && NEVER_CONNECTED.has(code));
}
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
