import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import { RtpPacket } from 'werift';

/**
 * A moving test pattern encoded by ffmpeg and sent as RTP to a local UDP port, handed packet by
 * packet to `onPacket`: real VP8 or H264 for a non-browser publisher (WHIP tests, the benchmark).
 * Keyframes every second, since ffmpeg does not answer keyframe requests. `noise` makes the
 * picture hard to compress, so the stream really uses its bitrate (the plain pattern needs far less).
 */
export interface TestPattern {
  stop(): void;
}

export async function startTestPattern(
  codec: 'VP8' | 'H264',
  onPacket: (packet: RtpPacket) => void,
  options: { width?: number; height?: number; fps?: number; bitrateKbps?: number; noise?: boolean } = {},
): Promise<TestPattern> {
  const { width = 640, height = 360, fps = 30, bitrateKbps = 700, noise = false } = options;
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;
  socket.on('message', (message) => {
    try {
      onPacket(RtpPacket.deSerialize(message));
    } catch {
      // Not RTP (ffmpeg sends only RTP here); skip it.
    }
  });
  const encoder =
    codec === 'VP8'
      ? [
          '-c:v',
          'libvpx',
          '-deadline',
          'realtime',
          '-cpu-used',
          '8',
          '-b:v',
          `${bitrateKbps}k`,
          '-g',
          String(fps),
          '-keyint_min',
          String(fps),
        ]
      : [
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-tune',
          'zerolatency',
          '-profile:v',
          'baseline',
          '-pix_fmt',
          'yuv420p',
          '-b:v',
          `${bitrateKbps}k`,
          '-g',
          String(fps),
          '-bsf:v',
          'h264_mp4toannexb',
        ];
  const ffmpeg: ChildProcess = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${width}x${height}:rate=${fps}`,
      ...(noise ? ['-vf', 'noise=alls=30:allf=t'] : []),
      ...encoder,
      '-an',
      '-f',
      'rtp',
      '-payload_type',
      '96',
      '-pkt_size',
      '1200',
      `rtp://127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return {
    stop() {
      ffmpeg.kill('SIGKILL');
      socket.close();
    },
  };
}
