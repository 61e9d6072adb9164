import { useEffect, useState } from 'react';
import type { RoomConnectionState } from '../../lib/webrtc/room-connection';

export type RoomViewerState = { phase: 'off' } | { phase: RoomConnectionState; detail: string | null; stream: MediaStream | null };

/**
 * Watches a camera's stream room through the SFU while `room` is set. The WebRTC client loads
 * only when a room is first watched.
 */
export function useRoomViewer(room: string | null): RoomViewerState {
  const [state, setState] = useState<RoomViewerState>({ phase: 'off' });

  useEffect(() => {
    if (!room) {
      setState({ phase: 'off' });
      return undefined;
    }
    let stream: MediaStream | null = null;
    let connection: { stop(): void } | null = null;
    let cancelled = false;
    setState({ phase: 'joining', detail: null, stream: null });
    void import('../../lib/webrtc/room-connection').then(({ RoomConnection }) => {
      if (cancelled) return;
      const viewer = new RoomConnection({
        room,
        role: 'view',
        onStream: (next) => {
          stream = next;
          setState((current) => ({ phase: current.phase === 'off' ? 'connecting' : current.phase, detail: null, stream: next }));
        },
        onState: (phase, detail) => setState({ phase, detail, stream }),
      });
      connection = viewer;
      viewer.start();
    });
    return () => {
      cancelled = true;
      connection?.stop();
    };
  }, [room]);

  return state;
}
