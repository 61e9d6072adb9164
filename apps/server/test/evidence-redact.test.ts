import exifr from 'exifr';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { stripPhotoMetadata } from '../src/features/evidence/redact';
import { PNG, jpegWithGps, pngWithGps, webpWithGps } from './evidence-fixtures';

/** The public copy of a photo carries no location, and its image data is the original's. */
describe('stripping location metadata from photos', () => {
  it('removes the EXIF segment of a JPEG and keeps the scan byte for byte', async () => {
    const photo = jpegWithGps(48.85, 2.35);
    expect(await exifr.gps(photo)).toMatchObject({ latitude: expect.closeTo(48.85, 4) });
    const stripped = stripPhotoMetadata(photo)!;
    expect(await exifr.gps(stripped)).toBeUndefined();
    expect(stripped.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(stripped.subarray(stripped.indexOf(Buffer.from([0xff, 0xda])))).toEqual(
      photo.subarray(photo.indexOf(Buffer.from([0xff, 0xda]))),
    );
    expect((await fileTypeFromBuffer(stripped))?.mime).toBe('image/jpeg');
  });

  it('removes eXIf and text chunks of a PNG and keeps the rest, CRCs and all', async () => {
    const photo = pngWithGps(-33.86, 151.21);
    expect(await exifr.gps(photo)).toMatchObject({ latitude: expect.closeTo(-33.86, 4) });
    const stripped = stripPhotoMetadata(photo)!;
    expect(stripped).toEqual(PNG);
    expect(await exifr.gps(stripped)).toBeUndefined();
  });

  it('removes the EXIF chunk of a WebP, clears the header flag and fixes the RIFF size', async () => {
    const { bytes, image } = webpWithGps(51.5, -0.12);
    const stripped = stripPhotoMetadata(bytes)!;
    expect(stripped.includes(Buffer.from('EXIF', 'latin1'))).toBe(false);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    expect(stripped[20]! & 0x08).toBe(0);
    expect(stripped.includes(image)).toBe(true);
    expect((await fileTypeFromBuffer(stripped))?.mime).toBe('image/webp');
  });

  it('answers null for what it cannot read, so nothing half-stripped is shown', () => {
    expect(stripPhotoMetadata(Buffer.from('%PDF-1.4'))).toBeNull();
    expect(stripPhotoMetadata(jpegWithGps(1, 1).subarray(0, 40))).toBeNull();
    expect(stripPhotoMetadata(PNG.subarray(0, 30))).toBeNull();
  });
});
