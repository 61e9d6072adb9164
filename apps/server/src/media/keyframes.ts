/**
 * Whether an RTP payload carries (the start of) a keyframe, for the codecs the SFU negotiates.
 * Bit arithmetic on the payload: this runs for every packet a publisher sends.
 */
export function isKeyframePayload(mime: string | null, payload: Buffer): boolean {
  if (mime === 'VP8') return isVp8Keyframe(payload);
  if (mime === 'H264') return isH264Keyframe(payload);
  return false;
}

/** RFC 7741: the first packet of a frame (S=1, partition 0) whose VP8 header has P=0. */
function isVp8Keyframe(payload: Buffer): boolean {
  if (payload.length < 1) return false;
  const first = payload[0]!;
  const start = (first & 0x10) !== 0 && (first & 0x07) === 0;
  if (!start) return false;
  let offset = 1;
  if (first & 0x80) {
    const extension = payload[offset];
    if (extension === undefined) return false;
    offset += 1;
    if (extension & 0x80) offset += (payload[offset] ?? 0) & 0x80 ? 2 : 1; // picture ID, 7 or 15 bits
    if (extension & 0x40) offset += 1; // TL0PICIDX
    if (extension & 0x30) offset += 1; // TID / KEYIDX
  }
  const header = payload[offset];
  return header !== undefined && (header & 0x01) === 0;
}

const IDR = 5;
const STAP_A = 24;
const FU_A = 28;

/** RFC 6184: an IDR slice, alone, aggregated (STAP-A) or as the first fragment of an FU-A. */
function isH264Keyframe(payload: Buffer): boolean {
  if (payload.length < 2) return false;
  const type = payload[0]! & 0x1f;
  if (type === IDR) return true;
  if (type === FU_A) return (payload[1]! & 0x80) !== 0 && (payload[1]! & 0x1f) === IDR;
  if (type === STAP_A) {
    for (let offset = 1; offset + 2 < payload.length;) {
      const size = payload.readUInt16BE(offset);
      if ((payload[offset + 2]! & 0x1f) === IDR) return true;
      offset += 2 + size;
    }
  }
  return false;
}
