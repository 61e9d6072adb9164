/**
 * Public renditions of photos: the metadata that can carry a location (EXIF with its GPS block,
 * XMP, text chunks) is removed and the image data is kept byte for byte. Answers null when the
 * bytes are not a photo type handled here or not well formed, so the caller can decide.
 */
export function stripPhotoMetadata(bytes: Buffer): Buffer | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return stripJpeg(bytes);
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return stripPng(bytes);
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return stripWebp(bytes);
  return null;
}

/** JPEG: every APP1 segment (EXIF and XMP) goes; the scan and everything after it is kept. */
function stripJpeg(bytes: Buffer): Buffer | null {
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xda) {
      kept.push(bytes.subarray(offset));
      return Buffer.concat(kept);
    }
    const end = offset + 2 + bytes.readUInt16BE(offset + 2);
    if (end > bytes.length) return null;
    if (marker !== 0xe1) kept.push(bytes.subarray(offset, end));
    offset = end;
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG chunks that hold metadata rather than the image: EXIF and the three kinds of text (XMP lives in iTXt). */
const PNG_METADATA = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt']);

/** PNG: metadata chunks go; every other chunk keeps its own CRC, so nothing is recomputed. */
function stripPng(bytes: Buffer): Buffer | null {
  const kept: Buffer[] = [PNG_SIGNATURE];
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const end = offset + 12 + bytes.readUInt32BE(offset);
    if (end > bytes.length) return null;
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!PNG_METADATA.has(type)) kept.push(bytes.subarray(offset, end));
    offset = end;
    if (type === 'IEND') return Buffer.concat(kept);
  }
  return null;
}

/** WebP: the EXIF and XMP chunks go, the extended header stops announcing them, and the RIFF size shrinks to match. */
function stripWebp(bytes: Buffer): Buffer | null {
  const kept: Buffer[] = [];
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(offset + 4);
    const end = offset + 8 + size + (size % 2);
    if (end > bytes.length) return null;
    const type = bytes.toString('latin1', offset, offset + 4);
    if (type === 'VP8X') {
      const chunk = Buffer.from(bytes.subarray(offset, end));
      chunk[8] = chunk[8]! & ~0x0c;
      kept.push(chunk);
    } else if (type !== 'EXIF' && type !== 'XMP ') {
      kept.push(bytes.subarray(offset, end));
    }
    offset = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
