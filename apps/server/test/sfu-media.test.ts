import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RtpHeader, RtpPacket } from 'werift';
import { WeriftSfu } from '../src/media/werift-sfu';
import { GopCache } from '../src/media/gop-cache';
import { isKeyframePayload } from '../src/media/keyframes';
import { createPublisher, createViewer, type TestPublisher, type TestViewer } from '../src/media/werift-client';

const VP8_KEYFRAME_START = Buffer.from([0x10, 0x00]); // S=1, partition 0; VP8 header P=0
const VP8_DELTA_START = Buffer.from([0x10, 0x01]); // P=1: an interframe
const VP8_CONTINUATION = Buffer.from([0x00]);
const packet = (seq: number, timestamp: number, head: Buffer, marker: boolean) =>
  new RtpPacket(
    new RtpHeader({ payloadType: 96, sequenceNumber: seq, timestamp, marker, ssrc: 4321 }),
    Buffer.concat([head, Buffer.alloc(300, 7)]),
  );

describe('the GOP cache', () => {
  it('holds the packets from the last keyframe on and starts again at each keyframe', () => {
    const gop = new GopCache();
    gop.push(packet(1, 100, VP8_DELTA_START, true), 'VP8');
    expect(gop.replay()).toHaveLength(0);
    gop.push(packet(2, 200, VP8_KEYFRAME_START, false), 'VP8');
    gop.push(packet(3, 200, VP8_CONTINUATION, true), 'VP8');
    gop.push(packet(4, 300, VP8_DELTA_START, true), 'VP8');
    expect(gop.replay().map((rtp) => rtp.header.sequenceNumber)).toEqual([2, 3, 4]);
    gop.push(packet(5, 400, VP8_KEYFRAME_START, true), 'VP8');
    expect(gop.replay().map((rtp) => rtp.header.sequenceNumber)).toEqual([5]);
  });

  it('starts an H264 keyframe at its parameter sets, which come ahead of the IDR slice', () => {
    const gop = new GopCache();
    const sps = Buffer.from([0x67, 0x42, 0xe0, 0x1f]);
    const pps = Buffer.from([0x68, 0xce, 0x3c, 0x80]);
    const stap = Buffer.concat([Buffer.from([0x18, 0x00, sps.length]), sps, Buffer.from([0x00, pps.length]), pps]);
    const fuStartIdr = Buffer.from([0x7c, 0x85, 0xb8]); // FU-A, start bit, NAL type 5
    const fuEndIdr = Buffer.from([0x7c, 0x45, 0x11]);
    const slice = Buffer.from([0x41, 0x9a]); // a non-IDR slice
    gop.push(packet(10, 900, slice, true), 'H264');
    gop.push(packet(11, 1000, stap, false), 'H264');
    expect(isKeyframePayload('H264', stap)).toBe(false);
    gop.push(packet(12, 1000, fuStartIdr, false), 'H264');
    gop.push(packet(13, 1000, fuEndIdr, true), 'H264');
    gop.push(packet(14, 1100, slice, true), 'H264');
    expect(gop.replay().map((rtp) => rtp.header.sequenceNumber)).toEqual([11, 12, 13, 14]);
  });

  it('gives up a group of pictures too long to replay', () => {
    const gop = new GopCache();
    gop.push(packet(0, 0, VP8_KEYFRAME_START, true), 'VP8');
    for (let i = 1; i <= 400; i += 1) gop.push(packet(i, i * 3000, VP8_DELTA_START, true), 'VP8');
    expect(gop.replay()).toHaveLength(0);
  });
});

describe('the werift SFU with werift clients', () => {
  let sfu: WeriftSfu;
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(() => {
    sfu = new WeriftSfu({ iceServers: [], portRange: null, additionalHostAddresses: [], targetBitrateKbps: 1500 }, () => undefined);
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await sfu.closeAll();
  });

  async function publish(roomId: string): Promise<TestPublisher> {
    const publisher = createPublisher('VP8');
    closers.push(() => publisher.close());
    await publisher.accept(await sfu.publish(roomId, `${roomId}-publisher`, await publisher.offer()));
    await publisher.connected();
    return publisher;
  }

  async function view(roomId: string, name: string, onPacket?: (rtp: RtpPacket) => void): Promise<TestViewer> {
    const viewer = createViewer(['VP8']);
    closers.push(() => viewer.close());
    if (onPacket) viewer.pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(onPacket));
    await viewer.accept(await sfu.view(roomId, `${roomId}-${name}`, await viewer.offer()));
    await viewer.connected();
    return viewer;
  }

  it('sends a late viewer the last keyframe first, then the live packets in one continuous sequence', async () => {
    const publisher = await publish('gop-room');
    let seq = 500;
    let timestamp = 90_000;
    const frame = (head: Buffer, packets = 1) => {
      timestamp += 3000;
      for (let i = 0; i < packets; i += 1)
        publisher.track.writeRtp(packet(seq++, timestamp, i === 0 ? head : VP8_CONTINUATION, i === packets - 1));
    };
    // This publisher never answers a keyframe request: only the SFU's cache can give the viewer one.
    frame(VP8_KEYFRAME_START, 3);
    for (let i = 0; i < 5; i += 1) frame(VP8_DELTA_START);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const received: RtpPacket[] = [];
    await view('gop-room', 'late', (rtp) => received.push(rtp));
    await expect.poll(() => received.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(8);
    frame(VP8_DELTA_START);
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(9);

    expect(isKeyframePayload('VP8', received[0]!.payload)).toBe(true);
    expect(publisher.plis).toBeGreaterThan(0);
    const seqs = received.map((rtp) => rtp.header.sequenceNumber);
    expect(seqs.slice(1).map((value, i) => (value - seqs[i]! + 65536) % 65536)).toEqual(Array(8).fill(1));
    const stamps = [...new Set(received.map((rtp) => rtp.header.timestamp))];
    expect(stamps.slice(1).map((value, i) => (value - stamps[i]! + 2 ** 32) % 2 ** 32)).toEqual(Array(6).fill(3000));
  });

  it('reports round-trip times: to viewers from their RTCP receiver reports, to the publisher from ICE', async () => {
    const publisher = await publish('rtt-room');
    publisher.startSending();
    await view('rtt-room', 'viewer');
    const room = async () => (await Promise.resolve(sfu.stats())).find((entry) => entry.roomId === 'rtt-room');
    // Sender reports go every 0.5–1.5 s; the first receiver report answering one gives the RTT.
    await expect.poll(async () => (await room())?.viewerRttMs ?? null, { timeout: 8_000, interval: 250 }).toBeGreaterThan(0);
    const stats = await room();
    expect(stats!.viewerRttMs!).toBeLessThan(1_000);
    expect(stats!.publisher!.rttMs).toBeGreaterThan(0);
    expect(stats!.publisher!.rttMs!).toBeLessThan(1_000);
  });
});
