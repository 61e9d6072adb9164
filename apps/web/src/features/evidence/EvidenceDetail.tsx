import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EvidenceItem } from '@argus/contracts/http/evidence';
import { formatBytes } from '@argus/contracts/evidence';
import { displayFileName } from '@argus/contracts/file-names';
import { describeError } from '../../lib/api-error';
import { Button, buttonClasses } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { CustodyLog } from './CustodyLog';
import { VerifiedBadge } from './VerifiedBadge';
import type { IncidentChoice } from './incident-choices';
import { useLinkEvidenceMutation, useReviewEvidenceMutation } from './evidence.mutations';
import { contentUrl, evidenceQueries } from './evidence.queries';
import { KIND_LABELS, SOURCE_LABELS, STATUS_LABELS, formatTime } from './evidence-format';

// pdf.js is large: it loads only when a PDF is opened (docs/decisions/0060-pdfs-read-in-place-with-pdfjs.md).
const PdfViewer = lazy(() => import('./PdfViewer'));

/** One item: the viewer, what is known about it, its verified badge, review and link, and its custody log. */
export function EvidenceDetail({ itemId, incidents, onClose }: { itemId: string; incidents: IncidentChoice[]; onClose: () => void }) {
  const item = useQuery(evidenceQueries.item(itemId));
  const queryClient = useQueryClient();
  // Showing the file is itself a custody entry; refresh the log once it has been served.
  const handleShown = () => {
    void queryClient.invalidateQueries({ queryKey: evidenceQueries.custody(itemId).queryKey });
    void queryClient.invalidateQueries({ queryKey: evidenceQueries.verification(itemId).queryKey });
  };
  return (
    <section aria-labelledby="evidence-detail-heading" className="space-y-4 rounded-lg border border-line p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="evidence-detail-heading" className="text-xl font-semibold break-all">
          {item.data ? displayFileName(item.data.filename) : 'Evidence item'}
        </h2>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      {item.isPending ? <p>Loading the item...</p> : null}
      {item.isError ? <p className="text-danger">{`Could not open the item: ${describeError(item.error)}`}</p> : null}
      {item.data ? (
        <>
          <VerifiedBadge itemId={itemId} />
          <Viewer item={item.data} onShown={handleShown} />
          <Facts item={item.data} incidents={incidents} />
          <Review item={item.data} />
          <LinkToIncident item={item.data} incidents={incidents} />
        </>
      ) : null}
      <CustodyLog itemId={itemId} enabled={item.isSuccess} />
    </section>
  );
}

function Viewer({ item, onShown }: { item: EvidenceItem; onShown: () => void }) {
  const src = contentUrl(item.id);
  const name = displayFileName(item.filename);
  return (
    <div className="space-y-2">
      {item.kind === 'photo' ? (
        <img
          src={src}
          alt={`Evidence photo ${name}`}
          onLoad={onShown}
          className="max-h-[28rem] max-w-full rounded-md border border-line bg-surface-sunken object-contain"
        />
      ) : null}
      {item.kind === 'video' ? (
        <video
          src={src}
          controls
          preload="metadata"
          onLoadedMetadata={onShown}
          className="max-h-[28rem] max-w-full rounded-md border border-line"
        >
          <track kind="captions" />
        </video>
      ) : null}
      {item.kind === 'audio' ? <audio src={src} controls preload="metadata" onLoadedMetadata={onShown} className="w-full" /> : null}
      {item.kind === 'document' && item.mime === 'application/pdf' ? (
        <Suspense fallback={<p className="text-ink-muted">Opening the PDF viewer...</p>}>
          <PdfViewer url={src} name={name} onShown={onShown} />
        </Suspense>
      ) : null}
      {item.kind === 'document' && item.mime !== 'application/pdf' ? (
        <p className="text-ink-muted">A plain-text document; download it to read it.</p>
      ) : null}
      <a href={contentUrl(item.id, true)} className={buttonClasses('secondary')} download={name}>
        {`Download original (${formatBytes(item.size)})`}
      </a>
    </div>
  );
}

function Facts({ item, incidents }: { item: EvidenceItem; incidents: IncidentChoice[] }) {
  const incident = item.incidentId ? (incidents.find((choice) => choice.id === item.incidentId)?.label ?? item.incidentId) : 'None';
  const rows: Array<[string, React.ReactNode]> = [
    [
      'SHA-256',
      <code key="hash" className="font-mono text-sm break-all" data-testid="evidence-sha256">
        {item.sha256}
      </code>,
    ],
    ['Size', `${formatBytes(item.size)} (${item.size.toLocaleString()} bytes)`],
    ['Type', `${KIND_LABELS[item.kind]} · ${item.mime}`],
    ['Source', SOURCE_LABELS[item.source]],
    ['Captured by', item.capturedByName ?? 'Unknown'],
    ['Captured at', item.capturedAt ? formatTime(item.capturedAt) : 'Unknown'],
    ['Captured where', item.capturedWhere ? `${item.capturedWhere.lat.toFixed(5)}, ${item.capturedWhere.lon.toFixed(5)}` : 'Unknown'],
    ['Status', `${STATUS_LABELS[item.status]}${item.statusReason ? ` — ${item.statusReason}` : ''}`],
    ['Incident', incident],
    ['Added', formatTime(item.createdAt)],
  ];
  if (item.derivedFromSha256)
    rows.push([
      'Derived from',
      <code
        key="orig"
        className="font-mono text-sm break-all"
      >{`${item.derivedFromSha256} (${item.derivation === 'metadata_removed' ? 'location and camera metadata removed' : (item.derivation ?? '')})`}</code>,
    ]);
  return (
    <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_minmax(0,1fr)]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-ink-muted">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Review({ item }: { item: EvidenceItem }) {
  const review = useReviewEvidenceMutation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const handleReject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError('Say why the evidence is rejected.');
      return;
    }
    setReasonError(undefined);
    review.mutate({ id: item.id, status: 'rejected', reason: reason.trim() });
  };
  return (
    <section aria-labelledby="review-heading" className="space-y-2">
      <h3 id="review-heading" className="text-lg font-semibold">
        Review
      </h3>
      <form onSubmit={handleReject} noValidate className="flex flex-col gap-2">
        <TextAreaField
          label="Reason (required to reject)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={2}
          maxLength={500}
          error={reasonError}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={review.isPending}
            onClick={() => review.mutate({ id: item.id, status: 'accepted', ...(reason.trim() ? { reason: reason.trim() } : {}) })}
          >
            Accept
          </Button>
          <Button type="submit" variant="danger" disabled={review.isPending}>
            Reject
          </Button>
        </div>
        {review.isError ? (
          <p role="alert" className="text-danger">
            {describeError(review.error)}
          </p>
        ) : null}
      </form>
    </section>
  );
}

function LinkToIncident({ item, incidents }: { item: EvidenceItem; incidents: IncidentChoice[] }) {
  const link = useLinkEvidenceMutation();
  const [chosen, setChosen] = useState('');
  const incidentId = chosen || incidents[0]?.id || '';
  return (
    <section aria-labelledby="link-heading" className="space-y-2">
      <h3 id="link-heading" className="text-lg font-semibold">
        Link to an incident
      </h3>
      {incidents.length === 0 ? (
        <p className="text-ink-muted">No incident is open.</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            label="Open incident"
            value={incidentId}
            options={incidents.map((incident) => ({ value: incident.id, label: incident.label }))}
            onChange={setChosen}
            className="min-w-64 flex-1"
          />
          <Button
            variant="secondary"
            disabled={link.isPending || incidentId === item.incidentId}
            onClick={() => link.mutate({ id: item.id, incidentId })}
          >
            Link
          </Button>
        </div>
      )}
      {link.isError ? (
        <p role="alert" className="text-danger">
          {describeError(link.error)}
        </p>
      ) : null}
    </section>
  );
}
