import type { RtpPacket } from 'werift';
import { isKeyframePayload } from './keyframes';

/**
 * More than this and the group of pictures is not worth replaying (about 2 s at 1.5 Mbit/s); a
 * new viewer then waits for the keyframe it asks for, and the cache starts again at that keyframe.
 */
const MAX_PACKETS = 400;
/** Nor is a keyframe older than this: the replay would show the viewer old pictures for too long. */
const MAX_AGE_MS = 2_000;

/**
 * The publisher's video packets since its last keyframe. A viewer that connects is sent these
 * first, so it decodes at once instead of waiting a round trip for the encoder's next keyframe
 * (Chromium also ignores keyframe requests less than 300 ms after its last keyframe). Each
 * viewer's sender offsets sequence numbers and timestamps, so the replay and the live packets
 * that follow form one continuous stream for that viewer.
 */
export class GopCache {
  private packets: RtpPacket[] = [];
  private keyTimestamp: number | null = null;
  private keyAt = 0;
  /** The packets of the frame now arriving: H264 sends its parameter sets ahead of the IDR slice. */
  private frame: RtpPacket[] = [];
  private frameTimestamp: number | null = null;

  push(rtp: RtpPacket, mime: string | null): void {
    const timestamp = rtp.header.timestamp;
    if (timestamp !== this.frameTimestamp) {
      this.frame = [];
      this.frameTimestamp = timestamp;
    }
    // werift's senders clone what they send, so the cache can hold the packet itself.
    this.frame.push(rtp);
    if (timestamp !== this.keyTimestamp && isKeyframePayload(mime, rtp.payload)) {
      this.packets = [...this.frame];
      this.keyTimestamp = timestamp;
      this.keyAt = Date.now();
      return;
    }
    if (this.keyTimestamp === null) return;
    this.packets.push(rtp);
    if (this.packets.length > MAX_PACKETS) this.clear();
  }

  /** The packets from the last keyframe on; none if there is no recent keyframe. */
  replay(): RtpPacket[] {
    if (this.keyTimestamp === null || Date.now() - this.keyAt > MAX_AGE_MS) return [];
    return this.packets;
  }

  clear(): void {
    this.packets = [];
    this.keyTimestamp = null;
  }
}
