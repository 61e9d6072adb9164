import { z } from 'zod';
import { UNIT_KINDS } from '../units';
import { Timestamp } from './common';
import { singleLineText } from './text';

/**
 * Which MIL-STD-2525D / APP-6D symbol each unit kind is drawn as, and the label the legend gives it
 * (docs/decisions/0049-editable-unit-symbols.md). Administrators edit it in Settings › Maps; the maps
 * and their legends read it. This file holds the shape only: whether milsymbol can draw a code is
 * checked where a table is saved (unit-symbols-edit.ts), so the realtime client that parses the
 * table's event does not load milsymbol with the app shell.
 */

/** A numeric SIDC: the standard's 20 digits (2525D and later, shared by APP-6D). */
export const SIDC_PATTERN = /^\d{20}$/;

export const Sidc = z
  .string({ error: 'A symbol code (SIDC) is text.' })
  .trim()
  .regex(SIDC_PATTERN, 'A symbol code (SIDC) is 20 digits, as MIL-STD-2525D and APP-6D write it, e.g. 10031000001410000000.');

export const UnitSymbolLabel = singleLineText({ typeError: 'A label is text.' })
  .min(1, 'Give the symbol a label for the legend.')
  .max(40, 'A label is at most 40 characters.');

export const UnitKindSymbol = z.object({
  kind: z.enum(UNIT_KINDS, { error: `Kind must be one of ${UNIT_KINDS.join(', ')}.` }),
  sidc: Sidc,
  label: UnitSymbolLabel,
});
export type UnitKindSymbol = z.infer<typeof UnitKindSymbol>;

export const UnitSymbolsResponse = z.object({
  unitKinds: z.array(UnitKindSymbol),
  updatedAt: Timestamp.nullable(),
  updatedBy: z.string().nullable(),
});
export type UnitSymbolsResponse = z.infer<typeof UnitSymbolsResponse>;

/**
 * The 20-digit SIDC of a friendly land unit (symbol set 10) in reality, present: the entity (six
 * digits naming the unit's function) and whether it is drawn as a headquarters (the staff).
 */
export function landUnitSidc(entity: string, headquarters = false): string {
  return `1003100${headquarters ? '2' : '0'}00${entity}0000`;
}

/** What a unit of a kind nobody has given a symbol is drawn as: a friendly land unit with no function named. */
export const GENERIC_UNIT_SYMBOL = { sidc: landUnitSidc('000000'), label: 'Unit' } as const;
