import type { Report } from '@argus/contracts/http/reports';
import { formatDistance } from '../../lib/geo/distance';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { coordinateReadings } from '../../lib/geo/format-coordinate';
import { formatAge, formatDateTime } from '../../lib/time-format';
import { reportStatusLabel, sentenceCase } from './format';

const REPORTER_KIND_LABELS: Record<Report['kind'], string> = {
  civic: 'Member of the public (civic report)',
  field: 'Field unit (field report)',
};

/** What the report says and where it comes from: text, category, reporter, place (in the reader's format and a second one) and photos. */
export function ReportFacts({ report, now }: { report: Report; now: number }) {
  const { location } = report;
  const format = useCoordinateFormat();
  const [preferred, other] = coordinateReadings(location, format);
  return (
    <div className="space-y-4">
      <p className="rounded-md border border-line bg-surface-sunken p-3 whitespace-pre-wrap break-words">{report.description}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-ink-muted">Category</dt>
        <dd>{sentenceCase(report.category)}</dd>
        <dt className="text-ink-muted">Reporter</dt>
        <dd>{REPORTER_KIND_LABELS[report.kind]}</dd>
        <dt className="text-ink-muted">Filed</dt>
        <dd>{`${formatDateTime(report.createdAt)} (${formatAge(report.createdAt, now)})`}</dd>
        <dt className="text-ink-muted">Status</dt>
        <dd>{reportStatusLabel(report.status)}</dd>
        <dt className="text-ink-muted">Tracking code</dt>
        <dd className="font-mono">{report.trackingCode}</dd>
        <dt className="text-ink-muted">{preferred.name}</dt>
        <dd className="font-mono break-words">
          {preferred.text}
          {location.accuracy !== undefined ? (
            <span className="font-sans text-ink-muted">{` ±${formatDistance(location.accuracy)}`}</span>
          ) : null}
        </dd>
        <dt className="text-ink-muted">{other.name}</dt>
        <dd className="font-mono">{other.text}</dd>
      </dl>
      {report.photos.length > 0 ? (
        <div>
          <h3 className="mb-2 font-semibold">{report.photos.length === 1 ? 'Photo' : `Photos (${report.photos.length})`}</h3>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {report.photos.map((photo, index) => {
              const src = `/reports/${encodeURIComponent(report.id)}/photos/${encodeURIComponent(photo.id)}`;
              return (
                <li key={photo.id}>
                  <a
                    href={src}
                    target="_blank"
                    rel="noreferrer"
                    className="block overflow-hidden rounded-md border border-line hover:border-gold"
                  >
                    <img
                      src={src}
                      alt={`Photo ${index + 1} of report ${report.trackingCode}`}
                      loading="lazy"
                      className="aspect-square w-full bg-surface-sunken object-cover"
                    />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
