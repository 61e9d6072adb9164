import { NotYetAvailable } from '../../components/NotYetAvailable';

/** /evidence-review: evidence with its chain of custody (DESIGN section 2). */
export function EvidenceReviewPage() {
  return (
    <NotYetAvailable>
      Every evidence item (photos, videos, recordings, documents) with its SHA-256, who captured it,
      when and where; a viewer; its append-only chain of custody (every view, download, link and
      status change); accept or reject; links to incidents; and export of a package with a manifest
      of hashes.
    </NotYetAvailable>
  );
}
