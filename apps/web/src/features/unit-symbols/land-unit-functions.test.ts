import ms from 'milsymbol';
import { describe, expect, it } from 'vitest';
import { landUnitSidc } from '@argus/contracts/http/unit-symbols';
import { UnitSymbols } from '@argus/contracts/http/unit-symbols-edit';
import { UNIT_KINDS } from '@argus/contracts/units';
import { LAND_UNIT_FUNCTIONS, TYPED_CODE, functionOf, withFunction } from './land-unit-functions';

describe('the functions offered for a unit kind', () => {
  it('are each a land unit function milsymbol draws an icon for, listed once', () => {
    for (const { entity, label } of LAND_UNIT_FUNCTIONS) {
      expect(new ms.Symbol(landUnitSidc(entity)).isValid(true), `${label}: ${entity}`).toMatchObject({ affiliation: 'Friend', icon: true });
    }
    expect(new Set(LAND_UNIT_FUNCTIONS.map((entry) => entry.entity)).size).toBe(LAND_UNIT_FUNCTIONS.length);
    expect(new Set(LAND_UNIT_FUNCTIONS.map((entry) => entry.label)).size).toBe(LAND_UNIT_FUNCTIONS.length);
  });

  it('reads the listed function from a code, and calls any other code typed', () => {
    expect(functionOf('10031000001410000000')).toBe('141000');
    // The headquarters digit does not change the function.
    expect(functionOf('10031002001100000000')).toBe('110000');
    expect(functionOf('10031000001211000000')).toBe(TYPED_CODE); // infantry: not listed
    expect(functionOf('10032500001410000000')).toBe(TYPED_CODE); // air, not land
    expect(functionOf('1003')).toBe(TYPED_CODE);
  });

  it('changes only the function of a land unit code, keeping its headquarters and affiliation', () => {
    expect(withFunction('10031002001100000000', '161300')).toBe('10031002001613000000');
    expect(withFunction('10061000001410000000', '200000')).toBe('10061000002000000000');
    // A typed code of another kind, or half a code, becomes a friendly land unit of that function.
    expect(withFunction('10032500001101000000', '141800')).toBe(landUnitSidc('141800'));
    expect(withFunction('123', '141800')).toBe(landUnitSidc('141800'));
  });
});

describe('the table the settings form saves', () => {
  const table = (sidc: string) => ({
    unitKinds: UNIT_KINDS.map((kind) => ({ kind, sidc: kind === 'fire' ? sidc : landUnitSidc('000000'), label: kind })),
  });

  it('takes a code milsymbol draws, trimmed', () => {
    const parsed = UnitSymbols.safeParse(table(' 10031000001410000000 '));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.unitKinds[1]!.sidc).toBe('10031000001410000000');
  });

  it('refuses a code with no symbol, or not 20 digits, beside the field, in words', () => {
    const unknown = UnitSymbols.safeParse(table('10031000009999990000'));
    expect(unknown.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['unitKinds.1.sidc', 'No MIL-STD-2525D symbol has this code: check the symbol set (digits 5–6) and the function (digits 11–16).'],
    ]);
    const letters = UnitSymbols.safeParse(table('SFGPUCF----'));
    expect(letters.error?.issues[0]?.message).toContain('20 digits');
  });
});
