import { PRODUCT_NAME, PRODUCT_VERSION, SUPPORT_EMAIL } from '@argus/contracts/product';

export interface BugDetails {
  message: string;
  stack?: string;
  url: string;
  time: Date;
}

/** A mailto: draft to support with everything needed to reproduce the error. */
export function bugReportHref(details: BugDetails): string {
  const subject = `${PRODUCT_NAME} System Error: ${details.message}`.slice(0, 200);
  const body = [
    `Error: ${details.message}`,
    `URL: ${details.url}`,
    `Time: ${details.time.toISOString()}`,
    `Version: ${PRODUCT_VERSION}`,
    '',
    'Stack:',
    details.stack ?? '(none)',
  ].join('\n');
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
