import { PushKeyResponse, PushSubscriptionRequest } from '@argus/contracts/http/push';
import { api } from '../../lib/api';
import { isAttentionOn } from './attention-preferences';

/**
 * This browser's Web Push subscription (docs/decisions/0043-the-field-phone-offline-and-attention.md):
 * made once notifications are allowed and switched on, and only when the server has VAPID keys;
 * dropped on sign-out, so the next person on the phone is never shown the last one's news.
 */

/** What the phone can get while Argus is closed. */
export type PushState = 'subscribed' | 'not-configured' | 'unsupported' | 'not-allowed';

function isSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined';
}

/** Subscribes this browser for the signed-in crew member when everything allows it; says what stands in the way otherwise. */
export async function subscribeThisBrowser(): Promise<PushState> {
  if (!isSupported()) return 'unsupported';
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || !isAttentionOn('notify')) return 'not-allowed';
  const { publicKey } = await api.get('/push/key', PushKeyResponse);
  if (!publicKey) return 'not-configured';
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  const request = PushSubscriptionRequest.safeParse(subscription.toJSON());
  if (!request.success) return 'unsupported';
  await api.post('/push/subscriptions', request.data);
  return 'subscribed';
}

/** Ends this browser's subscription at the push service, so nothing more reaches it (the server forgets it on its next push). */
export async function unsubscribeThisBrowser(): Promise<void> {
  if (!isSupported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  } catch {
    // Nothing subscribed, or the push service out of reach: the server drops it when a push bounces.
  }
}
