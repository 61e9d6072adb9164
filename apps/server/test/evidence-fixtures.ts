import { randomBytes } from 'node:crypto';

/** A real 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A PNG followed by random bytes: sniffed as PNG, different every time, any size. */
export function pngOfSize(size: number): Buffer {
  return Buffer.concat([PNG, randomBytes(Math.max(0, size - PNG.length))]);
}

/**
 * A JPEG whose EXIF carries a GPS position, built by hand: SOI, an APP1 "Exif" segment with a
 * little-endian TIFF holding IFD0 → GPS IFD (latitude and longitude as degree/minute/second
 * rationals), a comment, and a scan.
 */
export function jpegWithGps(lat: number, lon: number): Buffer {
  const tiff = Buffer.alloc(128);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  // IFD0: one entry pointing at the GPS IFD.
  tiff.writeUInt16LE(1, 8);
  entry(tiff, 10, 0x8825, 4, 1, 26);
  tiff.writeUInt32LE(0, 22);
  // GPS IFD at 26: four entries, rationals at 80 and 104.
  tiff.writeUInt16LE(4, 26);
  entry(tiff, 28, 1, 2, 2, 0);
  tiff.write(lat >= 0 ? 'N' : 'S', 36, 'latin1');
  entry(tiff, 40, 2, 5, 3, 80);
  entry(tiff, 52, 3, 2, 2, 0);
  tiff.write(lon >= 0 ? 'E' : 'W', 60, 'latin1');
  entry(tiff, 64, 4, 5, 3, 104);
  tiff.writeUInt32LE(0, 76);
  dms(tiff, 80, Math.abs(lat));
  dms(tiff, 104, Math.abs(lon));
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), u16(exif.length + 2), exif]);
  const comment = Buffer.from('Argus test photo', 'latin1');
  const com = Buffer.concat([Buffer.from([0xff, 0xfe]), u16(comment.length + 2), comment]);
  const scan = Buffer.concat([Buffer.from([0xff, 0xda, 0x00, 0x02]), randomBytes(64).map((b) => (b === 0xff ? 0 : b)), Buffer.from([0xff, 0xd9])]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, com, scan]);
}

function entry(buffer: Buffer, at: number, tag: number, type: number, count: number, value: number) {
  buffer.writeUInt16LE(tag, at);
  buffer.writeUInt16LE(type, at + 2);
  buffer.writeUInt32LE(count, at + 4);
  buffer.writeUInt32LE(value, at + 8);
}

function dms(buffer: Buffer, at: number, degrees: number) {
  const d = Math.floor(degrees);
  const m = Math.floor((degrees - d) * 60);
  const s = Math.round(((degrees - d) * 60 - m) * 60 * 1000);
  [d, 1, m, 1, s, 1000].forEach((value, index) => buffer.writeUInt32LE(value, at + index * 4));
}

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(value);
  return buffer;
}
