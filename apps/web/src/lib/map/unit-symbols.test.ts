import ms from 'milsymbol';
import { describe, expect, it } from 'vitest';
import { UNIT_KINDS, UNIT_STATUSES } from '@argus/contracts/units';
import { EMERGENCY_COLOUR } from './palette';
import { SOS_GLYPH, UNIT_KIND_SYMBOLS, unitSidc, unitSymbol, unitSymbolFromName, unitSymbolName } from './unit-symbols';

describe('unit symbols', () => {
  it('gives every unit kind its own symbol that milsymbol knows', () => {
    for (const kind of UNIT_KINDS) {
      const sidc = unitSidc(kind);
      expect(sidc).toMatch(/^\d{20}$/);
      // The extended check says whether milsymbol found an icon for the entity, not only a frame.
      expect(new ms.Symbol(sidc).isValid(true), `${kind}: ${sidc}`).toMatchObject({ affiliation: 'Friend', icon: true });
    }
    expect(new Set(UNIT_KINDS.map(unitSidc)).size).toBe(UNIT_KINDS.length);
    // A SIDC milsymbol has no icon for is told apart, so the check above can fail.
    expect(new ms.Symbol('10031000009999990000').isValid(true)).toMatchObject({ icon: false });
    expect(Object.keys(UNIT_KIND_SYMBOLS).sort()).toEqual([...UNIT_KINDS].sort());
  });

  it('draws the command post with a headquarters staff and no other kind with one', () => {
    const withStaff = UNIT_KINDS.filter((kind) => {
      const symbol = new ms.Symbol(unitSidc(kind), { size: 20 });
      return symbol.getAnchor().y > symbol.getSize().height / 2 + 1;
    });
    expect(withStaff).toEqual(['command']);
  });

  it('has a distinct look for every kind and status, and SOS as one more', () => {
    const names = UNIT_KINDS.flatMap((kind) => [
      ...UNIT_STATUSES.map((status) => unitSymbol(kind, status, false).name),
      unitSymbol(kind, 'available', true).name,
    ]);
    expect(new Set(names).size).toBe(UNIT_KINDS.length * (UNIT_STATUSES.length + 1));
  });

  it('tells every status apart without colour, by the letter in its badge', () => {
    const letters = UNIT_STATUSES.map((status) => unitSymbol('patrol', status, false).badge.text);
    expect(letters.every((letter) => letter.trim().length > 0)).toBe(true);
    expect(new Set([...letters, SOS_GLYPH]).size).toBe(UNIT_STATUSES.length + 1);
    // The same letter for a status whatever the kind.
    for (const status of UNIT_STATUSES) {
      expect(new Set(UNIT_KINDS.map((kind) => unitSymbol(kind, status, false).badge.text)).size).toBe(1);
    }
  });

  it('lets SOS override every status', () => {
    for (const kind of UNIT_KINDS) {
      const looks = UNIT_STATUSES.map((status) => unitSymbol(kind, status, true));
      for (const look of looks) {
        expect(look).toEqual(looks[0]);
        expect(look).toMatchObject({ sidc: unitSidc(kind), fillColour: EMERGENCY_COLOUR, fillOpacity: 1, badge: { text: SOS_GLYPH } });
      }
      expect(looks[0]!.name).not.toBe(unitSymbol(kind, 'available', false).name);
    }
  });

  it('draws units that cannot be sent pale, and the rest in full', () => {
    const pale = UNIT_STATUSES.filter((status) => unitSymbol('fire', status, false).fillOpacity < 1);
    expect(pale).toEqual(['out_of_service', 'offline']);
  });

  it('reads a look back from its image name and refuses names that are not a unit look', () => {
    for (const kind of UNIT_KINDS) {
      for (const status of UNIT_STATUSES) {
        expect(unitSymbolFromName(unitSymbolName(kind, status, false))).toEqual(unitSymbol(kind, status, false));
      }
      expect(unitSymbolFromName(unitSymbolName(kind, 'on_scene', true))).toEqual(unitSymbol(kind, 'on_scene', true));
    }
    for (const name of ['argus-incident-high', 'argus-unit-tank-available', 'argus-unit-patrol-lost', 'argus-unit-patrol', 'argus-unit-']) {
      expect(unitSymbolFromName(name), name).toBeNull();
    }
  });
});
