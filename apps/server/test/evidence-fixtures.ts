import { randomBytes } from 'node:crypto';

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG followed by random bytes: sniffed as PNG, different every time, any size. */
export function pngOfSize(size: number): Buffer {
  return Buffer.concat([PNG, randomBytes(Math.max(0, size - PNG.length))]);
}

/** A JPEG whose EXIF carries a GPS position, built by hand: SOI, an APP1 "Exif" segment, a comment, and a scan. */
export function jpegWithGps(lat: number, lon: number): Buffer {
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), gpsTiff(lat, lon)]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), u16(exif.length + 2), exif]);
  const comment = Buffer.from('Argus test photo', 'latin1');
  const com = Buffer.concat([Buffer.from([0xff, 0xfe]), u16(comment.length + 2), comment]);
  const scan = Buffer.concat([
    Buffer.from([0xff, 0xda, 0x00, 0x02]),
    randomBytes(64).map((b) => (b === 0xff ? 0 : b)),
    Buffer.from([0xff, 0xd9]),
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, com, scan]);
}

/** The 1×1 PNG with an eXIf chunk (GPS) and a tEXt chunk after its header. */
export function pngWithGps(lat: number, lon: number): Buffer {
  const header = PNG.subarray(0, 8 + 25);
  return Buffer.concat([
    header,
    pngChunk('eXIf', gpsTiff(lat, lon)),
    pngChunk('tEXt', Buffer.from('Comment\0taken at the depot', 'latin1')),
    PNG.subarray(8 + 25),
  ]);
}

/** A WebP container announcing EXIF in its extended header, with an image chunk and an EXIF chunk (odd-sized, so padded). */
export function webpWithGps(lat: number, lon: number): { bytes: Buffer; image: Buffer } {
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x08 | 0x10;
  const image = riffChunk('VP8L', Buffer.from([0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]));
  const exif = riffChunk('EXIF', Buffer.concat([gpsTiff(lat, lon), Buffer.from([1])]));
  const body = Buffer.concat([riffChunk('VP8X', vp8x), image, exif]);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return { bytes: Buffer.concat([header, body]), image };
}

function riffChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A little-endian TIFF whose IFD0 points at a GPS IFD holding latitude and longitude as degree/minute/second rationals. */
function gpsTiff(lat: number, lon: number): Buffer {
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
  return tiff;
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
