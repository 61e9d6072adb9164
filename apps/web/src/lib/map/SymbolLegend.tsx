import { useMemo } from 'react';
import ms from 'milsymbol';
import { UNIT_KINDS } from '@argus/contracts/units';
import { UNIT_KIND_LABELS } from '../../features/units/unit-labels';
import { INCIDENT_CATEGORY_SYMBOLS, OTHER_INCIDENT } from './incident-symbols';
import { unitSidc } from './unit-symbols';

interface Picture {
  key: string;
  label: string;
  url: string;
  width: number;
  height: number;
}

function picture(key: string, label: string, sidc: string, fillColor?: string): Picture {
  const symbol = new ms.Symbol(sidc, { size: 14, ...(fillColor ? { fillColor } : {}) });
  const { width, height } = symbol.getSize();
  return { key, label, url: symbol.toDataURL(), width: Math.round(width), height: Math.round(height) };
}

function PictureList({ label, pictures }: { label: string; pictures: readonly Picture[] }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-x-3 gap-y-1">
      {pictures.map((item) => (
        <li key={item.key} className="flex items-center gap-2">
          <img src={item.url} alt="" width={item.width} height={item.height} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** Each unit kind's symbol (without a status badge; those are listed apart) beside its name; loaded with milsymbol, lazily. */
export function UnitKindLegend() {
  const pictures = useMemo(() => UNIT_KINDS.map((kind) => picture(kind, UNIT_KIND_LABELS[kind], unitSidc(kind))), []);
  return <PictureList label="Unit kinds" pictures={pictures} />;
}

/** Each incident category group's symbol, in a neutral fill (the map fills it with the severity's colour). */
export function IncidentCategoryLegend() {
  const pictures = useMemo(
    () => [...INCIDENT_CATEGORY_SYMBOLS, OTHER_INCIDENT].map((entry) => picture(entry.group, entry.label, entry.sidc, '#ced4da')),
    [],
  );
  return <PictureList label="Incident categories" pictures={pictures} />;
}
