import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCot } from './cot-reading';

const fixture = (name: string) => fs.readFileSync(new URL(`../../../test/fixtures/cot/${name}`, import.meta.url), 'utf8');

describe('reading drawings and deletions', () => {
  it('reads the real 65-vertex polygon relayed by a TAK Server as a closed zone shape named by its label', () => {
    const drawing = readCot(fixture('drawing-polygon-u-d-f.xml'));
    expect(drawing).toMatchObject({ kind: 'drawing', type: 'u-d-f', name: '2759m - 10:00 on 2025-10-05', geofence: null, authorUid: null });
    if (drawing.kind !== 'drawing') throw new Error(drawing.kind);
    const ring = drawing.geometry!.coordinates[0] as number[][];
    expect(ring).toHaveLength(65);
    expect(ring[0]).toEqual([-111.398996, 33.974352]);
    expect(ring.at(-1)).toEqual(ring[0]);
  });

  it('reads ATAK’s rectangle flagged as a geofence: four corners closed, trigger entry, heights dropped', () => {
    const drawing = readCot(fixture('geofence-rectangle-u-d-r.xml'));
    expect(drawing).toMatchObject({ kind: 'drawing', type: 'u-d-r', name: 'Warning', geofence: 'entry' });
    if (drawing.kind !== 'drawing') throw new Error(drawing.kind);
    const ring = drawing.geometry!.coordinates[0] as number[][];
    expect(ring).toHaveLength(5);
    expect(ring.every((position) => position.length === 2)).toBe(true);
    expect(ring[0]).toEqual([-105.24931298523292, 39.93470375464395]);
    expect(ring.at(-1)).toEqual(ring[0]);
  });

  it('reads ATAK’s circle as a polygon around its centre, about its radius out', () => {
    const drawing = readCot(fixture('drawing-circle-u-d-c-c.xml'));
    expect(drawing).toMatchObject({ kind: 'drawing', type: 'u-d-c-c', name: 'Drawing Circle 1', problem: null });
    if (drawing.kind !== 'drawing') throw new Error(drawing.kind);
    const ring = drawing.geometry!.coordinates[0] as number[][];
    expect(ring.length).toBeGreaterThan(16);
    // 10.56 m of latitude is about 0.000095 degrees.
    const farthest = Math.max(...ring.map((position) => Math.abs(position[1]! - 39.52907656661326)));
    expect(farthest).toBeGreaterThan(0.00009);
    expect(farthest).toBeLessThan(0.0001);
  });

  it('names the device that drew a shape by <creator> or its p-p link, and the trigger by __geofence', () => {
    const polygon = fixture('drawing-polygon-u-d-f.xml').replace(
      '<remarks/>',
      '<remarks/><creator uid="ANDROID-maker" callsign="VIPER 1" time="2025-10-06T14:23:31Z" type="a-f-G-U-C"/><__geofence trigger="Exit" monitor="All" tracking="true"/>',
    );
    expect(readCot(polygon)).toMatchObject({ kind: 'drawing', authorUid: 'ANDROID-maker', geofence: 'exit' });
    const linked = fixture('drawing-polygon-u-d-f.xml').replace(
      '<remarks/>',
      '<link uid="ANDROID-linked" type="a-f-G-U-C" relation="p-p"/>',
    );
    expect(readCot(linked)).toMatchObject({ authorUid: 'ANDROID-linked' });
  });

  it('reads an open line and a circle without its size as drawings that are no zone, saying why', () => {
    const open = fixture('drawing-polygon-u-d-f.xml').replace(/<link point="33.974352,-111.398996"\/>\s*<\/detail>/, '</detail>');
    const line = readCot(open.replace('<link point="33.974352,-111.398996"/>\n<link point="33.974233', '<link point="33.974233'));
    expect(line).toMatchObject({ kind: 'drawing', geometry: null, problem: expect.stringMatching(/open u-d-f line/) });
    const circle = readCot(fixture('drawing-circle-u-d-c-c.xml').replace(/<ellipse[^>]*\/>/, ''));
    expect(circle).toMatchObject({ kind: 'drawing', geometry: null, problem: expect.stringMatching(/unreadable u-d-c-c/) });
  });

  it('reads TAK’s delete task naming the item it takes off', () => {
    const now = new Date().toISOString();
    const xml =
      `<event version="2.0" uid="del-1" type="t-x-d-d" time="${now}" start="${now}" stale="${now}" how="h-g-i-g-o">` +
      `<point lat="0" lon="0" hae="0" ce="9999999" le="9999999"/>` +
      `<detail><link uid="07965d48-0d4b-4575-9c5b-c56a4b66ce10" relation="none" type="none"/><__forcedelete/></detail></event>`;
    expect(readCot(xml)).toEqual({ kind: 'removal', uid: 'del-1', targetUid: '07965d48-0d4b-4575-9c5b-c56a4b66ce10', senderUid: null });
  });
});

describe('reading point markers', () => {
  const filled = (name: string) =>
    fixture(name)
      .replaceAll('STALE', '2026-11-28T02:00:00.000Z')
      .replaceAll('TIME', '2026-11-28T01:00:00.000Z')
      .replaceAll('CREATOR_UID', 'ANDROID-1');

  it('reads ATAK’s spot map with its label, remarks, signed ARGB colour, icon set path, placer and stale time', () => {
    expect(readCot(filled('marker-spot-map-b-m-p-s-m.xml'))).toMatchObject({
      kind: 'marker',
      type: 'b-m-p-s-m',
      callsign: 'R 1',
      remarks: 'Casualty collection point, north gate',
      location: { lat: 51.5072, lon: -0.1276 },
      colourArgb: -65536,
      iconsetPath: 'COT_MAPPING_SPOTMAP/b-m-p-s-m/-65536',
      staleAt: Date.parse('2026-11-28T02:00:00.000Z'),
      authorUid: 'ANDROID-1',
    });
    expect(readCot(filled('marker-waypoint-b-m-p-w-GOTO.xml'))).toMatchObject({ kind: 'marker', type: 'b-m-p-w-GOTO', colourArgb: -1 });
    expect(readCot(filled('marker-checkpoint-b-m-p-c.xml'))).toMatchObject({ kind: 'marker', iconsetPath: null });
  });

  it('takes an unsigned ARGB as the same colour, and no colour from text that is none', () => {
    const spot = filled('marker-spot-map-b-m-p-s-m.xml');
    expect(readCot(spot.replace("argb='-65536'", "argb='4294901760'"))).toMatchObject({ colourArgb: -65536 });
    expect(readCot(spot.replace("argb='-65536'", "argb='red'"))).toMatchObject({ colourArgb: null });
  });
});
