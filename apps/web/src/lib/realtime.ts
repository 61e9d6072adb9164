import { useEffect, useRef, useSyncExternalStore } from 'react';
import { REALTIME_PATH, isChannel, type Channel, type LiveFrame } from '@argus/contracts/realtime/protocol';
import { RealtimeClient, type RealtimeStatus, type SocketLike } from './realtime-client';

export type { RealtimeStatus } from './realtime-client';

let shared: RealtimeClient | null = null;

/** A WebSocket to this site's /ws/realtime: same origin, so the session cookie goes with it. */
function openSocket(): SocketLike {
  const socket = new WebSocket(`${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}${REALTIME_PATH}`);
  const adapter: SocketLike = {
    send: (data) => socket.send(data),
    close: (code, reason) => socket.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  socket.onopen = (event) => adapter.onopen?.(event);
  socket.onmessage = (event) => adapter.onmessage?.(event);
  socket.onclose = (event) => adapter.onclose?.(event);
  socket.onerror = (event) => adapter.onerror?.(event);
  return adapter;
}

/** The tab's one realtime connection, made on first use. */
function sharedClient(): RealtimeClient {
  if (shared) return shared;
  const client = new RealtimeClient({
    connect: openSocket,
    now: () => Date.now(),
    random: () => Math.random(),
    setTimer: (callback, ms) => window.setTimeout(callback, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
  });
  // Back online or back in front: reconnect now rather than at the end of a long backoff.
  window.addEventListener('online', () => client.wake());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') client.wake();
  });
  shared = client;
  return client;
}

/**
 * Receives the event frames of `channels`, their data already checked against the event map
 * (switching on `frame.type` types `frame.data`), and a `realtime.reset` frame for a channel when the
 * server could not replay what was missed or when the channel's first subscription is confirmed
 * (either way: refetch it over HTTP), while the component is
 * mounted. The channels may be a new array on every render; only a change of their names
 * resubscribes. `onFrame` may change freely too: the newest one is called. An event published
 * on two of the channels (say "units" and "unit:…") is delivered once.
 */
export function useRealtime(channels: Channel[], onFrame: (frame: LiveFrame) => void): void {
  const handler = useRef(onFrame);
  useEffect(() => {
    handler.current = onFrame;
  });
  const key = [...new Set(channels)].sort().join(' ');
  useEffect(() => {
    const names = key.split(' ').filter(isChannel);
    if (names.length === 0) return undefined;
    return sharedClient().listen(names, (frame) => handler.current(frame));
  }, [key]);
}

/** Whether the tab's realtime connection is up: for a "live" / "reconnecting" indicator. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (onChange) => sharedClient().onStatus(onChange),
    () => sharedClient().status,
    () => 'closed',
  );
}
