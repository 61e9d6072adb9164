import type { RtpPacket } from 'werift';

/** Counts bytes and frames over a sliding second for the health figures. */
export class Meter {
  private bytes = 0;
  private frames = 0;
  private packets = 0;
  private lost = 0;
  private lastSeq: number | null = null;
  private windowStart = Date.now();
  figures = { kbps: 0, fps: 0, loss: 0 };

  packet(rtp: RtpPacket): void {
    this.bytes += rtp.payload.length + 12;
    this.packets += 1;
    if (rtp.header.marker) this.frames += 1;
    if (this.lastSeq !== null) {
      const gap = (rtp.header.sequenceNumber - this.lastSeq + 65536) % 65536;
      if (gap > 1 && gap < 1000) this.lost += gap - 1;
    }
    this.lastSeq = rtp.header.sequenceNumber;
    this.roll();
  }

  bytesOut(count: number): void {
    this.bytes += count;
    this.roll();
  }

  roll(): void {
    const now = Date.now();
    const elapsed = now - this.windowStart;
    if (elapsed < 1000) return;
    this.figures = {
      kbps: (this.bytes * 8) / elapsed,
      fps: (this.frames * 1000) / elapsed,
      loss: this.packets + this.lost > 0 ? this.lost / (this.packets + this.lost) : 0,
    };
    this.bytes = this.frames = this.packets = this.lost = 0;
    this.windowStart = now;
  }
}
