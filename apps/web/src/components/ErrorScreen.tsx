import { AlertTriangle } from 'lucide-react';
import { ERROR_SCREEN_MAX_RETRIES } from '@argus/contracts/constants';
import { TEXT } from '@argus/contracts/catalogue';
import { PRODUCT_VERSION } from '@argus/contracts/product';
import { Button, buttonClasses } from './ui/Button';
import { bugReportHref } from './bug-report';

export interface ErrorScreenProps {
  error: Error;
  retryCount: number;
  occurredAt: Date;
  onRetry: () => void;
  onReset: () => void;
}

/** The error screen of docs/specification.md. It depends on no provider, because it shows when they have failed. */
export function ErrorScreen({ error, retryCount, occurredAt, onRetry, onReset }: ErrorScreenProps) {
  const retriesLeft = Math.max(0, ERROR_SCREEN_MAX_RETRIES - retryCount);
  const reportHref = bugReportHref({
    message: error.message,
    stack: error.stack,
    url: window.location.href,
    time: occurredAt,
  });
  return (
    <main id="main-content" tabIndex={-1} className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-5 p-6">
      <div className="flex items-center gap-3">
        <AlertTriangle aria-hidden="true" className="size-8 shrink-0 text-danger" />
        <h1 className="text-2xl font-bold">{TEXT.errorScreen.title}</h1>
      </div>
      <p>{TEXT.errorScreen.body}</p>
      <pre className="whitespace-pre-wrap break-words rounded-md border border-line bg-surface-sunken p-3 text-sm text-danger">
        {error.message}
      </pre>
      <div className="grid grid-cols-2 gap-3">
        <Button onClick={onRetry} disabled={retriesLeft === 0}>
          {`${TEXT.errorScreen.retry} (${retriesLeft} left)`}
        </Button>
        <Button variant="secondary" onClick={onReset}>
          {TEXT.errorScreen.reset}
        </Button>
        <a href="/" className={buttonClasses('secondary')}>
          {TEXT.errorScreen.goHome}
        </a>
        <a href={reportHref} className={buttonClasses('secondary')}>
          {TEXT.errorScreen.reportBug}
        </a>
      </div>
      <div className="space-y-1 text-sm text-ink-muted">
        <p>{`Retry count: ${retryCount}/${ERROR_SCREEN_MAX_RETRIES}`}</p>
        <p>
          Time: <time dateTime={occurredAt.toISOString()}>{occurredAt.toLocaleString()}</time>
        </p>
        <p>{`Version ${PRODUCT_VERSION}`}</p>
      </div>
    </main>
  );
}
