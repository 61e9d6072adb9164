import webPush, { WebPushError } from 'web-push';
import type { PushMessage } from '@argus/contracts/http/push';

/** The VAPID identity this server signs pushes with (WEB_PUSH_* in config.ts). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What became of one push: delivered to the push service, the subscription gone for good, or a failure to log. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

/** How long a push service may take before the push is given up: a push is a nudge, never a queue. */
const TIMEOUT_MS = 10_000;
/** A push older than this is not worth showing (an assignment an hour late is news on the page anyway). */
const TIME_TO_LIVE_S = 15 * 60;

/** Sends through the `web-push` library: VAPID-signed, encrypted for the subscription's keys. */
export function webPushSender(keys: VapidKeys): PushSender {
  const options = {
    vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: TIME_TO_LIVE_S,
    timeout: TIMEOUT_MS,
    urgency: 'high' as const,
  };
  return {
    async send(target, message) {
      try {
        await webPush.sendNotification(target, JSON.stringify(message), options);
        return 'sent';
      } catch (error) {
        // 404 and 410: the browser unsubscribed or the subscription expired (RFC 8030).
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
        return 'failed';
      }
    },
  };
}
