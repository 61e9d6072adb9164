import { describe, expect, it } from 'vitest';
import { mayBindTakContacts, mayReadTakContacts } from './tak';

describe('who sees and binds TAK contacts', () => {
  it('is the command roles, and nobody else', () => {
    for (const role of ['Super_Admin', 'Command_Admin']) {
      expect(mayReadTakContacts(role)).toBe(true);
      expect(mayBindTakContacts(role)).toBe(true);
    }
    for (const role of ['Intelligence_Analyst', 'Field_Unit', 'Civic_Reporter', 'constructor', null, undefined]) {
      expect(mayReadTakContacts(role)).toBe(false);
      expect(mayBindTakContacts(role)).toBe(false);
    }
  });
});
