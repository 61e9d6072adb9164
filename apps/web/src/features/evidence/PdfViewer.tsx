import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { describePdfError, drawPage, openPdf, type PDFDocumentProxy } from './pdf-document';
import './pdf-text-layer.css';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const FIT = ZOOMS.indexOf(1);

export interface PdfViewerProps {
  url: string;
  name: string;
  /** Called once the document has been read (its view is then in the custody log). */
  onShown: () => void;
}

/**
 * A PDF read in place (docs/decisions/0060-pdfs-read-in-place-with-pdfjs.md): one page at a time,
 * drawn to fit the viewer's width (so it fits a 360 px phone) times the chosen zoom, with its text
 * laid over the picture. Buttons and the keys ←/→, PageUp/PageDown, + and − on the page move and zoom.
 */
export default function PdfViewer({ url, name, onShown }: PdfViewerProps) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [zoomIndex, setZoomIndex] = useState<number>(FIT);
  const [width, setWidth] = useState(0);
  const [drawing, setDrawing] = useState(true);
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const shown = useRef(onShown);
  shown.current = onShown;

  useEffect(() => {
    const abort = new AbortController();
    let opened: PDFDocumentProxy | null = null;
    setDoc(null);
    setError(null);
    setPageNumber(1);
    openPdf(url, abort.signal).then(
      (document) => {
        opened = document;
        if (abort.signal.aborted) return void document.destroy();
        setDoc(document);
        shown.current();
      },
      (failure: unknown) => {
        if (!abort.signal.aborted) setError(describePdfError(failure));
      },
    );
    return () => {
      abort.abort();
      void opened?.destroy();
    };
  }, [url]);

  // The page is drawn to the frame's width, so it follows the window (a phone turned, a sidebar opened).
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    const text = textRef.current;
    if (!doc || !canvas || !text || width === 0) return undefined;
    let cancelled = false;
    let cancelDrawing = () => undefined as void;
    setDrawing(true);
    void doc.getPage(pageNumber).then(
      async (page) => {
        if (cancelled) return;
        const fit = width / page.getViewport({ scale: 1 }).width;
        const drawn = drawPage(page, fit * (ZOOMS[zoomIndex] ?? 1), canvas, text);
        cancelDrawing = drawn.cancel;
        try {
          await drawn.done;
          if (!cancelled) setDrawing(false);
        } catch (failure) {
          if (!cancelled && (failure as Error).name !== 'RenderingCancelledException') setError(describePdfError(failure));
        }
      },
      (failure: unknown) => !cancelled && setError(describePdfError(failure)),
    );
    return () => {
      cancelled = true;
      cancelDrawing();
    };
  }, [doc, pageNumber, zoomIndex, width]);

  const pages = doc?.numPages ?? 0;
  const previous = () => setPageNumber((current) => Math.max(1, current - 1));
  const next = () => setPageNumber((current) => Math.min(pages, current + 1));
  const zoomOut = () => setZoomIndex((current) => Math.max(0, current - 1));
  const zoomIn = () => setZoomIndex((current) => Math.min(ZOOMS.length - 1, current + 1));
  const handleKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: previous,
      PageUp: previous,
      ArrowRight: next,
      PageDown: next,
      '+': zoomIn,
      '=': zoomIn,
      '-': zoomOut,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <section aria-label={`PDF viewer: ${name}`} className="space-y-2" data-testid="pdf-viewer">
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Pages and zoom">
        <Button variant="secondary" onClick={previous} disabled={!doc || pageNumber <= 1} aria-label="Previous page">
          ‹ Prev
        </Button>
        <span className="min-w-24 text-center tabular-nums" aria-live="polite" data-testid="pdf-page">
          {doc ? `Page ${pageNumber} of ${pages}` : 'Opening...'}
        </span>
        <Button variant="secondary" onClick={next} disabled={!doc || pageNumber >= pages} aria-label="Next page">
          Next ›
        </Button>
        <span className="flex items-center gap-2 sm:ml-auto">
          <Button variant="secondary" onClick={zoomOut} disabled={!doc || zoomIndex === 0} aria-label="Zoom out">
            −
          </Button>
          <span className="w-14 text-center tabular-nums" aria-live="polite" data-testid="pdf-zoom">
            {`${Math.round((ZOOMS[zoomIndex] ?? 1) * 100)}%`}
          </span>
          <Button variant="secondary" onClick={zoomIn} disabled={!doc || zoomIndex === ZOOMS.length - 1} aria-label="Zoom in">
            +
          </Button>
          <Button variant="ghost" onClick={() => setZoomIndex(FIT)} disabled={!doc || zoomIndex === FIT}>
            Fit width
          </Button>
        </span>
      </div>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div
        ref={frameRef}
        // Focusable so the keys work once the reader clicks or tabs into the page.
        tabIndex={0}
        onKeyDown={handleKey}
        aria-label={`Page ${pageNumber} of ${name}; arrow keys turn pages, + and − zoom`}
        aria-busy={drawing}
        className="max-h-[80dvh] w-full overflow-auto rounded-md border border-line bg-surface-sunken focus-visible:outline focus-visible:outline-2 focus-visible:outline-gold"
      >
        <div className="relative w-max bg-white">
          <canvas ref={canvasRef} className="block" />
          <div ref={textRef} className="textLayer" data-testid="pdf-text" />
        </div>
      </div>
    </section>
  );
}
