import { describe, expect, it } from 'vitest';
import { describeSource } from './AlertDetails';

describe('an alert’s sources', () => {
  it('are named as people know them, and an old one without a name says it shows an id', () => {
    expect(describeSource({ kind: 'unit', id: 'ccc59290-aaaa', name: 'ALPHA-1' })).toBe('Unit ALPHA-1');
    expect(describeSource({ kind: 'zone', id: 'z1', name: 'Harbour' })).toBe('Zone Harbour');
    expect(describeSource({ kind: 'unit', id: 'ccc59290-aaaa-bbbb' })).toBe('Unit (name not recorded)');
    expect(describeSource({ kind: 'incident', id: 'i1', name: 'INC-2026-0007' })).toBe('Incident INC-2026-0007');
    expect(describeSource({ kind: 'vessel', id: 'v1', name: 'Maria' })).toBe('vessel Maria');
  });
});
