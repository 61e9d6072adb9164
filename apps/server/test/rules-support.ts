import { randomUUID } from 'node:crypto';
import type { Zone } from '@argus/contracts/http/zones';
import type { RiskLevel, ZoneKind } from '@argus/contracts/zones';
import type { Services } from '../src/services';

/** A square polygon from (lon, lat), `size` degrees a side, closed as GeoJSON requires. */
export function squarePolygon(lon: number, lat: number, size = 1) {
  return {
    type: 'Polygon' as const,
    coordinates: [
      [
        [lon, lat],
        [lon + size, lat],
        [lon + size, lat + size],
        [lon, lat + size],
        [lon, lat],
      ],
    ],
  };
}

/** A square zone written straight to the zones table, as the zones feature stores it, and announced like it. */
export async function insertZone(
  services: Services,
  createdBy: string,
  options: { lon: number; lat: number; size: number; riskLevel?: RiskLevel; kind?: ZoneKind; name?: string },
): Promise<Zone> {
  const { lon, lat, size } = options;
  const geometry = squarePolygon(lon, lat, size);
  const now = services.clock.now();
  const zone: Zone = {
    id: randomUUID(),
    name: options.name ?? 'Test zone',
    kind: options.kind ?? 'ungoverned',
    riskLevel: options.riskLevel ?? 'high',
    geometry,
    bbox: [lon, lat, lon + size, lat + size],
    notes: '',
    active: true,
    importId: null,
    createdBy,
    createdAt: now,
    updatedAt: now,
  };
  await services.db.kysely
    .insertInto('zones')
    .values({
      id: zone.id,
      name: zone.name,
      kind: zone.kind,
      risk_level: zone.riskLevel,
      geometry: JSON.stringify(geometry),
      min_lon: lon,
      min_lat: lat,
      max_lon: lon + size,
      max_lat: lat + size,
      notes: '',
      active: 1,
      import_id: null,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    })
    .execute();
  services.events.publish({ type: 'zone.created', channels: ['zones'], data: zone });
  return zone;
}
