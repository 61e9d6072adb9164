import { describe, expect, it } from 'vitest';
import { ZONE_MAX_VERTICES } from '@argus/contracts/zones';
import { boundsOf, examineGeometry } from './geometry';

const square = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
  [0, 0],
];
const codes = (verdict: ReturnType<typeof examineGeometry>) => ({
  problems: verdict.problems.map((p) => p.code),
  repairs: verdict.repairs.map((r) => r.code),
});

describe('examineGeometry', () => {
  it('accepts a counter-clockwise square as it is', () => {
    const verdict = examineGeometry({ type: 'Polygon', coordinates: [square] });
    expect(codes(verdict)).toEqual({ problems: [], repairs: [] });
    expect(verdict.result).toEqual({ type: 'Polygon', coordinates: [square] });
  });

  it('closes an open ring, reporting the problem and the repair', () => {
    const verdict = examineGeometry({ type: 'Polygon', coordinates: [square.slice(0, 4)] });
    expect(codes(verdict)).toEqual({ problems: ['unclosed_ring'], repairs: ['closed_ring'] });
    expect(verdict.result?.coordinates[0]).toEqual(square);
  });

  it('reverses a clockwise outer ring and a counter-clockwise hole to RFC 7946 winding', () => {
    const hole = [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.75, 0.75],
      [0.25, 0.75],
      [0.25, 0.25],
    ];
    const verdict = examineGeometry({ type: 'Polygon', coordinates: [[...square].reverse(), hole] });
    expect(codes(verdict)).toEqual({ problems: [], repairs: ['fixed_winding'] });
    expect(verdict.result?.coordinates).toEqual([square, [...hole].reverse()]);
  });

  it('drops points repeated one after another', () => {
    const verdict = examineGeometry({
      type: 'Polygon',
      coordinates: [[square[0], square[1], square[1], square[2], square[3], square[3], square[4]]],
    });
    expect(codes(verdict).repairs).toEqual(['dropped_duplicate_points']);
    expect(verdict.result?.coordinates[0]).toEqual(square);
  });

  it('refuses a bow tie, saying where it crosses itself', () => {
    const verdict = examineGeometry({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    });
    expect(verdict.result).toBeNull();
    expect(verdict.problems).toEqual([
      { code: 'self_intersection', message: 'The polygon crosses itself near (0.50000, 0.50000).', at: [0.5, 0.5] },
    ]);
  });

  it('refuses coordinates out of range, suggesting another coordinate system', () => {
    const verdict = examineGeometry({
      type: 'Polygon',
      coordinates: [
        [
          [261845, 6250566],
          [261900, 6250566],
          [261900, 6250600],
          [261845, 6250566],
        ],
      ],
    });
    expect(codes(verdict).problems).toEqual(['out_of_range']);
    expect(verdict.problems[0]!.message).toContain('Is the file in another coordinate system?');
    expect(
      examineGeometry({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1e308, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      }).result,
    ).toBeNull();
    expect(
      codes(
        examineGeometry({
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              ['x', 0],
              [1, 1],
              [0, 0],
            ],
          ],
        }),
      ).problems,
    ).toEqual(['out_of_range']);
  });

  it('refuses empty geometries and rings of fewer than three corners', () => {
    expect(codes(examineGeometry(null)).problems).toEqual(['empty']);
    expect(codes(examineGeometry({ type: 'Polygon', coordinates: [] })).problems).toEqual(['empty']);
    expect(codes(examineGeometry({ type: 'MultiPolygon', coordinates: [] })).problems).toEqual(['empty']);
    expect(
      codes(
        examineGeometry({
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        }),
      ).problems,
    ).toEqual(['too_few_points']);
  });

  it('refuses points and open lines as not polygons, and offers a closed track as its polygon', () => {
    expect(codes(examineGeometry({ type: 'Point', coordinates: [0, 0] })).problems).toEqual(['not_polygon']);
    expect(
      codes(
        examineGeometry({
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        }),
      ).problems,
    ).toEqual(['not_polygon']);
    const closed = examineGeometry({ type: 'LineString', coordinates: square });
    expect(codes(closed)).toEqual({ problems: [], repairs: ['closed_track_to_polygon'] });
    expect(closed.result).toEqual({ type: 'Polygon', coordinates: [square] });
  });

  it('gathers a collection of polygons (KML MultiGeometry) into a MultiPolygon', () => {
    const moved = square.map(([x, y]) => [x! + 5, y!]);
    const verdict = examineGeometry({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', coordinates: [square] },
        { type: 'Polygon', coordinates: [moved] },
      ],
    });
    expect(codes(verdict)).toEqual({ problems: [], repairs: ['collection_to_multipolygon'] });
    expect(verdict.result).toEqual({ type: 'MultiPolygon', coordinates: [[square], [moved]] });
    expect(
      codes(
        examineGeometry({
          type: 'GeometryCollection',
          geometries: [
            { type: 'Polygon', coordinates: [square] },
            { type: 'Point', coordinates: [0, 0] },
          ],
        }),
      ).problems,
    ).toEqual(['not_polygon']);
  });

  it('refuses more vertices than a zone may have', () => {
    const count = ZONE_MAX_VERTICES + 10;
    const ring = Array.from({ length: count }, (_, index) => [
      Math.cos((2 * Math.PI * index) / count),
      Math.sin((2 * Math.PI * index) / count),
    ]);
    ring.push(ring[0]!);
    expect(codes(examineGeometry({ type: 'Polygon', coordinates: [ring] })).problems).toEqual(['too_many_vertices']);
  });

  it('answers the bounding box of every polygon', () => {
    expect(boundsOf({ type: 'MultiPolygon', coordinates: [[square], [square.map(([x, y]) => [x! - 3, y! + 2])]] })).toEqual([-3, 0, 1, 3]);
  });
});
