import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles';
import { OPERATIONS_AND_FIELD_ROLES, OPERATIONS_ROLES, actsForUnit, seesEveryRow } from './visibility';

describe('who sees every row', () => {
  it('command and analysts do; field units and civic reporters do not', () => {
    expect(ROLES.filter((role) => seesEveryRow(role))).toEqual(['Super_Admin', 'Command_Admin', 'Intelligence_Analyst']);
    expect(OPERATIONS_ROLES).toEqual(['Super_Admin', 'Command_Admin', 'Intelligence_Analyst']);
  });

  it('an unknown or missing role sees nothing more', () => {
    expect(seesEveryRow('Operator')).toBe(false);
    expect(seesEveryRow(null)).toBe(false);
    expect(seesEveryRow(undefined)).toBe(false);
  });

  it('operations and the field are every role but the civic reporter', () => {
    expect(OPERATIONS_AND_FIELD_ROLES).toEqual(ROLES.filter((role) => role !== 'Civic_Reporter'));
  });
});

describe('who acts for a unit', () => {
  const crew = ['u-1', 'u-2'];

  it('command acts for every unit, crewed or not', () => {
    expect(actsForUnit({ id: 'admin', role: 'Super_Admin' }, crew)).toBe(true);
    expect(actsForUnit({ id: 'admin', role: 'Command_Admin' }, [])).toBe(true);
  });

  it('a field unit acts only for the units it crews', () => {
    expect(actsForUnit({ id: 'u-1', role: 'Field_Unit' }, crew)).toBe(true);
    expect(actsForUnit({ id: 'u-3', role: 'Field_Unit' }, crew)).toBe(false);
  });

  it('seeing every row is not acting for every unit: an analyst acts for none it does not crew', () => {
    expect(actsForUnit({ id: 'analyst', role: 'Intelligence_Analyst' }, crew)).toBe(false);
  });
});
