import kinks from '@turf/kinks';
import type { FeatureProblem, FeatureRepair, ZoneGeometry } from '@argus/contracts/http/zones';
import { ZONE_MAX_VERTICES } from '@argus/contracts/zones';

/**
 * Geometry checks and safe repairs for zones. Vocabulary: a ring is a closed list of positions
 * ([lon, lat]); a polygon is an exterior ring and its holes; a zone is a Polygon or MultiPolygon.
 * A repair is made only where the author's intent is beyond doubt (closing a ring, RFC 7946
 * winding, dropping a repeated point, gathering polygons, closing a closed track); everything
 * else is a problem the user must fix at the source.
 */
export interface GeometryVerdict {
  problems: FeatureProblem[];
  repairs: FeatureRepair[];
  /** The geometry to store (repaired where safe); null when a problem remains. */
  result: ZoneGeometry | null;
}

type Position = number[];
type Ring = Position[];
type PolygonCoordinates = Ring[];

const MAX_COLLECTION_DEPTH = 4;

class Findings {
  readonly problems: FeatureProblem[] = [];
  readonly repairs: FeatureRepair[] = [];
  problem(code: FeatureProblem['code'], message: string, at?: [number, number]) {
    if (!this.problems.some((known) => known.code === code)) this.problems.push(at ? { code, message, at } : { code, message });
  }
  repair(code: FeatureRepair['code'], message: string) {
    if (!this.repairs.some((known) => known.code === code)) this.repairs.push({ code, message });
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const samePosition = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/** Twice the signed area (shoelace); positive when the ring turns counter-clockwise. */
function signedArea(ring: Ring): number {
  let sum = 0;
  for (let index = 0; index < ring.length - 1; index += 1)
    sum += ring[index]![0]! * ring[index + 1]![1]! - ring[index + 1]![0]! * ring[index]![1]!;
  return sum;
}

/** Checks one ring's positions, closes it and drops repeats; null when it cannot be a ring. */
function checkRing(raw: unknown, where: string, findings: Findings): Ring | null {
  if (!Array.isArray(raw) || raw.length === 0) {
    findings.problem('empty', `${where} has no points.`);
    return null;
  }
  const ring: Ring = [];
  for (const position of raw) {
    if (
      !Array.isArray(position) ||
      position.length < 2 ||
      !position.slice(0, 2).every((value) => typeof value === 'number' && Number.isFinite(value))
    ) {
      findings.problem('out_of_range', `${where} has a point that is not a pair of numbers.`);
      return null;
    }
    const [lon, lat] = position as [number, number];
    if (lon < -180 || lon > 180 || lat < -90 || lat > 90) {
      findings.problem(
        'out_of_range',
        `${where} has a point at (${lon}, ${lat}), outside longitude -180…180 and latitude -90…90. Is the file in another coordinate system?`,
      );
      return null;
    }
    const previous = ring.at(-1);
    if (previous && samePosition(previous, position)) {
      findings.repair('dropped_duplicate_points', 'Dropped points repeated one after the other.');
      continue;
    }
    ring.push([lon, lat]);
  }
  if (ring.length > 1 && !samePosition(ring[0]!, ring.at(-1)!)) {
    findings.problem('unclosed_ring', `${where} does not end where it starts.`);
    findings.repair('closed_ring', 'Closed the ring by repeating its first point.');
    ring.push([...ring[0]!]);
  }
  if (ring.length < 4) {
    findings.problem('too_few_points', `${where} needs at least three distinct corners.`);
    return null;
  }
  return ring;
}

function checkPolygon(raw: unknown, where: string, findings: Findings): PolygonCoordinates | null {
  if (!Array.isArray(raw) || raw.length === 0) {
    findings.problem('empty', `${where} has no rings.`);
    return null;
  }
  const rings: PolygonCoordinates = [];
  for (const [index, candidate] of raw.entries()) {
    const ring = checkRing(candidate, index === 0 ? `${where}'s outer ring` : `${where}'s hole ${index}`, findings);
    if (!ring) return null;
    // RFC 7946: exterior rings counter-clockwise, holes clockwise.
    const wantCounterClockwise = index === 0;
    const area = signedArea(ring);
    if (area !== 0 && area > 0 !== wantCounterClockwise) {
      ring.reverse();
      findings.repair('fixed_winding', 'Reversed rings to the RFC 7946 winding (outer counter-clockwise, holes clockwise).');
    }
    rings.push(ring);
  }
  const crossing = kinks({ type: 'Polygon', coordinates: rings }).features[0];
  if (crossing) {
    const [lon, lat] = crossing.geometry.coordinates as [number, number];
    // The mark's place to a centimetre or so: the crossing is computed, and carries float noise.
    const at: [number, number] = [Number(lon.toFixed(7)), Number(lat.toFixed(7))];
    findings.problem('self_intersection', `${where} crosses itself near (${lon.toFixed(5)}, ${lat.toFixed(5)}).`, at);
    return null;
  }
  return rings;
}

function polygonsOf(raw: unknown, findings: Findings, depth: number): unknown[] | null {
  if (!isObject(raw)) {
    findings.problem('empty', 'The feature has no geometry.');
    return null;
  }
  switch (raw.type) {
    case 'Polygon':
      return [raw.coordinates];
    case 'MultiPolygon':
      if (!Array.isArray(raw.coordinates) || raw.coordinates.length === 0) {
        findings.problem('empty', 'The MultiPolygon has no polygons.');
        return null;
      }
      return raw.coordinates;
    case 'GeometryCollection': {
      const members = Array.isArray(raw.geometries) ? raw.geometries : [];
      if (members.length === 0) {
        findings.problem('empty', 'The geometry collection is empty.');
        return null;
      }
      if (depth >= MAX_COLLECTION_DEPTH) {
        findings.problem('not_polygon', 'The geometry collections are nested too deeply.');
        return null;
      }
      const gathered: unknown[] = [];
      for (const member of members) {
        const inner = polygonsOf(member, findings, depth + 1);
        if (!inner) return null;
        gathered.push(...inner);
      }
      findings.repair('collection_to_multipolygon', 'Gathered the collection’s polygons into one MultiPolygon.');
      return gathered;
    }
    case 'LineString': {
      const line = raw.coordinates;
      if (
        Array.isArray(line) &&
        line.length >= 4 &&
        Array.isArray(line[0]) &&
        Array.isArray(line.at(-1)) &&
        samePosition(line[0] as Position, line.at(-1) as Position)
      ) {
        findings.repair('closed_track_to_polygon', 'The line ends where it starts: offered as the polygon it encloses.');
        return [[line]];
      }
      findings.problem('not_polygon', 'This is a line (a track or route), not a polygon.');
      return null;
    }
    case 'Point':
    case 'MultiPoint':
      findings.problem('not_polygon', 'This is a point, not a polygon.');
      return null;
    case 'MultiLineString':
      findings.problem('not_polygon', 'This is a set of lines, not a polygon.');
      return null;
    default:
      findings.problem('not_polygon', `A ${typeof raw.type === 'string' ? raw.type.slice(0, 40) : 'shape'} is not a polygon.`);
      return null;
  }
}

/** Every problem with a geometry meant as a zone, the repairs made, and the zone geometry when usable. */
export function examineGeometry(raw: unknown): GeometryVerdict {
  const findings = new Findings();
  const candidates = polygonsOf(raw, findings, 0);
  // Repairs are listed only for a shape that can be used: for a refused one they would be noise.
  if (!candidates) return { problems: findings.problems, repairs: [], result: null };
  let vertices = 0;
  for (const polygon of candidates)
    if (Array.isArray(polygon)) for (const ring of polygon) vertices += Array.isArray(ring) ? ring.length : 0;
  if (vertices > ZONE_MAX_VERTICES) {
    findings.problem(
      'too_many_vertices',
      `The shape has ${vertices.toLocaleString('en')} points; a zone may have at most ${ZONE_MAX_VERTICES.toLocaleString('en')}. Simplify it first.`,
    );
    return { problems: findings.problems, repairs: [], result: null };
  }
  const polygons: PolygonCoordinates[] = [];
  for (const [index, candidate] of candidates.entries()) {
    const polygon = checkPolygon(candidate, candidates.length === 1 ? 'The polygon' : `Polygon ${index + 1}`, findings);
    if (polygon) polygons.push(polygon);
  }
  const repairable = findings.problems.every((problem) => problem.code === 'unclosed_ring');
  if (!repairable || polygons.length !== candidates.length) return { problems: findings.problems, repairs: [], result: null };
  const result: ZoneGeometry =
    polygons.length === 1 && (raw as { type?: unknown }).type !== 'MultiPolygon'
      ? { type: 'Polygon', coordinates: polygons[0]! }
      : { type: 'MultiPolygon', coordinates: polygons };
  return { problems: findings.problems, repairs: findings.repairs, result };
}

/** [west, south, east, north] of a zone geometry. */
export function boundsOf(geometry: ZoneGeometry): [number, number, number, number] {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const polygon of polygons)
    for (const [lon, lat] of polygon[0] ?? []) {
      west = Math.min(west, lon!);
      east = Math.max(east, lon!);
      south = Math.min(south, lat!);
      north = Math.max(north, lat!);
    }
  return [west, south, east, north];
}
