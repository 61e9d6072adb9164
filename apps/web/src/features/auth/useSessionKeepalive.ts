import { useEffect, useEffectEvent, useRef } from 'react';
import { SESSION } from '@argus/contracts/constants';
import type { Session } from '@argus/contracts/http/auth';
import { isApiError } from '../../lib/api-error';
import { authApi } from './auth.api';
import { isSessionExpired } from './auth-state';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'click'] as const;
/** At most one keepalive per interval, however busy the user is. */
const KEEPALIVE_MIN_GAP_MS = SESSION.expiryCheckIntervalMs;

export interface KeepaliveHandlers {
  onRefreshed: (session: Session) => void;
  onExpired: () => void;
}

/**
 * docs/decisions/0003-sessions-on-the-server.md: the server slides the 15-minute limit only on keepalive, so the browser
 * watches for activity and sends one when the user has done something since the last. Every
 * minute it also checks the expiry the server last reported.
 */
export function useSessionKeepalive(session: Session | null, handlers: KeepaliveHandlers): void {
  const lastActivityAt = useRef(0);
  const lastKeepaliveAt = useRef(0);
  const inFlight = useRef(false);
  const active = session !== null;

  const onRefreshed = useEffectEvent(handlers.onRefreshed);
  const onExpired = useEffectEvent(handlers.onExpired);
  const readSession = useEffectEvent(() => session);

  const sendKeepalive = useEffectEvent(async () => {
    if (inFlight.current || !navigator.onLine) return;
    inFlight.current = true;
    lastKeepaliveAt.current = Date.now();
    try {
      const { session: refreshed } = await authApi.keepalive();
      onRefreshed(refreshed);
    } catch (error) {
      // Only the server saying the session is gone ends it. A dropped request on a weak
      // signal must not sign a responder out: the next activity after the gap tries again,
      // and the expiry check still ends the session if the server never hears from us.
      if (isApiError(error) && error.status === 401) onExpired();
      else console.warn('Session keepalive failed; will retry', error);
    } finally {
      inFlight.current = false;
    }
  });

  useEffect(() => {
    if (!active) return;
    const handleActivity = () => {
      const now = Date.now();
      lastActivityAt.current = now;
      if (now - lastKeepaliveAt.current >= KEEPALIVE_MIN_GAP_MS) void sendKeepalive();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, handleActivity, { passive: true, capture: true });

    const timer = setInterval(() => {
      const current = readSession();
      const now = Date.now();
      if (current && isSessionExpired(current, now)) {
        onExpired();
        return;
      }
      const hadActivity = lastActivityAt.current > lastKeepaliveAt.current;
      if (hadActivity && now - lastKeepaliveAt.current >= KEEPALIVE_MIN_GAP_MS) void sendKeepalive();
    }, SESSION.expiryCheckIntervalMs);

    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, handleActivity, { capture: true });
      clearInterval(timer);
    };
  }, [active]);
}
