import { GENERIC_UNIT_SYMBOL, SIDC_PATTERN, type UnitKindSymbol } from '@argus/contracts/http/unit-symbols';
import { UNIT_STATUSES, type UnitKind, type UnitStatus } from '@argus/contracts/units';
import { EMERGENCY_COLOUR, UNIT_STATUS_COLOURS } from './palette';

/**
 * How a unit is drawn: a MIL-STD-2525D / APP-6D symbol (drawn by milsymbol) chosen by the unit's
 * kind from the unit symbol table the administrators edit (docs/decisions/0049-editable-unit-symbols.md),
 * with a status badge beside its frame that carries a letter as well as a colour, so status reads
 * without colour (docs/decisions/0030-unit-symbols.md).
 *
 * Vocabulary:
 * - SIDC: the standard's 20-digit symbol identification code, as the table holds it.
 * - symbol name: the MapLibre image name of one distinct look (SIDC + status, or SIDC + SOS), so
 *   each look is drawn once and shared by every unit that has it; a kind given a new code gets
 *   new names, drawn on demand, and the old images are simply no longer asked for.
 */

/** The SIDC each unit kind is drawn as: the table's code, or the generic land unit for a kind it does not list (or while it loads). */
export type UnitSidcs = (kind: UnitKind) => string;

export function unitSidcs(table: readonly Pick<UnitKindSymbol, 'kind' | 'sidc'>[] | undefined): UnitSidcs {
  const byKind = new Map(table?.map((entry) => [entry.kind, entry.sidc]));
  return (kind) => byKind.get(kind) ?? GENERIC_UNIT_SYMBOL.sidc;
}

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

/** The image name of a unit's look; SOS replaces the status, since it overrides it. */
export function unitSymbolName(sidc: string, status: UnitStatus, sos: boolean): string {
  return `${NAME_PREFIX}${sidc}-${sos ? 'sos' : status}`;
}

/** The look a name stands for, or null when the name is not a unit symbol's. */
export function unitSymbolFromName(name: string): UnitSymbol | null {
  if (!name.startsWith(NAME_PREFIX)) return null;
  const [sidc, state, ...rest] = name.slice(NAME_PREFIX.length).split('-');
  const isStatus = (UNIT_STATUSES as readonly string[]).includes(state ?? '');
  if (rest.length > 0 || !SIDC_PATTERN.test(sidc ?? '') || (!isStatus && state !== 'sos')) return null;
  return state === 'sos' ? unitSymbol(sidc!, 'available', true) : unitSymbol(sidc!, state as UnitStatus, false);
}

/** A unit's look: SOS overrides status (red frame, SOS badge); unavailable units are pale. */
export function unitSymbol(sidc: string, status: UnitStatus, sos: boolean): UnitSymbol {
  const name = unitSymbolName(sidc, status, sos);
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
