import CoT from '@tak-ps/node-cot';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Zone } from '@argus/contracts/http/zones';
import type { IncidentSeverity } from '@argus/contracts/incidents';
import type { RiskLevel } from '@argus/contracts/zones';
import { attribute, eventAttributes, point } from './cot-writing';

/**
 * Argus's incidents and zones as CoT for TAK devices (docs/decisions/0061-tak-cot-endpoint-first-slice.md,
 * "Incidents and zones out"). An incident is a spot-map marker coloured by severity; a zone is a
 * closed drawing (`u-d-f`, its first vertex repeated last, as ATAK writes a closed shape) per outer
 * ring, coloured by risk. Both carry uids of Argus's own, so they never collide with a device's.
 * Removal is TAK's delete task (`t-x-d-d` with `__forcedelete`), which ATAK honours by taking the
 * item off the map rather than only greying it.
 */

/** Incidents and zones live until Argus says otherwise; a day covers a server that went away meanwhile. */
const PICTURE_STALE_MS = 24 * 60 * 60_000;
const DELETE_STALE_MS = 20_000;

export const incidentCotUid = (incidentId: string) => `argus-incident-${incidentId}`;
/** A zone's outer rings, one drawing each: a MultiPolygon is several. */
export const zoneCotUids = (zone: Pick<Zone, 'id' | 'geometry'>) =>
  (zone.geometry.type === 'Polygon' ? [zone.geometry.coordinates] : zone.geometry.coordinates).map(
    (_polygon, index) => `argus-zone-${zone.id}-${index}`,
  );

/** ATAK's colours: a signed 32-bit ARGB integer. */
const argb = (alpha: number, rgb: number) => String((alpha << 24) | rgb | 0);

const SEVERITY_RGB: Record<IncidentSeverity, number> = { low: 0x2e7d32, medium: 0xf9a825, high: 0xef6c00, critical: 0xc62828 };
const RISK_RGB: Record<RiskLevel, number> = { low: 0x2e7d32, elevated: 0xf9a825, high: 0xef6c00, critical: 0xc62828 };

const words = (value: string) => value.replaceAll('_', ' ');

/** An open incident as a marker: callsign its reference and title, remarks its type, severity and status. */
export function incidentMarker(incident: Incident, now: number): string {
  const colour = argb(0xff, SEVERITY_RGB[incident.severity]);
  return new CoT({
    event: {
      _attributes: eventAttributes(incidentCotUid(incident.id), 'b-m-p-s-m', now, PICTURE_STALE_MS, 'h-g-i-g-o'),
      point: point(incident.location.lat, incident.location.lon),
      detail: {
        contact: { _attributes: { callsign: attribute(`${incident.reference} ${incident.title}`) } },
        color: { _attributes: { argb: colour } },
        usericon: { _attributes: { iconsetpath: `COT_MAPPING_SPOTMAP/b-m-p-s-m/${colour}` } },
        remarks: {
          _text: `Argus incident: ${incident.category}, ${incident.severity} severity, ${words(incident.status)}`,
        },
      },
    },
  }).to_xml();
}

/** An active zone as closed drawings, one per outer ring, stroke and fill by risk. */
export function zoneDrawings(zone: Zone, now: number): string[] {
  const polygons = zone.geometry.type === 'Polygon' ? [zone.geometry.coordinates] : zone.geometry.coordinates;
  const uids = zoneCotUids(zone);
  const rgb = RISK_RGB[zone.riskLevel];
  return polygons.flatMap((rings, index) => {
    const outer = rings[0];
    if (!outer || outer.length < 4) return [];
    // GeoJSON rings are closed already (first position repeated last), as ATAK's closed shapes are.
    const vertices = outer.map(([lon, lat]) => ({ _attributes: { point: `${lat},${lon}` } }));
    const lats = outer.map((position) => position[1]!);
    const lons = outer.map((position) => position[0]!);
    const centre = point((Math.min(...lats) + Math.max(...lats)) / 2, (Math.min(...lons) + Math.max(...lons)) / 2);
    return [
      new CoT({
        event: {
          _attributes: eventAttributes(uids[index]!, 'u-d-f', now, PICTURE_STALE_MS, 'h-e'),
          point: centre,
          detail: {
            contact: { _attributes: { callsign: attribute(polygons.length > 1 ? `${zone.name} (${index + 1})` : zone.name) } },
            strokeColor: { _attributes: { value: argb(0xff, rgb) } },
            strokeWeight: { _attributes: { value: '3' } },
            fillColor: { _attributes: { value: argb(0x40, rgb) } },
            labels_on: { _attributes: { value: 'true' } },
            remarks: { _text: `Argus ${words(zone.kind)} zone, ${zone.riskLevel} risk` },
            link: vertices,
          },
        },
      }).to_xml(),
    ];
  });
}

/** Takes an item Argus sent off the devices' maps. */
export function removal(uid: string, now: number): string {
  return new CoT({
    event: {
      _attributes: eventAttributes(`${uid}-delete`, 't-x-d-d', now, DELETE_STALE_MS, 'h-g-i-g-o'),
      point: point(0, 0),
      detail: {
        link: { _attributes: { uid: attribute(uid), type: 'none', relation: 'none' } },
        __forcedelete: {},
      },
    },
  }).to_xml();
}
