export const PUSH_SERVICE_CERT: string;

export interface ReceivedPush {
  id: string;
  at: number;
  urgency: string | undefined;
  vapidKey: string;
  message: { title: string; body: string; url: string; tag: string; claim?: string };
}

export interface TestSubscription {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface PushService {
  origin: string;
  received: ReceivedPush[];
  rejected: { id: string; reason: string }[];
  subscribe(): TestSubscription;
  stop(): Promise<void>;
}

export function startPushService(options?: { status?: (id: string) => number }): Promise<PushService>;
