import { RTSP_TRACK } from './rtsp-link';
import { RTSP_PAYLOAD_TYPE, type RtspCodec } from './rtsp-viewer-peer';

/**
 * DESCRIBE's answer (RFC 4566): one video section in the publisher's codec, payload type 96,
 * controlled as `track0`. No sprop-parameter-sets: the H264 parameter sets come in the stream
 * before every keyframe (browsers and the test pattern send them so), and the player starts at one.
 */
export function rtspSessionDescription(codec: RtspCodec, sessionId: string): string {
  const format =
    codec === 'H264'
      ? [`a=rtpmap:${RTSP_PAYLOAD_TYPE} H264/90000`, `a=fmtp:${RTSP_PAYLOAD_TYPE} packetization-mode=1;profile-level-id=42e01f`]
      : [`a=rtpmap:${RTSP_PAYLOAD_TYPE} VP8/90000`];
  return [
    'v=0',
    `o=- ${sessionId} 1 IN IP4 0.0.0.0`,
    's=Argus live video',
    'c=IN IP4 0.0.0.0',
    't=0 0',
    'a=control:*',
    'a=range:npt=0-',
    `m=video 0 RTP/AVP ${RTSP_PAYLOAD_TYPE}`,
    ...format,
    `a=control:${RTSP_TRACK}`,
    '',
  ].join('\r\n');
}
