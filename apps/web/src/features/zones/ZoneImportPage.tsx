import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { displayFileName } from '@argus/contracts/file-names';
import type { CommitImportResponse, FeatureProblem, ImportPreviewResponse, PreviewFeature } from '@argus/contracts/http/zones';
import { ZONE_IMPORT_LIMITS } from '@argus/contracts/zones';
import { Button } from '../../components/ui/Button';
import { FileDropZone } from '../../components/ui/FileDropZone';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError } from '../../lib/api-error';
import { OperationalMap } from '../../lib/map/OperationalMap';
import type { OverlayGeometry } from '../../lib/map/overlay';
import { importPreviewOverlay, type PreviewMark, type PreviewShape } from '../../lib/map/overlays/zones';
import { distinctValues, guessNameField, guessRiskField, initialRiskMap, previewStatus } from './import-choices';
import { ImportChoices, type ImportSettings } from './ImportChoices';
import { ImportFeatureList } from './ImportFeatureList';
import { ImportHistory } from './ImportHistory';
import { useCommitImportMutation, usePreviewImportMutation } from './zones.mutations';

const DRAWABLE = new Set(['Point', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']);
/** The words beside a problem's mark on the preview map; the list beside it says the rest. */
const MARK_LABELS: Partial<Record<FeatureProblem['code'], string>> = { self_intersection: 'Crosses itself' };

/** The problems found at one place, marked on the preview map where they are. */
function problemMarks(feature: PreviewFeature): PreviewMark[] {
  return feature.problems.flatMap((problem) =>
    problem.at ? [{ at: problem.at, problem: problem.code, label: MARK_LABELS[problem.code] ?? 'Problem here' }] : [],
  );
}

function settingsFor(preview: ImportPreviewResponse): ImportSettings {
  const riskField = guessRiskField(preview.attributes);
  return {
    nameField: guessNameField(preview.attributes),
    riskField,
    riskMap: riskField ? initialRiskMap(distinctValues(preview.features, riskField)) : {},
    defaultRisk: 'elevated',
    kind: 'ungoverned',
  };
}

/** /zone-import: upload a file, preview every feature with its problems and repairs, choose fields, import, undo (docs/decisions/0011-what-each-page-does.md). */
export function ZoneImportPage() {
  const previewMutation = usePreviewImportMutation();
  const commit = useCommitImportMutation();
  const [preview, setPreview] = useState<ImportPreviewResponse | null>(null);
  const [settings, setSettings] = useState<ImportSettings | null>(null);
  const [included, setIncluded] = useState<Set<number>>(() => new Set());
  const [selected, setSelected] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<CommitImportResponse | null>(null);

  const handleFile = (file: File) => {
    setOutcome(null);
    setPreview(null);
    commit.reset();
    previewMutation.mutate(file, {
      onSuccess: (answer) => {
        setPreview(answer);
        setSettings(settingsFor(answer));
        setIncluded(new Set(answer.features.filter((feature) => feature.importable).map((feature) => feature.index)));
        setSelected(null);
      },
    });
  };

  const overlays = useMemo(() => {
    if (!preview) return [];
    const shapes: PreviewShape[] = preview.features.flatMap((feature) => {
      const geometry = feature.importable ?? feature.geometry;
      return geometry && DRAWABLE.has(geometry.type)
        ? [{ index: feature.index, status: previewStatus(feature), geometry: geometry as OverlayGeometry, marks: problemMarks(feature) }]
        : [];
    });
    return [importPreviewOverlay(shapes, selected)];
  }, [preview, selected]);

  const counts = preview
    ? {
        valid: preview.features.filter((f) => previewStatus(f) === 'valid').length,
        repaired: preview.features.filter((f) => previewStatus(f) === 'repaired').length,
        invalid: preview.features.filter((f) => previewStatus(f) === 'invalid').length,
      }
    : null;
  const riskValues = preview && settings?.riskField ? distinctValues(preview.features, settings.riskField) : [];
  const chosen = preview ? preview.features.filter((feature) => feature.importable && included.has(feature.index)).length : 0;

  const submit = () => {
    if (!preview || !settings) return;
    commit.mutate(
      { previewId: preview.previewId, ...settings, include: [...included] },
      {
        onSuccess: (answer) => {
          setOutcome(answer);
          setPreview(null);
        },
      },
    );
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="import-file-heading" className="space-y-2">
        <h2 id="import-file-heading" className="text-lg font-semibold">
          Choose a file
        </h2>
        <FileDropZone
          label={`GeoJSON, KML, KMZ, GPX or a zipped shapefile (.shp with its .dbf, .shx and .prj), at most ${ZONE_IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB`}
          accept=".geojson,.json,.kml,.kmz,.gpx,.zip"
          onFile={handleFile}
          dropText="Drop the file to preview it"
          disabled={previewMutation.isPending}
        />
        {previewMutation.isPending ? <p role="status">Reading the file...</p> : null}
        {previewMutation.isError ? (
          <FormMessage tone="error">{`The file could not be previewed: ${describeError(previewMutation.error)}`}</FormMessage>
        ) : null}
      </section>

      {outcome ? (
        <section aria-labelledby="import-outcome-heading" className="space-y-2">
          <h2 id="import-outcome-heading" className="text-lg font-semibold">
            Import finished
          </h2>
          <FormMessage tone="success">{`Imported ${outcome.import.imported} zone${outcome.import.imported === 1 ? '' : 's'} from ${displayFileName(outcome.import.filename)}; ${outcome.rejected.length} refused.`}</FormMessage>
          {outcome.rejected.length ? (
            <ul className="list-disc space-y-0.5 pl-5 text-sm">
              {outcome.rejected.map((feature) => (
                <li key={feature.index}>{`${feature.name}: ${feature.reasons.join(' ')}`}</li>
              ))}
            </ul>
          ) : null}
          <Link to="/ungoverned-zones" className="underline">
            See the zones
          </Link>
        </section>
      ) : null}

      {preview && settings && counts ? (
        <section aria-labelledby="import-preview-heading" className="space-y-3">
          <h2 id="import-preview-heading" className="text-lg font-semibold">{`Preview of ${displayFileName(preview.filename)}`}</h2>
          <p role="status">{`${preview.features.length} features (${preview.format}): ${counts.valid} ready, ${counts.repaired} repaired, ${counts.invalid} refused.`}</p>
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(22rem,2fr)]">
            <OperationalMap
              overlays={overlays}
              onPick={(pick) => {
                if (pick.feature) setSelected(Number(pick.feature.id));
              }}
              goTo
              opensOnData
              label="Preview map: green ready, blue repaired, red refused"
              className="h-[28rem] overflow-hidden rounded-lg border border-line"
            />
            <ImportFeatureList
              features={preview.features}
              nameField={settings.nameField}
              filename={preview.filename}
              included={included}
              onToggle={(index) =>
                setIncluded((current) => {
                  const next = new Set(current);
                  if (next.has(index)) next.delete(index);
                  else next.add(index);
                  return next;
                })
              }
              selected={selected}
              onSelect={setSelected}
            />
          </div>
          <ImportChoices attributes={preview.attributes} riskValues={riskValues} settings={settings} onChange={setSettings} />
          <div className="flex flex-wrap items-center gap-2">
            <Button
              onClick={submit}
              disabled={chosen === 0 || commit.isPending}
            >{`Import ${chosen} zone${chosen === 1 ? '' : 's'}`}</Button>
            <Button variant="ghost" onClick={() => setPreview(null)}>
              Discard
            </Button>
          </div>
          {commit.isError ? <FormMessage tone="error">{`Nothing was imported: ${describeError(commit.error)}`}</FormMessage> : null}
        </section>
      ) : null}

      <ImportHistory />
    </div>
  );
}
