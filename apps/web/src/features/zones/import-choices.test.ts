import { describe, expect, it } from 'vitest';
import type { PreviewFeature } from '@argus/contracts/http/zones';
import { distinctValues, featureName, guessNameField, guessRiskField, initialRiskMap, previewStatus } from './import-choices';

const feature = (index: number, properties: PreviewFeature['properties'], overrides: Partial<PreviewFeature> = {}): PreviewFeature => ({
  index,
  geometry: null,
  properties,
  problems: [],
  repairs: [],
  importable: { type: 'Polygon', coordinates: [] },
  ...overrides,
});

describe('import choices', () => {
  it('guesses the name and risk attributes', () => {
    expect(guessNameField(['OBJECTID', 'NAME_EN', 'THREAT'])).toBe('NAME_EN');
    expect(guessRiskField(['OBJECTID', 'NAME_EN', 'THREAT'])).toBe('THREAT');
    expect(guessNameField(['a', 'b'])).toBeNull();
  });

  it('maps values that name a level and lists distinct values', () => {
    const features = [
      feature(0, { threat: 'HIGH' }),
      feature(1, { threat: 'moderate' }),
      feature(2, { threat: 'HIGH' }),
      feature(3, { threat: null }),
    ];
    expect(distinctValues(features, 'threat')).toEqual(['HIGH', 'moderate']);
    expect(initialRiskMap(['HIGH', 'moderate'])).toEqual({ HIGH: 'high' });
  });

  it('tells valid, repaired and refused features apart and names them', () => {
    expect(previewStatus(feature(0, {}))).toBe('valid');
    expect(previewStatus(feature(0, {}, { repairs: [{ code: 'closed_ring', message: '' }] }))).toBe('repaired');
    expect(previewStatus(feature(0, {}, { importable: null }))).toBe('invalid');
    expect(featureName(feature(4, { name: ' ' }), 'name', 'file.kml')).toBe('file.kml #5');
    // A bidi override would draw "\u202Elmk.exe" as "exe.kml": the name shown is the real one.
    expect(featureName(feature(0, {}), null, '\u202Elmk.exe')).toBe('lmk.exe #1');
  });
});
