import { postErrorReport } from './analytics-client';
import { isChunkLoadError, messageOf } from './chunk-errors';

export interface ReportableError {
  message: string;
  filename?: string;
  line?: number;
  column?: number;
  stack?: string;
}

/** Sends one error to the platform's own error endpoint, unless it is an expected chunk failure. */
export function reportError(error: ReportableError): void {
  if (isChunkLoadError(error.message)) return;
  void postErrorReport({
    message: error.message.slice(0, 4096),
    filename: (error.filename ?? '').slice(0, 2048),
    line: Math.max(0, Math.trunc(error.line ?? 0)),
    column: Math.max(0, Math.trunc(error.column ?? 0)),
    stack: (error.stack ?? '').slice(0, 16_384),
    timestamp: Date.now(),
    url: window.location.href.slice(0, 2048),
    userAgent: navigator.userAgent.slice(0, 1024),
  });
}

/** Reports unhandled window errors and promise rejections for the lifetime of the page. */
export function installGlobalErrorReporting(): void {
  window.addEventListener('error', (event) => {
    const stack = event.error instanceof Error ? event.error.stack : undefined;
    console.error('Unhandled error', event.error ?? event.message);
    reportError({
      message: event.message || messageOf(event.error),
      filename: event.filename,
      line: event.lineno,
      column: event.colno,
      stack,
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    console.error('Unhandled promise rejection', reason);
    reportError({ message: messageOf(reason), stack: reason instanceof Error ? reason.stack : undefined });
  });
}
