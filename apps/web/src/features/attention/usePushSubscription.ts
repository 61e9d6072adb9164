import { useEffect } from 'react';
import { subscribeThisBrowser } from './push-subscription';

/** On the field page: keeps this browser subscribed to Web Push whenever the phone allows it (push-subscription.ts). */
export function usePushSubscription(): void {
  useEffect(() => {
    // Offline, unconfigured or refused: the page still rings while it is open.
    subscribeThisBrowser().catch(() => undefined);
  }, []);
}
