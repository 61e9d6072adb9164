import { describe, expect, it } from 'vitest';
import { auditSearchParams } from './audit.queries';

describe('auditSearchParams', () => {
  it('sends only the filters that are set, with whole local days', () => {
    expect(auditSearchParams({ action: '', fromDate: '', toDate: '', text: '  ' }).toString()).toBe('limit=50');
    const params = auditSearchParams({ action: 'auth.switch', fromDate: '2026-11-01', toDate: '2026-11-02', text: ' ops@ ' }, 42);
    expect(params.get('action')).toBe('auth.switch');
    expect(Number(params.get('from'))).toBe(new Date(2026, 10, 1).getTime());
    expect(Number(params.get('to'))).toBe(new Date(2026, 10, 3).getTime() - 1);
    expect(params.get('q')).toBe('ops@');
    expect(params.get('before')).toBe('42');
  });
});
