import { UNIT_KINDS, UNIT_STATUSES, type UnitKind, type UnitStatus } from '@argus/contracts/units';
import { EMERGENCY_COLOUR, UNIT_STATUS_COLOURS } from './palette';

/**
 * How a unit is drawn: a MIL-STD-2525D / APP-6D land unit symbol (drawn by milsymbol) chosen by
 * the unit's kind, with a status badge beside its frame that carries a letter as well as a
 * colour, so status reads without colour (docs/decisions/0030-unit-symbols.md).
 *
 * Vocabulary:
 * - SIDC: the standard's 20-digit symbol identification code; here always a friendly land unit
 *   in reality, only the entity (and for a command post the headquarters staff) varies.
 * - entity: the six digits naming the unit's function (law enforcement, fire protection, …).
 * - symbol name: the MapLibre image name of one distinct look (kind + status, or kind + SOS),
 *   so each look is drawn once and shared by every unit that has it.
 */

/** What a unit kind is drawn as. */
export interface UnitKindSymbol {
  /** MIL-STD-2525D symbol set 10 (land unit) entity, icon and sub-type: six digits. */
  entity: string;
  /** Drawn with a headquarters staff (the standard's command post). */
  headquarters?: boolean;
}

/**
 * The one table that maps a unit kind to its symbol. Edit an entity here to change how a kind
 * looks everywhere (map, legend); every kind must name an entity milsymbol knows (tested).
 */
export const UNIT_KIND_SYMBOLS: Record<UnitKind, UnitKindSymbol> = {
  patrol: { entity: '200000' }, // law enforcement
  fire: { entity: '141000' }, // fire protection
  medical: { entity: '161300' }, // medical (ambulance)
  rescue: { entity: '141800' }, // search and rescue
  hazmat: { entity: '140100' }, // CBRN defence
  command: { entity: '110000', headquarters: true }, // command and control, as a headquarters
  drone: { entity: '121900' }, // unmanned systems
  other: { entity: '000000' }, // a land unit with no function named
};

/** The letter in each status badge: one per status, so status is told apart without its colour. */
export const UNIT_STATUS_GLYPHS: Record<UnitStatus, string> = {
  available: 'A',
  dispatched: 'D',
  en_route: 'R',
  on_scene: 'S',
  out_of_service: 'X',
  offline: 'O',
};

/** The badge of a unit in SOS, whatever its status. */
export const SOS_GLYPH = 'SOS';

/** The badge's letter colour: dark on every status colour and on SOS red, at text contrast. */
export const BADGE_TEXT_COLOUR = '#141517';

/** Statuses in which a unit cannot be sent anywhere: its frame is drawn pale. */
const UNAVAILABLE: ReadonlySet<UnitStatus> = new Set(['out_of_service', 'offline']);

/** One distinct unit look: what milsymbol draws and the badge beside it. */
export interface UnitSymbol {
  /** The MapLibre image name; equal names look the same. */
  name: string;
  sidc: string;
  /** Frame fill: the standard's friendly blue unless SOS overrides it. */
  fillColour: string | undefined;
  fillOpacity: number;
  badge: { text: string; colour: string };
}

const NAME_PREFIX = 'argus-unit-';

/**
 * The 20-digit SIDC of a unit kind: version 10, reality, friend, land unit (10), present, the
 * headquarters digit, no echelon, the entity, no modifiers.
 */
export function unitSidc(kind: UnitKind): string {
  const { entity, headquarters } = UNIT_KIND_SYMBOLS[kind];
  return `1003100${headquarters ? '2' : '0'}00${entity}0000`;
}

/** The image name of a unit's look; SOS replaces the status, since it overrides it. */
export function unitSymbolName(kind: UnitKind, status: UnitStatus, sos: boolean): string {
  return `${NAME_PREFIX}${kind}-${sos ? 'sos' : status}`;
}

/** The look a name stands for, or null when the name is not a unit symbol's. */
export function unitSymbolFromName(name: string): UnitSymbol | null {
  if (!name.startsWith(NAME_PREFIX)) return null;
  const [kind, state] = name.slice(NAME_PREFIX.length).split('-');
  const isKind = (UNIT_KINDS as readonly string[]).includes(kind ?? '');
  const isStatus = (UNIT_STATUSES as readonly string[]).includes(state ?? '');
  if (!isKind || (!isStatus && state !== 'sos')) return null;
  return state === 'sos' ? unitSymbol(kind as UnitKind, 'available', true) : unitSymbol(kind as UnitKind, state as UnitStatus, false);
}

/** A unit's look: SOS overrides status (red frame, SOS badge); unavailable units are pale. */
export function unitSymbol(kind: UnitKind, status: UnitStatus, sos: boolean): UnitSymbol {
  const name = unitSymbolName(kind, status, sos);
  const sidc = unitSidc(kind);
  if (sos) {
    return { name, sidc, fillColour: EMERGENCY_COLOUR, fillOpacity: 1, badge: { text: SOS_GLYPH, colour: EMERGENCY_COLOUR } };
  }
  return {
    name,
    sidc,
    fillColour: undefined,
    fillOpacity: UNAVAILABLE.has(status) ? 0.35 : 1,
    badge: { text: UNIT_STATUS_GLYPHS[status], colour: UNIT_STATUS_COLOURS[status] },
  };
}
