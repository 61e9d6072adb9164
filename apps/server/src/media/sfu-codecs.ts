import { RTCRtpCodecParameters, useFIR, useNACK, usePLI, useREMB } from 'werift';

/**
 * H264 first: phones encode it in hardware. TWCC is deliberately NOT negotiated (docs/video.md):
 * with werift's TWCC feedback Chromium's send bitrate collapsed to 100–300 kbit/s on a lossless
 * link; instead the SFU sends REMB at the target bitrate and tells Chromium to start there.
 */
export function videoCodecs(targetKbps: number): RTCRtpCodecParameters[] {
  const feedback = () => [useNACK(), usePLI(), useFIR(), useREMB()];
  const start = googleBitrates(targetKbps);
  return [
    new RTCRtpCodecParameters({
      mimeType: 'video/H264',
      clockRate: 90000,
      payloadType: 102,
      rtcpFeedback: feedback(),
      parameters: `profile-level-id=42e01f;packetization-mode=1;level-asymmetry-allowed=1;${start}`,
    }),
    new RTCRtpCodecParameters({ mimeType: 'video/rtx', clockRate: 90000, payloadType: 103, parameters: 'apt=102' }),
    new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, payloadType: 96, rtcpFeedback: feedback(), parameters: start }),
    new RTCRtpCodecParameters({ mimeType: 'video/rtx', clockRate: 90000, payloadType: 97, parameters: 'apt=96' }),
  ];
}

export const audioCodecs = () => [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2, payloadType: 111 })];

/** Chromium's start, minimum (a quarter) and maximum bitrate, from the target. */
const googleBitrates = (targetKbps: number) =>
  `x-google-start-bitrate=${targetKbps};x-google-min-bitrate=${Math.round(targetKbps / 4)};x-google-max-bitrate=${targetKbps}`;

/**
 * werift answers with the publisher's own codec lines, so it would echo `transport-cc` and drop
 * the start bitrate. Publishers are told: no TWCC feedback to wait for, and start, stay between a
 * quarter of and the target bitrate (docs/video.md, the congestion-feedback decision).
 */
export function tuneForPublisher(sdp: string, targetKbps: number): string {
  const lines = sdp.split('\r\n');
  const videoTypes = new Set<string>();
  let inVideo = false;
  for (const line of lines) {
    if (line.startsWith('m=')) inVideo = line.startsWith('m=video');
    const rtpmap = line.match(/^a=rtpmap:(\d+) ([^/]+)\//);
    if (inVideo && rtpmap && !['rtx', 'red', 'ulpfec'].includes(rtpmap[2]!.toLowerCase())) videoTypes.add(rtpmap[1]!);
  }
  const google = googleBitrates(targetKbps);
  const withFmtp = new Set<string>();
  const out: string[] = [];
  for (const line of lines) {
    if (/^a=rtcp-fb:\d+ transport-cc/.test(line)) continue;
    const fmtp = line.match(/^a=fmtp:(\d+) (.*)$/);
    if (fmtp && videoTypes.has(fmtp[1]!)) {
      withFmtp.add(fmtp[1]!);
      out.push(fmtp[2]!.includes('x-google-start-bitrate') ? line : `${line};${google}`);
      continue;
    }
    out.push(line);
    const rtpmap = line.match(/^a=rtpmap:(\d+) /);
    if (rtpmap && videoTypes.has(rtpmap[1]!) && !lines.some((other) => other.startsWith(`a=fmtp:${rtpmap[1]} `)))
      out.push(`a=fmtp:${rtpmap[1]} ${google}`);
  }
  return out.join('\r\n');
}
