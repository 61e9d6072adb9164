// Renders the Argus app icons (a gold shield with an open eye on dark grey) as real PNG files.
// Run once with `node apps/web/scripts/generate-icons.mjs`; the PNGs are committed, so neither
// the build nor CI needs an image library. Pure Node: zlib deflates the pixels and checksums chunks.
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BACKGROUND = [0x1a, 0x1b, 0x1e];
const GOLD = [0xd4, 0xa7, 0x2c];
const SAMPLES = 4; // per axis, so edges are anti-aliased from 16 samples per pixel

/** The shield in unit coordinates: flat shoulders, straight sides, curving to a point. */
function inShield(x, y) {
  const top = 0.12 + 0.05 * ((x - 0.5) / 0.33) ** 2;
  if (y < top || y > 0.92) return false;
  const half = y <= 0.52 ? 0.33 : 0.33 * (1 - ((y - 0.52) / 0.4) ** 1.5);
  return Math.abs(x - 0.5) <= half;
}

/** The eye: an almond made by intersecting two circles, with a round pupil. */
function eyePart(x, y) {
  const cx = 0.5;
  const cy = 0.46;
  const radius = 0.25;
  const offset = 0.15;
  const inUpper = (x - cx) ** 2 + (y - (cy + offset)) ** 2 <= radius ** 2;
  const inLower = (x - cx) ** 2 + (y - (cy - offset)) ** 2 <= radius ** 2;
  if (!(inUpper && inLower)) return null;
  const pupil = Math.hypot(x - cx, y - cy);
  if (pupil <= 0.028) return 'iris-core';
  if (pupil <= 0.07) return 'iris';
  return 'white';
}

/** Colour of one sample; `scale` shrinks the glyph toward the centre (maskable safe zone). */
function sample(x, y, scale, transparentOutside) {
  const gx = 0.5 + (x - 0.5) / scale;
  const gy = 0.5 + (y - 0.5) / scale;
  if (inShield(gx, gy)) {
    const part = eyePart(gx, gy);
    if (part === 'white' || part === 'iris-core') return [...BACKGROUND, 255];
    return [...GOLD, 255];
  }
  if (transparentOutside && !inRoundedSquare(x, y)) return [0, 0, 0, 0];
  return [...BACKGROUND, 255];
}

function inRoundedSquare(x, y) {
  const r = 0.18;
  const dx = Math.max(r - x, 0, x - (1 - r));
  const dy = Math.max(r - y, 0, y - (1 - r));
  return dx * dx + dy * dy <= r * r;
}

function render(size, { scale, transparentOutside }) {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py++) {
    const rowStart = py * (size * 4 + 1);
    rows[rowStart] = 0; // PNG filter type "none"
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = sample((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size, scale, transparentOutside);
          // Premultiply so transparent samples do not darken the edge colour.
          sum[0] += colour[0] * colour[3];
          sum[1] += colour[1] * colour[3];
          sum[2] += colour[2] * colour[3];
          sum[3] += colour[3];
        }
      }
      const offset = rowStart + 1 + px * 4;
      const alpha = sum[3] / (SAMPLES * SAMPLES);
      for (let c = 0; c < 3; c++) rows[offset + c] = sum[3] === 0 ? 0 : Math.round(sum[c] / sum[3]);
      rows[offset + 3] = Math.round(alpha);
    }
  }
  return encodePng(size, size, rows);
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

function encodePng(width, height, rows) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ICONS = [
  { file: 'icon-192.png', size: 192, scale: 0.9, transparentOutside: true },
  { file: 'icon-512.png', size: 512, scale: 0.9, transparentOutside: true },
  // Maskable icons are cropped to a circle of 80% diameter, so the glyph stays well inside it.
  { file: 'icon-maskable-512.png', size: 512, scale: 0.62, transparentOutside: false },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.8, transparentOutside: false },
];

mkdirSync(OUT, { recursive: true });
for (const icon of ICONS) {
  writeFileSync(join(OUT, icon.file), render(icon.size, icon));
  console.log(`wrote ${icon.file}`);
}
