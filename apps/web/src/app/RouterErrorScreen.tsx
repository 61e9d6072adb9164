import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { TEXT } from '@argus/contracts/catalogue';
import { buttonClasses } from '../components/ui/Button';
import { isChunkLoadError } from '../features/analytics/chunk-errors';
import { reportError } from '../features/analytics/error-reporting';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The router's fallback, in the style of its default: docs/specification.md fixes the heading and shows the
 * status text or message. A failed chunk load (a new deploy) is fixed by reloading, so say so.
 */
export function RouterErrorScreen() {
  const error = useRouteError();
  const detail = describe(error);

  useEffect(() => {
    if (isRouteErrorResponse(error)) return;
    reportError({ message: detail, stack: error instanceof Error ? error.stack : undefined });
  }, [error, detail]);

  return (
    <main id="main-content" tabIndex={-1} className="mx-auto max-w-2xl space-y-4 p-6">
      <h1 className="text-2xl font-bold">{TEXT.router.unexpected}</h1>
      <p className="text-lg text-danger">{detail}</p>
      {isChunkLoadError(detail) ? <p>A new version of Argus may have been released. Reloading fetches it.</p> : null}
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Reload
        </button>
        <a href="/" className={buttonClasses('secondary')}>
          Go Home
        </a>
      </div>
    </main>
  );
}
