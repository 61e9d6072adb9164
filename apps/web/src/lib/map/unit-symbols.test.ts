import ms from 'milsymbol';
import { describe, expect, it } from 'vitest';
import { GENERIC_UNIT_SYMBOL } from '@argus/contracts/http/unit-symbols';
import { UNIT_KINDS, UNIT_STATUSES } from '@argus/contracts/units';
import { EMERGENCY_COLOUR } from './palette';
import { SOS_GLYPH, unitSidcs, unitSymbol, unitSymbolFromName, unitSymbolName } from './unit-symbols';

/** The table as migration 0029 seeds it. */
const SEEDED = unitSidcs([
  { kind: 'patrol', sidc: '10031000002000000000' },
  { kind: 'fire', sidc: '10031000001410000000' },
  { kind: 'medical', sidc: '10031000001613000000' },
  { kind: 'rescue', sidc: '10031000001418000000' },
  { kind: 'hazmat', sidc: '10031000001401000000' },
  { kind: 'command', sidc: '10031002001100000000' },
  { kind: 'drone', sidc: '10031000001219000000' },
  { kind: 'other', sidc: '10031000000000000000' },
]);

describe('unit symbols', () => {
  it('gives every unit kind of the seeded table its own symbol that milsymbol knows', () => {
    for (const kind of UNIT_KINDS) {
      const sidc = SEEDED(kind);
      // The extended check says whether milsymbol found an icon for the entity, not only a frame.
      expect(new ms.Symbol(sidc).isValid(true), `${kind}: ${sidc}`).toMatchObject({ affiliation: 'Friend', icon: true });
    }
    expect(new Set(UNIT_KINDS.map(SEEDED)).size).toBe(UNIT_KINDS.length);
    // A SIDC milsymbol has no icon for is told apart, so the check above can fail.
    expect(new ms.Symbol('10031000009999990000').isValid(true)).toMatchObject({ icon: false });
  });

  it('draws a kind the table does not list, or every kind while it loads, as the generic land unit', () => {
    expect(unitSidcs([{ kind: 'fire', sidc: '10031000001410000000' }])('drone')).toBe(GENERIC_UNIT_SYMBOL.sidc);
    expect(UNIT_KINDS.map(unitSidcs(undefined))).toEqual(UNIT_KINDS.map(() => GENERIC_UNIT_SYMBOL.sidc));
    expect(new ms.Symbol(GENERIC_UNIT_SYMBOL.sidc).isValid(true)).toMatchObject({ affiliation: 'Friend', icon: true });
  });

  it('draws the seeded command post with a headquarters staff and no other kind with one', () => {
    const withStaff = UNIT_KINDS.filter((kind) => {
      const symbol = new ms.Symbol(SEEDED(kind), { size: 20 });
      return symbol.getAnchor().y > symbol.getSize().height / 2 + 1;
    });
    expect(withStaff).toEqual(['command']);
  });

  it('has a distinct look for every code and status, and SOS as one more', () => {
    const names = UNIT_KINDS.flatMap((kind) => [
      ...UNIT_STATUSES.map((status) => unitSymbol(SEEDED(kind), status, false).name),
      unitSymbol(SEEDED(kind), 'available', true).name,
    ]);
    expect(new Set(names).size).toBe(UNIT_KINDS.length * (UNIT_STATUSES.length + 1));
  });

  it('names a look by its code, so a kind given another code is drawn afresh and equal codes share images', () => {
    const before = unitSymbolName(SEEDED('patrol'), 'available', false);
    const edited = unitSidcs([{ kind: 'patrol', sidc: '10031000002002000000' }]);
    expect(unitSymbolName(edited('patrol'), 'available', false)).not.toBe(before);
    expect(unitSymbolName(edited('patrol'), 'available', false)).toBe('argus-unit-10031000002002000000-available');
    // Two kinds given one code look the same, so they share one image.
    const shared = unitSidcs([
      { kind: 'fire', sidc: '10031000001410000000' },
      { kind: 'rescue', sidc: '10031000001410000000' },
    ]);
    expect(unitSymbolName(shared('fire'), 'en_route', false)).toBe(unitSymbolName(shared('rescue'), 'en_route', false));
  });

  it('tells every status apart without colour, by the letter in its badge', () => {
    const letters = UNIT_STATUSES.map((status) => unitSymbol(SEEDED('patrol'), status, false).badge.text);
    expect(letters.every((letter) => letter.trim().length > 0)).toBe(true);
    expect(new Set([...letters, SOS_GLYPH]).size).toBe(UNIT_STATUSES.length + 1);
    // The same letter for a status whatever the kind.
    for (const status of UNIT_STATUSES) {
      expect(new Set(UNIT_KINDS.map((kind) => unitSymbol(SEEDED(kind), status, false).badge.text)).size).toBe(1);
    }
  });

  it('lets SOS override every status', () => {
    for (const kind of UNIT_KINDS) {
      const sidc = SEEDED(kind);
      const looks = UNIT_STATUSES.map((status) => unitSymbol(sidc, status, true));
      for (const look of looks) {
        expect(look).toEqual(looks[0]);
        expect(look).toMatchObject({ sidc, fillColour: EMERGENCY_COLOUR, fillOpacity: 1, badge: { text: SOS_GLYPH } });
      }
      expect(looks[0]!.name).not.toBe(unitSymbol(sidc, 'available', false).name);
    }
  });

  it('draws units that cannot be sent pale, and the rest in full', () => {
    const pale = UNIT_STATUSES.filter((status) => unitSymbol(SEEDED('fire'), status, false).fillOpacity < 1);
    expect(pale).toEqual(['out_of_service', 'offline']);
  });

  it('reads a look back from its image name and refuses names that are not a unit look', () => {
    for (const kind of UNIT_KINDS) {
      const sidc = SEEDED(kind);
      for (const status of UNIT_STATUSES) {
        expect(unitSymbolFromName(unitSymbolName(sidc, status, false))).toEqual(unitSymbol(sidc, status, false));
      }
      expect(unitSymbolFromName(unitSymbolName(sidc, 'on_scene', true))).toEqual(unitSymbol(sidc, 'on_scene', true));
    }
    for (const name of [
      'argus-incident-high',
      'argus-unit-patrol-available',
      'argus-unit-10031000002000000000-lost',
      'argus-unit-1003100000200000000-available',
      'argus-unit-10031000002000000000-available-x',
      'argus-unit-10031000002000000000',
      'argus-unit-',
    ]) {
      expect(unitSymbolFromName(name), name).toBeNull();
    }
  });
});
