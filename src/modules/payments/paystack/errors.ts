/**
 * What went wrong with a call to Paystack, as the caller acts on it: `config`, no secret key; `refused`, Paystack
 * answered 4xx (a bad request, an unknown reference: trying again changes nothing); `unavailable`, no answer, or a 5xx or
 * 429 (try again later); `malformed`, an answer not of the documented shape. The message never holds the key.
 */
export type PaystackErrorKind = 'config' | 'refused' | 'unavailable' | 'malformed';

export class PaystackError extends Error {
  readonly kind: PaystackErrorKind;
  /** Paystack's HTTP status, when it answered. */
  readonly status?: number;
  constructor(kind: PaystackErrorKind, message: string, status?: number) {
    super(message);
    this.name = 'PaystackError';
    this.kind = kind;
    this.status = status;
  }
}
