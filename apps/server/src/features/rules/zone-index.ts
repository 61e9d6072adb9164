import Flatbush from 'flatbush';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { MultiPolygon, Polygon } from 'geojson';
import { riskRank, type RiskLevel, type ZoneKind } from '@argus/contracts/zones';

/** What the engine knows of a zone: enough to filter and to test a point. */
export interface IndexedZone {
  id: string;
  name: string;
  kind: ZoneKind;
  riskLevel: RiskLevel;
  active: boolean;
  geometry: Polygon | MultiPolygon;
  bbox: [minLon: number, minLat: number, maxLon: number, maxLat: number];
}

/**
 * Active zones behind a Flatbush R-tree over their bounding boxes: a point is first matched
 * against the boxes (a few comparisons down the tree), then tested exactly against the few
 * polygons whose box holds it. Rebuilt whole when zones change: building 10,000 boxes takes a
 * few milliseconds, far less than keeping a mutable tree balanced.
 */
export class ZoneIndex {
  private zones: IndexedZone[] = [];
  private byId = new Map<string, IndexedZone>();
  private tree: Flatbush | null = null;

  constructor(zones: Iterable<IndexedZone> = []) {
    this.rebuild(zones);
  }

  get size(): number {
    return this.zones.length;
  }

  get(id: string): IndexedZone | undefined {
    return this.byId.get(id);
  }

  rebuild(zones: Iterable<IndexedZone>): void {
    this.zones = [...zones].filter((zone) => zone.active);
    this.byId = new Map(this.zones.map((zone) => [zone.id, zone]));
    if (this.zones.length === 0) {
      this.tree = null;
      return;
    }
    const tree = new Flatbush(this.zones.length);
    for (const zone of this.zones) tree.add(zone.bbox[0], zone.bbox[1], zone.bbox[2], zone.bbox[3]);
    tree.finish();
    this.tree = tree;
  }

  /** Every active zone of these kinds. */
  ofKinds(kinds: readonly ZoneKind[]): IndexedZone[] {
    return this.zones.filter((zone) => kinds.includes(zone.kind));
  }

  /** Active zones containing the point whose risk is at or above `minRisk`, optionally of some kinds only. */
  containing(lon: number, lat: number, minRisk: RiskLevel, kinds?: readonly ZoneKind[]): IndexedZone[] {
    if (!this.tree) return [];
    const floor = riskRank(minRisk);
    const hits: IndexedZone[] = [];
    for (const index of this.tree.search(lon, lat, lon, lat)) {
      const zone = this.zones[index]!;
      if (riskRank(zone.riskLevel) < floor || (kinds && !kinds.includes(zone.kind))) continue;
      if (booleanPointInPolygon([lon, lat], zone.geometry)) hits.push(zone);
    }
    return hits;
  }
}

/** The bounding box of a polygon or multipolygon, for zones read without one. */
export function boundsOf(geometry: Polygon | MultiPolygon): IndexedZone['bbox'] {
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const polygon of polygons) {
    for (const [lon, lat] of polygon[0] ?? []) {
      if (lon! < minLon) minLon = lon!;
      if (lon! > maxLon) maxLon = lon!;
      if (lat! < minLat) minLat = lat!;
      if (lat! > maxLat) maxLat = lat!;
    }
  }
  return [minLon, minLat, maxLon, maxLat];
}
