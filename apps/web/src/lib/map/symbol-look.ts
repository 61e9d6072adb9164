/**
 * One distinct look of a map symbol, shared by units, incidents, cameras, alerts and reports:
 * what milsymbol draws (symbol-image.ts) and the badge beside its frame. Equal names look the
 * same, so each look is drawn once and reused by every feature that shows it
 * (docs/decisions/0030-unit-symbols.md).
 */
export interface SymbolLook {
  /** The MapLibre image name. */
  name: string;
  sidc: string;
  /** Frame fill; the standard's colour for the affiliation when absent. */
  fillColour: string | undefined;
  fillOpacity: number;
  /**
   * A letter (or a short word) on a colour at the frame's upper-right corner, so a state reads
   * without its colour; hollow (the colour as a ring, the text in it) for a state already dealt
   * with; null where the usual state needs no mark.
   */
  badge: { text: string; colour: string; hollow?: boolean } | null;
}

/** A name's parts after its prefix, or null when the name does not start with it. */
export function nameParts(name: string, prefix: string): string[] | null {
  return name.startsWith(prefix) ? name.slice(prefix.length).split('-') : null;
}

export const isOneOf = <T extends string>(values: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (values as readonly string[]).includes(value);
