import CoT from '@tak-ps/node-cot';
import { describe, expect, it } from 'vitest';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Zone } from '@argus/contracts/http/zones';
import { incidentCotUid, incidentMarker, removal, zoneDrawings } from './cot-picture-writing';

const AT = Date.UTC(2026, 0, 1, 12);
const incident = {
  id: 'inc-1',
  reference: 'INC-2026-0001',
  title: `Fire & <smoke> "north" 'gate'`,
  category: 'fire',
  severity: 'high',
  status: 'on_scene',
  location: { lat: 51.5, lon: -0.12 },
} as Incident;
const ring = [
  [-0.2, 51.4],
  [-0.1, 51.4],
  [-0.1, 51.6],
  [-0.2, 51.6],
  [-0.2, 51.4],
];
const zone = {
  id: 'zone-1',
  name: 'Docks & <yard>',
  kind: 'ungoverned',
  riskLevel: 'critical',
  geometry: { type: 'Polygon', coordinates: [ring] },
} as Zone;

describe('writing incidents and zones as CoT', () => {
  it('writes an incident as a marker whose text survives a strict parser, escaped', () => {
    const xml = incidentMarker(incident, AT);
    const event = new CoT(xml).raw.event;
    expect(event._attributes).toMatchObject({ uid: incidentCotUid('inc-1'), type: 'b-m-p-s-m' });
    const detail = event.detail as Record<string, { _attributes?: Record<string, string>; _text?: string }>;
    expect(detail.contact!._attributes!.callsign).toBe(`INC-2026-0001 Fire & <smoke> "north" 'gate'`);
    expect(detail.remarks!._text).toBe('Argus incident: fire, high severity, on scene');
    expect(xml).not.toMatch(/<smoke>/);
  });

  it('writes a zone as a closed drawing whose vertices round-trip, coloured by risk', () => {
    const [xml, ...more] = zoneDrawings(zone, AT);
    expect(more).toHaveLength(0);
    const feature = new CoT(xml!).to_geojson();
    expect(feature.geometry).toEqual({ type: 'Polygon', coordinates: [ring] });
    expect(String(feature.properties.stroke).toLowerCase()).toBe('#c62828');
    expect(new CoT(xml!).raw.event._attributes?.type).toBe('u-d-f');
  });

  it('writes each outer ring of a MultiPolygon as a drawing of its own', () => {
    const shifted = ring.map(([lon, lat]) => [lon! + 1, lat!]);
    const drawings = zoneDrawings({ ...zone, geometry: { type: 'MultiPolygon', coordinates: [[ring], [shifted]] } }, AT);
    expect(drawings.map((xml) => new CoT(xml).raw.event._attributes?.uid)).toEqual(['argus-zone-zone-1-0', 'argus-zone-zone-1-1']);
  });

  it('removes an item with TAK’s forced delete task', () => {
    const event = new CoT(removal(incidentCotUid('inc-1'), AT)).raw.event;
    expect(event._attributes?.type).toBe('t-x-d-d');
    expect(event.detail).toMatchObject({ link: { _attributes: { uid: 'argus-incident-inc-1' } }, __forcedelete: {} });
  });
});
