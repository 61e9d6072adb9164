import { describe, expect, it } from 'vitest';
import { asOfLabel, VISIT_STARTED_AT } from '../../lib/device-cache';
import { isKeptByFieldPhone } from './field-device-cache';

describe('what the field phone keeps (docs/decisions/0043-the-field-phone-offline-and-attention.md)', () => {
  it('keeps the crew’s units, assignments and its unit, direct and broadcast threads', () => {
    for (const queryKey of [
      ['field-unit', 'units'],
      ['field-unit', 'assignments'],
      ['messages', 'unit', 'u1'],
      ['messages', 'direct', 'user-1'],
      ['messages', 'broadcast', null],
    ])
      expect(isKeptByFieldPhone({ queryKey })).toBe(true);
  });

  it('keeps neither the recall notice (this page’s memory only) nor anything else', () => {
    for (const queryKey of [
      ['field-unit', 'recalled'],
      ['messages', 'incident', 'i1'],
      ['messages', 'inbox'],
      ['reports', 'mine'],
    ])
      expect(isKeptByFieldPhone({ queryKey })).toBe(false);
  });

  it('marks data from an earlier visit "as of" its time, and nothing heard during this one', () => {
    expect(asOfLabel(VISIT_STARTED_AT - 60_000, () => '14:05')).toBe('as of 14:05');
    expect(asOfLabel(VISIT_STARTED_AT + 1, () => '14:05')).toBeNull();
    expect(asOfLabel(0, () => '14:05')).toBeNull();
  });
});
