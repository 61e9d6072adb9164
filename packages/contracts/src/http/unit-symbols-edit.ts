import ms from 'milsymbol';
import { z } from 'zod';
import { UNIT_KINDS } from '../units';
import { Sidc, UnitKindSymbol } from './unit-symbols';

/**
 * Saving the unit symbol table (docs/decisions/0049-editable-unit-symbols.md): the shape of
 * unit-symbols.ts, plus milsymbol's own verdict on every code, so the server refuses and the
 * settings form flags exactly the codes the maps could not draw. Imports milsymbol: load it only
 * where a table is edited or checked.
 */

/** Whether milsymbol knows the code's frame and its icon (an unknown function draws an empty frame). */
export function isDrawableSidc(sidc: string): boolean {
  return new ms.Symbol(sidc).isValid(false) === true;
}

export const DrawableSidc = Sidc.refine(
  isDrawableSidc,
  'No MIL-STD-2525D symbol has this code: check the symbol set (digits 5–6) and the function (digits 11–16).',
);

/** The whole table, as the administrators save it: every unit kind once, each with a code milsymbol draws. */
export const UnitSymbols = z.object({ unitKinds: z.array(UnitKindSymbol.extend({ sidc: DrawableSidc })) }).superRefine((table, context) => {
  const kinds = table.unitKinds.map((entry) => entry.kind);
  const missing = UNIT_KINDS.filter((kind) => !kinds.includes(kind));
  if (missing.length > 0 || new Set(kinds).size !== kinds.length) {
    context.addIssue({ code: 'custom', path: ['unitKinds'], message: `List each unit kind exactly once (${UNIT_KINDS.join(', ')}).` });
  }
});
export type UnitSymbols = z.infer<typeof UnitSymbols>;
