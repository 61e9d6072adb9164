import { SIDC_PATTERN, landUnitSidc } from '@argus/contracts/http/unit-symbols';

/**
 * The functions offered for a unit kind in Settings › Maps: MIL-STD-2525D land unit entities (symbol
 * set 10, digits 11–16 of the SIDC) an emergency service is likely to field. Any other code can be
 * typed whole (docs/decisions/0049-editable-unit-symbols.md); every entry here is one milsymbol draws
 * an icon for (tested).
 */
export const LAND_UNIT_FUNCTIONS: readonly { entity: string; label: string }[] = [
  { entity: '000000', label: 'Land unit, no function named' },
  { entity: '110000', label: 'Command and control' },
  { entity: '110500', label: 'Liaison' },
  { entity: '111000', label: 'Signal' },
  { entity: '120600', label: 'Aviation, rotary wing' },
  { entity: '121200', label: 'Observer' },
  { entity: '121300', label: 'Reconnaissance' },
  { entity: '121600', label: 'Surveillance' },
  { entity: '121900', label: 'Unmanned systems' },
  { entity: '140100', label: 'CBRN defence' },
  { entity: '140700', label: 'Engineer' },
  { entity: '140800', label: 'Explosive ordnance disposal' },
  { entity: '141000', label: 'Fire protection' },
  { entity: '141200', label: 'Military police' },
  { entity: '141700', label: 'Security' },
  { entity: '141800', label: 'Search and rescue' },
  { entity: '161300', label: 'Medical' },
  { entity: '161400', label: 'Medical treatment facility' },
  { entity: '200000', label: 'Law enforcement' },
  { entity: '200200', label: 'Border patrol' },
  { entity: '200700', label: 'Police' },
  { entity: '201100', label: 'Coast guard' },
];

/** The select's value for a code that is none of the listed functions. */
export const TYPED_CODE = 'typed';

const LAND_UNIT = /^\d{4}10\d{14}$/;

/** The listed function a code draws (a land unit whose entity is in the list), or TYPED_CODE. */
export function functionOf(sidc: string): string {
  const entity = sidc.slice(10, 16);
  return LAND_UNIT.test(sidc) && LAND_UNIT_FUNCTIONS.some((entry) => entry.entity === entity) ? entity : TYPED_CODE;
}

/**
 * The code with its function replaced: a land unit code keeps its other digits (affiliation,
 * headquarters, status); anything else becomes a friendly land unit of that function.
 */
export function withFunction(sidc: string, entity: string): string {
  const code = sidc.trim();
  return SIDC_PATTERN.test(code) && LAND_UNIT.test(code) ? `${code.slice(0, 10)}${entity}${code.slice(16)}` : landUnitSidc(entity);
}
