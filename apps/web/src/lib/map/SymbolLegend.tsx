import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import ms from 'milsymbol';
import { UNIT_KINDS } from '@argus/contracts/units';
import { UNIT_KIND_LABELS } from '../../features/units/unit-labels';
import { unitSymbolQueries } from '../../features/unit-symbols/unit-symbols.queries';
import { ALERT_SIDC } from './alert-symbols';
import { CAMERA_KIND_SIDCS } from './camera-symbols';
import { INCIDENT_CATEGORY_SYMBOLS, OTHER_INCIDENT } from './incident-symbols';
import { ALERT_COLOURS, REPORT_COLOUR } from './palette';
import { REPORT_KIND_SIDCS } from './report-symbols';
import { unitSidcs } from './unit-symbols';

interface Picture {
  key: string;
  sidc: string;
  label: string;
  url: string;
  width: number;
  height: number;
}

function picture(key: string, label: string, sidc: string, fillColor?: string): Picture {
  const symbol = new ms.Symbol(sidc, { size: 14, ...(fillColor ? { fillColor } : {}) });
  const { width, height } = symbol.getSize();
  return { key, sidc, label, url: symbol.toDataURL(), width: Math.round(width), height: Math.round(height) };
}

function PictureList({ label, pictures }: { label: string; pictures: readonly Picture[] }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-x-3 gap-y-1">
      {pictures.map((item) => (
        <li key={item.key} data-sidc={item.sidc} className="flex items-center gap-2">
          <img src={item.url} alt="" width={item.width} height={item.height} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * Each unit kind's symbol (without a status badge; those are listed apart) beside its label, both from
 * the administrators' unit symbol table; loaded with milsymbol, lazily. Each picture is named by its
 * code (`data-sidc`), the same code the map's unit images are named by.
 */
export function UnitKindLegend() {
  const table = useQuery(unitSymbolQueries.table());
  const kinds = table.data?.unitKinds;
  const pictures = useMemo(() => {
    const sidcs = unitSidcs(kinds);
    const labels = new Map(kinds?.map((entry) => [entry.kind, entry.label]));
    return UNIT_KINDS.map((kind) => picture(kind, labels.get(kind) ?? UNIT_KIND_LABELS[kind], sidcs(kind)));
  }, [kinds]);
  if (table.isPending) return <p className="text-ink-muted">Loading unit symbols...</p>;
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

/** Cameras and sensors, as the surveillance map draws them (health is a badge, listed apart). */
export function CameraKindLegend() {
  const pictures = useMemo(
    () => [picture('camera', 'Camera', CAMERA_KIND_SIDCS.camera), picture('sensor', 'Sensor', CAMERA_KIND_SIDCS.sensor)],
    [],
  );
  return <PictureList label="Cameras and sensors" pictures={pictures} />;
}

/** The alert and report symbols (severity and triage status are badges, listed apart). */
export function AlertReportLegend({ alerts, reports }: { alerts: boolean; reports: boolean }) {
  const pictures = useMemo(
    () => [
      ...(alerts ? [picture('alert', 'Alert', ALERT_SIDC, ALERT_COLOURS.warning)] : []),
      ...(reports
        ? [
            picture('civic', 'Civic report', REPORT_KIND_SIDCS.civic, REPORT_COLOUR),
            picture('field', 'Field report', REPORT_KIND_SIDCS.field),
          ]
        : []),
    ],
    [alerts, reports],
  );
  return <PictureList label="Alerts and reports" pictures={pictures} />;
}
