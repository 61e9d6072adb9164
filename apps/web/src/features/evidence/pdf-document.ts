import { GlobalWorkerOptions, getDocument, TextLayer, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist';
// The worker is a file of the app's own origin (worker-src 'self'), left out of the service worker's precache.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js, loaded only with the PDF viewer (docs/decisions/0060-pdfs-read-in-place-with-pdfjs.md).
 * The app's CSP has no 'unsafe-eval', so pdf.js is told not to compile font programs with eval;
 * it interprets them instead, which is slower but renders the same page.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

export type { PDFDocumentProxy };

/** Reads the evidence content (one request, part of the view that opened it) and parses it as a PDF. */
export async function openPdf(url: string, signal: AbortSignal): Promise<PDFDocumentProxy> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`The server answered ${response.status} for the PDF.`);
  const data = new Uint8Array(await response.arrayBuffer());
  return getDocument({ data, isEvalSupported: false, enableXfa: false }).promise;
}

/** What went wrong opening a PDF, in words for the reader. */
export function describePdfError(error: unknown): string {
  if (error instanceof Error && error.name === 'PasswordException')
    return 'This PDF is protected by a password and cannot be shown here; download the original to open it.';
  return `This PDF could not be shown: ${(error instanceof Error ? error.message : 'it is not a readable PDF').replace(/\.?$/, '.')} Download the original to read it.`;
}

export interface DrawnPage {
  cancel(): void;
  done: Promise<void>;
}

/**
 * Draws one page into a canvas at `scale` (sharp on high-density screens) and lays its text over it
 * as a transparent, selectable text layer that screen readers and find-in-page can read.
 */
export function drawPage(page: PDFPageProxy, scale: number, canvas: HTMLCanvasElement, textLayer: HTMLElement): DrawnPage {
  const viewport = page.getViewport({ scale });
  const density = window.devicePixelRatio || 1;
  canvas.width = Math.floor(viewport.width * density);
  canvas.height = Math.floor(viewport.height * density);
  canvas.style.width = `${Math.floor(viewport.width)}px`;
  canvas.style.height = `${Math.floor(viewport.height)}px`;
  const context = canvas.getContext('2d');
  if (!context) return { cancel: () => undefined, done: Promise.reject(new Error('This browser cannot draw on a canvas.')) };
  const render = page.render({
    canvasContext: context,
    viewport,
    transform: density === 1 ? undefined : [density, 0, 0, density, 0, 0],
  });
  textLayer.replaceChildren();
  textLayer.style.setProperty('--scale-factor', String(scale));
  const text = new TextLayer({ textContentSource: page.streamTextContent(), container: textLayer, viewport });
  return {
    cancel: () => {
      render.cancel();
      text.cancel();
    },
    done: Promise.all([render.promise, text.render()]).then(() => undefined),
  };
}
