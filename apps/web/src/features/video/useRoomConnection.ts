import { useEffect, useRef, useState } from 'react';
import type { StreamDefaults } from '@argus/contracts/http/stream-settings';
import type { RoomStats, TelemetryMessage } from '@argus/contracts/realtime/signaling';
import { RoomConnection, type RoomConnectionState } from '../../lib/webrtc/room-connection';

export interface RoomConnectionView {
  state: RoomConnectionState;
  detail: string | null;
  /** Viewers: what to show. */
  stream: MediaStream | null;
  pc: RTCPeerConnection | null;
  telemetry: TelemetryMessage | null;
  roomStats: RoomStats | null;
  connection: RoomConnection | null;
}

export interface UseRoomConnectionOptions {
  room: string | null;
  role: 'publish' | 'view';
  /** Publishers: nothing connects until there is a stream. */
  stream?: MediaStream | null;
  encoding?: Pick<StreamDefaults, 'codec' | 'bitrateKbps' | 'frameRate'>;
}

const IDLE: RoomConnectionView = {
  state: 'closed',
  detail: null,
  stream: null,
  pc: null,
  telemetry: null,
  roomStats: null,
  connection: null,
};

/**
 * Keeps a RoomConnection for as long as the component shows the room; leaving the page or
 * choosing another room ends it. A new publisher stream is swapped in without reconnecting.
 */
export function useRoomConnection({ room, role, stream = null, encoding }: UseRoomConnectionOptions): RoomConnectionView {
  const [view, setView] = useState<RoomConnectionView>(IDLE);
  const connectionRef = useRef<RoomConnection | null>(null);
  const encodingRef = useRef(encoding);
  encodingRef.current = encoding;
  const hasStream = stream !== null;
  const streamRef = useRef(stream);
  streamRef.current = stream;

  useEffect(() => {
    if (!room || (role === 'publish' && !hasStream)) {
      setView(IDLE);
      return undefined;
    }
    const update = (patch: Partial<RoomConnectionView>) => setView((current) => ({ ...current, ...patch }));
    const connection = new RoomConnection({
      room,
      role,
      ...(streamRef.current ? { stream: streamRef.current } : {}),
      ...(encodingRef.current ? { encoding: encodingRef.current } : {}),
      onState: (state, detail) => update({ state, detail }),
      onStream: (next) => update({ stream: next }),
      onPeerConnection: (pc) => update({ pc }),
      onTelemetry: (telemetry) => update({ telemetry }),
      onRoomStats: (roomStats) => update({ roomStats }),
    });
    connectionRef.current = connection;
    setView({ ...IDLE, state: 'joining', connection });
    connection.start();
    return () => {
      connection.stop();
      connectionRef.current = null;
    };
  }, [room, role, hasStream]);

  useEffect(() => {
    if (stream && role === 'publish') void connectionRef.current?.replaceStream(stream);
  }, [stream, role]);

  return view;
}

export const CONNECTION_LABELS: Record<RoomConnectionState, string> = {
  joining: 'Joining',
  connecting: 'Connecting',
  live: 'Live',
  'publisher-away': 'Waiting for the publisher',
  reconnecting: 'Reconnecting',
  closed: 'Closed',
  failed: 'Refused',
};
