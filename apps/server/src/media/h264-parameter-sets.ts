const SPS = 7;
const PPS = 8;
const STAP_A = 24;

/** An H264 stream's sequence and picture parameter sets (the NAL units, without start codes). */
export interface H264ParameterSets {
  sps: Buffer;
  pps: Buffer;
}

/**
 * The latest SPS and PPS seen in an H264 RTP stream (RFC 6184): sent alone (single NAL unit
 * packets) or aggregated in a STAP-A, as encoders send them ahead of each keyframe. They are a
 * few dozen bytes, never fragmented, so FU-A packets are not read.
 */
export class H264ParameterSetReader {
  private sps: Buffer | null = null;
  private pps: Buffer | null = null;

  /** Reads one RTP payload; true once both parameter sets are known. */
  push(payload: Buffer): boolean {
    if (payload.length < 1) return this.known() !== null;
    const type = payload[0]! & 0x1f;
    if (type === STAP_A) {
      for (let offset = 1; offset + 2 < payload.length;) {
        const size = payload.readUInt16BE(offset);
        const unit = payload.subarray(offset + 2, offset + 2 + size);
        if (unit.length === size) this.take(unit);
        offset += 2 + size;
      }
    } else this.take(payload);
    return this.known() !== null;
  }

  /** Both parameter sets, or null until both were seen. */
  known(): H264ParameterSets | null {
    return this.sps && this.pps ? { sps: this.sps, pps: this.pps } : null;
  }

  private take(unit: Buffer): void {
    const type = (unit[0] ?? 0) & 0x1f;
    // Copied: the payload's buffer belongs to the packet, which is forwarded and may be reused.
    if (type === SPS && unit.length >= 4) this.sps = Buffer.from(unit);
    else if (type === PPS && unit.length >= 2) this.pps = Buffer.from(unit);
  }
}
