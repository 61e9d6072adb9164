import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zippedShapefile } from '../../../test/fixtures/zones/shapefile';
import { parseImportFile } from './parse-import';
import { sniff } from './sniff';

const text = (value: string) => new TextEncoder().encode(value);
const KML = fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/zones/checkpoints.kml'));
const square = (lon: number, lat: number): [number, number][] => [
  [lon, lat],
  [lon + 0.01, lat],
  [lon + 0.01, lat + 0.01],
  [lon, lat + 0.01],
  [lon, lat],
];
const failure = async (bytes: Uint8Array) => {
  try {
    await parseImportFile(bytes);
  } catch (error) {
    return { status: (error as { status?: number }).status, message: (error as Error).message };
  }
  throw new Error('expected the file to be refused');
};

describe('format sniffing', () => {
  it('reads the content, not the name', () => {
    expect(sniff(text('\uFEFF  {"type":"FeatureCollection"}'))).toEqual({ kind: 'text', format: 'geojson' });
    expect(sniff(text('<?xml version="1.0"?>\n<!-- made by hand --><kml xmlns="http://www.opengis.net/kml/2.2"/>'))).toEqual({
      kind: 'text',
      format: 'kml',
    });
    expect(sniff(text('<gpx version="1.1"></gpx>'))).toEqual({ kind: 'text', format: 'gpx' });
    expect(sniff(zipSync({ 'a.txt': text('x') }))).toEqual({ kind: 'zip' });
    expect(sniff(text('<html><body/></html>'))).toMatchObject({
      kind: 'unknown',
      reason: 'The file is XML with a <html> root, neither KML nor GPX.',
    });
    expect(sniff(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toMatchObject({ kind: 'unknown' });
    expect(sniff(new Uint8Array())).toEqual({ kind: 'unknown', reason: 'The file is empty.' });
  });
});

describe('parseImportFile', () => {
  it('reads a KML document with folders, extended data and a line', async () => {
    const parsed = await parseImportFile(KML);
    expect(parsed.format).toBe('kml');
    expect(parsed.features.map((feature) => [feature.properties.name, feature.geometry?.type])).toEqual([
      ['Île de la Cité', 'Polygon'],
      ['Champ de Mars', 'Polygon'],
      ['Supply route', 'LineString'],
      ['Bow tie', 'Polygon'],
    ]);
    expect(parsed.features[0]!.properties).toMatchObject({ threat: 'HIGH', source: 'Prefecture briefing' });
  });

  it('reads a KMZ (a zipped KML) the same way', async () => {
    const parsed = await parseImportFile(zipSync({ 'doc.kml': new Uint8Array(KML), 'files/icon.png': new Uint8Array(8) }));
    expect(parsed.format).toBe('kmz');
    expect(parsed.features).toHaveLength(4);
  });

  it('reads a zipped shapefile and reprojects it from the Web Mercator its .prj declares', async () => {
    const parsed = await parseImportFile(
      zippedShapefile('patrols', [{ ring: square(2.35, 48.85), attributes: { NAME: 'Sector 4', RISK: 'high' } }]),
    );
    expect(parsed.format).toBe('shapefile');
    expect(parsed.features[0]!.properties).toEqual({ NAME: 'Sector 4', RISK: 'high' });
    const ring = (parsed.features[0]!.geometry as { coordinates: number[][][] }).coordinates[0]!;
    expect(ring.map(([lon, lat]) => [Number(lon!.toFixed(6)), Number(lat!.toFixed(6))])).toContainEqual([2.35, 48.85]);
  });

  it('reads GPX tracks as lines', async () => {
    const gpx =
      '<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Patrol</name><trkseg><trkpt lat="48.85" lon="2.35"/><trkpt lat="48.86" lon="2.36"/></trkseg></trk></gpx>';
    const parsed = await parseImportFile(text(gpx));
    expect(parsed).toMatchObject({ format: 'gpx', features: [{ geometry: { type: 'LineString' }, properties: { name: 'Patrol' } }] });
  });

  it('reprojects GeoJSON that names a projected coordinate system, and refuses one it does not know', async () => {
    const feature = { type: 'Feature', properties: { name: 'x' }, geometry: { type: 'Point', coordinates: [261845.7, 6250566.7] } };
    const parsed = await parseImportFile(
      text(
        JSON.stringify({
          type: 'FeatureCollection',
          crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } },
          features: [feature],
        }),
      ),
    );
    expect((parsed.features[0]!.geometry as { coordinates: number[] }).coordinates[0]).toBeCloseTo(2.3522, 4);
    expect(
      await failure(
        text(JSON.stringify({ type: 'FeatureCollection', crs: { type: 'name', properties: { name: 'EPSG:2154' } }, features: [feature] })),
      ),
    ).toEqual({
      status: 400,
      message: 'The file is in the coordinate system EPSG:2154, which Argus does not know. Save it as WGS84 (EPSG:4326).',
    });
  });

  it('refuses a zip bomb before inflating it', async () => {
    const zeros = new Uint8Array(80 * 1024 * 1024);
    const bomb = zipSync({ 'bomb.shp': zeros, 'bomb.dbf': new Uint8Array(10) }, { level: 9 });
    expect(bomb.length).toBeLessThan(200_000);
    expect(await failure(bomb)).toEqual({ status: 413, message: 'The zip unpacks to more than 64 MB, more than a zone import may hold.' });
  });

  it('refuses a zip whose directory lies about a small size, instead of inflating past it', async () => {
    const zip = zippedShapefile('liar', [{ ring: square(2.35, 48.85), attributes: { NAME: 'x' } }]);
    // Shrink every declared uncompressed size to 1 byte: fflate inflates into exactly that.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let at = 0; at < zip.length - 4; at += 1) {
      if (view.getUint32(at, true) === 0x04034b50) view.setUint32(at + 22, 1, true);
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 1, true);
    }
    expect((await failure(zip)).status).toBe(400);
  });

  it('refuses a zip of too many files, a truncated zip and a zip of something else', async () => {
    const many = Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`f${index}.txt`, text('x')]));
    expect(await failure(zipSync(many))).toEqual({ status: 413, message: 'The zip holds more than 200 files.' });
    const whole = zippedShapefile('cut', [{ ring: square(2.35, 48.85), attributes: { NAME: 'x' } }]);
    expect(await failure(whole.subarray(0, Math.floor(whole.length / 2)))).toEqual({
      status: 400,
      message: 'The zip file is damaged or truncated and cannot be opened.',
    });
    expect((await failure(zipSync({ 'notes.txt': text('hello') }))).message).toMatch(/^The zip holds neither a shapefile/);
  });

  it('refuses what is not XML, JSON cut short, deep nesting and an empty collection, each with a message', async () => {
    expect(await failure(text('<kml><Document><Placemark></Document>'))).toEqual({
      status: 400,
      message: 'The file is not well-formed XML, so it cannot be read as KML.',
    });
    expect(await failure(text('{"type":"FeatureCollection","features":[{"type":'))).toEqual({
      status: 400,
      message: 'The file looks like GeoJSON but is not valid JSON (it may be cut short).',
    });
    const deep = `<kml><Document>${'<Folder>'.repeat(20_000)}${'</Folder>'.repeat(20_000)}</Document></kml>`;
    const nested = await failure(text(deep));
    expect(nested.status).toBe(400);
    expect(await failure(text('{"type":"FeatureCollection","features":[]}'))).toEqual({
      status: 400,
      message: 'The GeoJSON file holds no features.',
    });
    expect(await failure(text('just some words'))).toEqual({
      status: 415,
      message: 'The file is not GeoJSON, KML, KMZ, GPX or a zipped shapefile.',
    });
  });
});
