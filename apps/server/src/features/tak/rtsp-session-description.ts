import { randomInt } from 'node:crypto';
import type { H264ParameterSets } from '../../media/h264-parameter-sets';
import { RTSP_TRACK } from './rtsp-link';
import { RTSP_PAYLOAD_TYPE, type RtspCodec } from './rtsp-viewer-peer';

/** Said when the stream's parameter sets did not come in time: Constrained Baseline 3.1, what browsers send first. */
const DEFAULT_PROFILE_LEVEL_ID = '42e01f';

/**
 * DESCRIBE's answer (RFC 4566): one video section in the publisher's codec, payload type 96,
 * controlled as `track0`. For H264 it carries the stream's parameter sets (RFC 6184
 * sprop-parameter-sets) and the profile and level of its SPS: players that set their decoder up
 * from the SDP (Android's MediaCodec, and so likely ATAK) refuse H264 without them. Without them
 * (none came in time) the player must take them from the stream, where they precede each keyframe.
 */
export function rtspSessionDescription(codec: RtspCodec, parameterSets: H264ParameterSets | null): string {
  const h264 = parameterSets
    ? `profile-level-id=${parameterSets.sps.subarray(1, 4).toString('hex')};sprop-parameter-sets=${parameterSets.sps.toString('base64')},${parameterSets.pps.toString('base64')}`
    : `profile-level-id=${DEFAULT_PROFILE_LEVEL_ID}`;
  const format =
    codec === 'H264'
      ? [`a=rtpmap:${RTSP_PAYLOAD_TYPE} H264/90000`, `a=fmtp:${RTSP_PAYLOAD_TYPE} packetization-mode=1;${h264}`]
      : [`a=rtpmap:${RTSP_PAYLOAD_TYPE} VP8/90000`];
  return [
    'v=0',
    // RFC 4566: the session id is numeric.
    `o=- ${randomInt(1, 2 ** 47)} 1 IN IP4 0.0.0.0`,
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
