import { useMemo } from 'react';
import ms from 'milsymbol';
import { UNIT_KINDS } from '@argus/contracts/units';
import { UNIT_KIND_LABELS } from '../../features/units/unit-labels';
import { unitSidc } from './unit-symbols';

/** Each unit kind's symbol (without a status badge; those are listed apart) beside its name; loaded with milsymbol, lazily. */
export function UnitKindLegend() {
  const pictures = useMemo(
    () =>
      UNIT_KINDS.map((kind) => {
        const symbol = new ms.Symbol(unitSidc(kind), { size: 14 });
        return { kind, url: symbol.toDataURL(), ...symbol.getSize() };
      }),
    [],
  );
  return (
    <ul aria-label="Unit kinds" className="grid grid-cols-2 gap-x-3 gap-y-1">
      {pictures.map(({ kind, url, width, height }) => (
        <li key={kind} className="flex items-center gap-2">
          <img src={url} alt="" width={Math.round(width)} height={Math.round(height)} />
          {UNIT_KIND_LABELS[kind]}
        </li>
      ))}
    </ul>
  );
}
