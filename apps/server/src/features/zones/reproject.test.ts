import { describe, expect, it } from 'vitest';
import { projectionFor, reprojectGeometry } from './reproject';

describe('reprojection to WGS84', () => {
  it('turns a Web Mercator point (EPSG:3857) into Paris', () => {
    const point = { type: 'Point', coordinates: [261845.7, 6250566.7] };
    reprojectGeometry(point, projectionFor('urn:ogc:def:crs:EPSG::3857')!);
    expect(point.coordinates[0]).toBeCloseTo(2.3522, 4);
    expect(point.coordinates[1]).toBeCloseTo(48.8566, 4);
  });

  it('turns a British National Grid point (EPSG:27700) into Big Ben', () => {
    // Ordnance Survey's published grid reference for the Elizabeth Tower: TQ 30247 79586.
    const polygon = { type: 'Polygon', coordinates: [[[530247, 179586]]] };
    reprojectGeometry(polygon, projectionFor('EPSG:27700')!);
    const [lon, lat] = polygon.coordinates[0]![0]!;
    expect(lon).toBeCloseTo(-0.1245, 3);
    expect(lat).toBeCloseTo(51.5007, 3);
  });

  it('knows WGS84 needs nothing and says when a system is unknown', () => {
    expect(projectionFor('urn:ogc:def:crs:OGC:1.3:CRS84')).toBeNull();
    expect(projectionFor('EPSG:4326')).toBeNull();
    expect(projectionFor('EPSG:2154')).toBeUndefined();
  });
});
