import CoT from '@tak-ps/node-cot';
import { ARGUS_UID_PREFIX, attribute, eventAttributes, point } from './cot-writing';

/**
 * A live Argus video room as the CoT video feed ATAK lists (`b-i-v`): a `__video` with its URL and
 * the `ConnectionEntry` ATAK's video player reads (protocol, address, port, path, alias), in the
 * shape public TAK projects describe (docs/decisions/0073-tak-video-out-and-read-receipts.md). Not
 * placed on the map (0,0, as ATAK's own video aliases are): a room is a feed, not a place. It is
 * taken off with the delete task of cot-picture-writing.ts when the room stops being live.
 */

/** As long as the link in it plays (tak-playback-links.ts): a feed left by a server that went away fades with its link. */
const VIDEO_STALE_MS = 12 * 60 * 60_000;
/** ATAK's own default: how long the player waits for the feed, in ms. */
const NETWORK_TIMEOUT_MS = 12_000;

const DEFAULT_PORTS: Record<string, string> = { https: '443', http: '80', rtsp: '554' };

export const roomVideoUid = (roomId: string) => `${ARGUS_UID_PREFIX}video-${roomId}`;

export function roomVideo(room: { id: string; name: string }, link: URL, now: number): string {
  const uid = roomVideoUid(room.id);
  // RTSP when that output is on (docs/decisions/0077-tak-rtsp-output.md): ATAK plays it, over TCP as rtspReliable asks.
  const protocol = link.protocol.replace(':', '');
  const port = link.port || DEFAULT_PORTS[protocol] || '80';
  return new CoT({
    event: {
      _attributes: eventAttributes(uid, 'b-i-v', now, VIDEO_STALE_MS, 'm-g'),
      point: point(0, 0),
      detail: {
        contact: { _attributes: { callsign: attribute(room.name) } },
        __video: {
          _attributes: { uid: attribute(uid), url: attribute(link.href) },
          ConnectionEntry: {
            _attributes: {
              uid: attribute(uid),
              alias: attribute(room.name),
              protocol,
              address: attribute(link.hostname),
              port,
              path: attribute(link.pathname),
              networkTimeout: String(NETWORK_TIMEOUT_MS),
              bufferTime: '-1',
              roverPort: '-1',
              rtspReliable: protocol === 'rtsp' ? '1' : '0',
              ignoreEmbeddedKLV: 'false',
            },
          },
        },
        remarks: { _text: protocol === 'rtsp' ? 'Argus live video (RTSP)' : 'Argus live video (WHEP)' },
      },
    },
  }).to_xml();
}
