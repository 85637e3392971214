/**
 * A push alert as the server sends it and the staff app's service worker shows it (docs/decisions/0364;
 * src/modules/staff/app/service-worker.ts reads the same fields). Encrypted to the phone by the push standard.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** The page a tap opens (same origin). */
  url: string;
  /** Alerts with one tag replace each other on the phone: one per lead. */
  tag: string;
  /** Where "I'm on it" posts, when the alert offers it. */
  claim?: string;
}
