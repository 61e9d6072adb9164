import { RoomId } from '@argus/contracts/http/streams';

/** The media section's control name: SETUP names `<link>/track0`. */
export const RTSP_TRACK = 'track0';

/** Where devices reach the RTSP output: PUBLIC_URL's host name, or TAK_RTSP_HOST. */
export interface RtspAddress {
  host: string;
  port: number;
}

/** A playback link as RTSP: `rtsp://<host>:<port>/<room>/<token>` (docs/decisions/0077-tak-rtsp-output.md). */
export function rtspLink(address: RtspAddress, roomId: string, token: string): URL {
  const host = address.host.includes(':') && !address.host.startsWith('[') ? `[${address.host}]` : address.host;
  return new URL(`rtsp://${host}:${address.port}/${encodeURIComponent(roomId)}/${token}`);
}

/** The room and token a request's URL names, and whether it names the track; null if it names none. */
export function readRtspLink(url: string): { roomId: string; token: string; track: boolean } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'rtsp:') return null;
  const segments = parsed.pathname.split('/').filter(Boolean);
  const track = segments.length === 3 && segments[2] === RTSP_TRACK;
  if (segments.length !== 2 && !track) return null;
  let roomId: string;
  try {
    roomId = decodeURIComponent(segments[0]!);
  } catch {
    return null;
  }
  const room = RoomId.safeParse(roomId);
  if (!room.success || !/^[\w.-]{1,2048}$/.test(segments[1]!)) return null;
  return { roomId: room.data, token: segments[1]!, track };
}
