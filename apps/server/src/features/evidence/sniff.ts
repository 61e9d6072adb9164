import { fileTypeFromBuffer } from 'file-type';
import exifr from 'exifr';
import { evidenceKindOf, type EvidenceKind } from '@argus/contracts/evidence';

/** The type an evidence file really is, read from its first bytes; null when it is not accepted. */
export async function sniffEvidenceType(head: Buffer): Promise<{ mime: string; kind: EvidenceKind } | null> {
  const sniffed = await fileTypeFromBuffer(head);
  const mime = sniffed?.mime ?? (looksLikeText(head) ? 'text/plain' : null);
  if (!mime) return null;
  const kind = evidenceKindOf(mime);
  return kind ? { mime, kind } : null;
}

/** Plain text: no NUL bytes and valid UTF-8 (a character cut at the end of the sample is allowed). */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  const sample = head.length > 8 ? head.subarray(0, head.length - 3) : head;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample);
    return true;
  } catch {
    return false;
  }
}

/** When and where a photo says it was taken, from its EXIF, when it carries any. */
export async function photoMetadata(head: Buffer): Promise<{ at: number | null; lat: number | null; lon: number | null }> {
  try {
    const data = (await exifr.parse(head, {
      gps: true,
      exif: true,
      tiff: true,
      pick: ['DateTimeOriginal', 'GPSLatitude', 'GPSLongitude', 'GPSLatitudeRef', 'GPSLongitudeRef'],
    })) as { DateTimeOriginal?: Date; latitude?: number; longitude?: number } | undefined;
    const at =
      data?.DateTimeOriginal instanceof Date && !Number.isNaN(data.DateTimeOriginal.getTime()) ? data.DateTimeOriginal.getTime() : null;
    const lat = typeof data?.latitude === 'number' && Number.isFinite(data.latitude) ? data.latitude : null;
    const lon = typeof data?.longitude === 'number' && Number.isFinite(data.longitude) ? data.longitude : null;
    return { at, lat: lat !== null && lon !== null ? lat : null, lon: lat !== null && lon !== null ? lon : null };
  } catch {
    return { at: null, lat: null, lon: null };
  }
}
