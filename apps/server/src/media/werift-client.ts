import {
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RtpHeader,
  RtpPacket,
  useNACK,
  usePLI,
  type RTCDataChannel,
} from 'werift';
import { TELEMETRY_CHANNEL_LABEL } from '@argus/contracts/realtime/signaling';

/**
 * werift peers that publish or watch like a browser does (the client offers, or answers Janus), for tests,
 * the benchmark and WHIP/WHEP smoke checks. They never use a public STUN server.
 */
export type ClientCodec = 'VP8' | 'H264';

const codec = (name: ClientCodec) =>
  name === 'H264'
    ? new RTCRtpCodecParameters({
        mimeType: 'video/H264',
        clockRate: 90000,
        rtcpFeedback: [useNACK(), usePLI()],
        parameters: 'profile-level-id=42e01f;packetization-mode=1;level-asymmetry-allowed=1',
      })
    : new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: [useNACK(), usePLI()] });

function peer(codecs: ClientCodec[]): RTCPeerConnection {
  return new RTCPeerConnection({
    iceServers: [],
    iceUseIpv6: false,
    codecs: { video: codecs.map(codec), audio: [] },
    headerExtensions: { video: [], audio: [] },
    bundlePolicy: 'max-bundle',
  });
}

export async function completeOffer(pc: RTCPeerConnection): Promise<string> {
  await pc.setLocalDescription(await pc.createOffer());
  return gathered(pc);
}

/** The answer to a server's offer (Janus offers to its viewers), with every candidate in it. */
async function completeAnswer(pc: RTCPeerConnection, offerSdp: string, opensChannel = false): Promise<string> {
  await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
  if (opensChannel) pc.createDataChannel(TELEMETRY_CHANNEL_LABEL);
  await pc.setLocalDescription(await pc.createAnswer());
  return gathered(pc);
}

async function gathered(pc: RTCPeerConnection): Promise<string> {
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5_000);
      pc.iceGatheringStateChange.subscribe((state) => {
        if (state === 'complete') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }
  return pc.localDescription!.sdp;
}

export interface TestPublisher {
  pc: RTCPeerConnection;
  track: MediaStreamTrack;
  telemetry: RTCDataChannel;
  /** Keyframe requests (PLI) the publisher received. */
  plis: number;
  offer(): Promise<string>;
  accept(answerSdp: string): Promise<void>;
  connected(timeoutMs?: number): Promise<void>;
  /** Sends a synthetic frame every interval (marker bit set), until stopped. */
  startSending(intervalMs?: number): void;
  sendPacket(payload: Buffer, marker: boolean): void;
  close(): Promise<void>;
}

export function createPublisher(codecName: ClientCodec = 'VP8'): TestPublisher {
  const pc = peer([codecName]);
  const track = new MediaStreamTrack({ kind: 'video' });
  const transceiver = pc.addTransceiver(track, { direction: 'sendonly' });
  const telemetry = pc.createDataChannel(TELEMETRY_CHANNEL_LABEL);
  let seq = Math.floor(Math.random() * 30_000);
  let timestamp = Math.floor(Math.random() * 1e9);
  let timer: NodeJS.Timeout | undefined;
  const publisher: TestPublisher = {
    pc,
    track,
    telemetry,
    plis: 0,
    offer: () => completeOffer(pc),
    accept: (sdp) => pc.setRemoteDescription({ type: 'answer', sdp }),
    connected: (timeoutMs) => waitConnected(pc, timeoutMs),
    sendPacket(payload, marker) {
      seq = (seq + 1) % 65536;
      const header = new RtpHeader({ payloadType: 96, sequenceNumber: seq, timestamp, marker, ssrc: 1234 });
      track.writeRtp(new RtpPacket(header, payload));
    },
    startSending(intervalMs = 33) {
      timer = setInterval(() => {
        timestamp = (timestamp + Math.round((intervalMs * 90000) / 1000)) >>> 0;
        // A VP8 payload descriptor (S bit, partition 0) then filler: enough for forwarding checks.
        publisher.sendPacket(Buffer.concat([Buffer.from([0x10]), Buffer.alloc(800, seq & 0xff)]), false);
        publisher.sendPacket(Buffer.concat([Buffer.from([0x00]), Buffer.alloc(400, seq & 0xff)]), true);
      }, intervalMs);
    },
    async close() {
      clearInterval(timer);
      await pc.close();
    },
  };
  transceiver.sender.onPictureLossIndication.subscribe(() => {
    publisher.plis += 1;
  });
  return publisher;
}

export interface TestViewer {
  pc: RTCPeerConnection;
  packets: number;
  lastPacketAt: number;
  telemetry: string[];
  payloadTypes: Set<number>;
  offer(): Promise<string>;
  accept(answerSdp: string): Promise<void>;
  /** Answers the server's offer, for a viewer created with `serverOffers`. */
  answer(offerSdp: string): Promise<string>;
  connected(timeoutMs?: number): Promise<void>;
  /** Resolves once `count` more packets have arrived. */
  receive(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A viewer; with `serverOffers` it makes no offer and answers the server's instead, and takes
 * telemetry from the channels the server opens. With `opensChannel` too it opens one itself when
 * answering, as a viewer subscribed in Janus must before Janus sends it data.
 */
export function createViewer(codecs: ClientCodec[] = ['VP8', 'H264'], { serverOffers = false, opensChannel = false } = {}): TestViewer {
  const pc = peer(codecs);
  if (!serverOffers) pc.addTransceiver('video', { direction: 'recvonly' });
  const channel = serverOffers ? null : pc.createDataChannel(TELEMETRY_CHANNEL_LABEL);
  const waiters = new Set<() => void>();
  const viewer: TestViewer = {
    pc,
    packets: 0,
    lastPacketAt: 0,
    telemetry: [],
    payloadTypes: new Set(),
    offer: () => completeOffer(pc),
    accept: (sdp) => pc.setRemoteDescription({ type: 'answer', sdp }),
    answer: (sdp) => completeAnswer(pc, sdp, opensChannel),
    connected: (timeoutMs) => waitConnected(pc, timeoutMs),
    receive(count, timeoutMs = 5_000) {
      const target = viewer.packets + count;
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (viewer.packets >= target) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`received ${viewer.packets - target + count} of ${count} packets in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: () => pc.close(),
  };
  const listen = (telemetry: RTCDataChannel) =>
    telemetry.onMessage.subscribe((data) => viewer.telemetry.push(typeof data === 'string' ? data : data.toString('utf8')));
  if (channel) listen(channel);
  // The server offered: telemetry comes on the channel it opens (the SFU's is `telemetry`; Janus names its own after the publisher's feed).
  else pc.onDataChannel.subscribe(listen);
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((rtp) => {
      viewer.packets += 1;
      viewer.lastPacketAt = Date.now();
      viewer.payloadTypes.add(rtp.header.payloadType);
      for (const waiter of [...waiters]) waiter();
    });
  });
  return viewer;
}

export function waitConnected(pc: RTCPeerConnection, timeoutMs = 20_000): Promise<void> {
  if (pc.connectionState === 'connected') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not connected after ${timeoutMs} ms (${pc.connectionState})`)), timeoutMs);
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}
