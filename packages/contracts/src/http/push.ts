import { z } from 'zod';

/**
 * Web Push (docs/decisions/0043-the-field-phone-offline-and-attention.md): the server's public
 * VAPID key, when it has one, and a browser's subscription as PushSubscription.toJSON() gives it.
 */
export const PushKeyResponse = z.object({
  /** The application server key browsers subscribe with; null when this deployment sends no push. */
  publicKey: z.string().nullable(),
});
export type PushKeyResponse = z.infer<typeof PushKeyResponse>;

const Endpoint = z.url({ protocol: /^https$/, error: 'endpoint must be the push service’s https:// address.' }).max(2000);
const Base64Url = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url.');

export const PushSubscriptionRequest = z.object({
  endpoint: Endpoint,
  keys: z.object({ p256dh: Base64Url, auth: Base64Url }),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequest>;

export const PushUnsubscribeRequest = z.object({ endpoint: Endpoint });
export type PushUnsubscribeRequest = z.infer<typeof PushUnsubscribeRequest>;

/** What a push carries to the service worker (public/attention-sw.js): the notification itself. */
export const PushMessage = z.object({
  title: z.string(),
  body: z.string(),
  tag: z.string(),
  url: z.string(),
});
export type PushMessage = z.infer<typeof PushMessage>;
