/**
 * Public renditions of photos: a JPEG's APP1 segments (EXIF, with its GPS block, and XMP) are
 * removed, the image data is left byte for byte. Other types are answered unchanged (null), since
 * only JPEG is redacted here.
 */
export function stripJpegMetadata(bytes: Buffer): Buffer | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Start of scan: the compressed image follows to the end; nothing after it is metadata we strip.
    if (marker === 0xda) {
      kept.push(bytes.subarray(offset));
      return Buffer.concat(kept);
    }
    const length = bytes.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (end > bytes.length) return null;
    if (marker !== 0xe1) kept.push(bytes.subarray(offset, end));
    offset = end;
  }
  return null;
}
