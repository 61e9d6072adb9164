import type { ZoneImportFormat } from '@argus/contracts/zones';

/** What the first bytes say a file is: a zip (KMZ or shapefile, told apart by its entries), or XML or JSON text. */
export type SniffedKind =
  { kind: 'zip' } | { kind: 'text'; format: Extract<ZoneImportFormat, 'geojson' | 'kml' | 'gpx'> } | { kind: 'unknown'; reason: string };

const decoder = new TextDecoder('utf-8', { fatal: false });

/** Sniffs the format from the content, never the name: a .kml that is really a zip is a zip. */
export function sniff(bytes: Uint8Array): SniffedKind {
  if (bytes.length === 0) return { kind: 'unknown', reason: 'The file is empty.' };
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05) && (bytes[3] === 0x04 || bytes[3] === 0x06))
    return { kind: 'zip' };
  const head = decoder
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('{')) return { kind: 'text', format: 'geojson' };
  if (head.startsWith('<')) {
    // The root element is the first element that is not the XML declaration, a comment or a doctype.
    const body = head
      .replace(/<\?[\s\S]*?\?>/g, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<!DOCTYPE[^>]*>/gi, '')
      .trimStart();
    const root = /^<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(body)?.[2]?.toLowerCase();
    if (root === 'kml') return { kind: 'text', format: 'kml' };
    if (root === 'gpx') return { kind: 'text', format: 'gpx' };
    return {
      kind: 'unknown',
      reason: root
        ? `The file is XML with a <${root.slice(0, 40)}> root, neither KML nor GPX.`
        : 'The file starts like XML but has no root element.',
    };
  }
  return { kind: 'unknown', reason: 'The file is not GeoJSON, KML, KMZ, GPX or a zipped shapefile.' };
}
