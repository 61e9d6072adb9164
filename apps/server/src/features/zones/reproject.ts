import proj4 from 'proj4';

/**
 * Coordinate systems a GeoJSON file may name in its (2008-style) `crs` member. Shapefiles carry
 * their own definition in a .prj, which proj4 reads directly; these are the codes met in practice.
 */
const KNOWN: Record<string, string | null> = {
  '4326': null,
  CRS84: null,
  '3857': 'EPSG:3857',
  '900913': 'EPSG:3857',
  '27700':
    '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy +towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs',
};

/** The proj4 definition for a CRS name (EPSG:3857, urn:ogc:def:crs:EPSG::27700, …); null for WGS84; undefined when unknown. */
export function projectionFor(name: string): string | null | undefined {
  // The code is the last part of every spelling: EPSG:3857, urn:ogc:def:crs:EPSG::3857, …:OGC:1.3:CRS84.
  const code = name.trim().split(':').pop() ?? '';
  return Object.hasOwn(KNOWN, code.toUpperCase()) ? KNOWN[code.toUpperCase()] : undefined;
}

type Nested = number[] | Nested[];

/** Converts every position of a geometry (any nesting) from `from` to WGS84 lon/lat, in place. */
export function reprojectGeometry(geometry: { type: string; coordinates?: unknown; geometries?: unknown }, from: string): void {
  const converter = proj4(from, 'EPSG:4326');
  const visit = (node: Nested): void => {
    if (node.length >= 2 && typeof node[0] === 'number') {
      const [x, y] = converter.forward([node[0], node[1] as number]);
      node[0] = x!;
      node[1] = y!;
      return;
    }
    for (const child of node) if (Array.isArray(child)) visit(child);
  };
  if (Array.isArray(geometry.coordinates)) visit(geometry.coordinates as Nested);
  if (Array.isArray(geometry.geometries))
    for (const member of geometry.geometries) if (member && typeof member === 'object') reprojectGeometry(member as { type: string }, from);
}
