import { describe, expect, it } from 'vitest';
import { bugReportHref } from './bug-report';

describe('bugReportHref', () => {
  const href = bugReportHref({
    message: 'Cannot read properties of undefined & more',
    stack: 'Error: x\n    at Page (app.js:1:2)',
    url: 'https://localhost/command?x=1',
    time: new Date('2026-01-02T03:04:05.000Z'),
  });

  it('addresses the support mailbox', () => {
    expect(href.startsWith('mailto:support@argus.localhost?subject=')).toBe(true);
  });

  it('encodes the subject and body so the draft opens intact', () => {
    const query = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(query.get('subject')).toBe('Argus System Error: Cannot read properties of undefined & more');
    const body = query.get('body') ?? '';
    expect(body).toContain('URL: https://localhost/command?x=1');
    expect(body).toContain('Time: 2026-01-02T03:04:05.000Z');
    expect(body).toContain('Version: 2.0.0');
    expect(body).toContain('at Page (app.js:1:2)');
  });
});
