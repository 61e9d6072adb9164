import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles';
import { INCIDENT_STATUSES } from '../incidents';
import { managesCallerLinks, takesCallerLinks } from './caller-links';

describe('caller location links policy', () => {
  it('lets command and analysts manage links, and nobody else', () => {
    const managers = ROLES.filter((role) => managesCallerLinks(role));
    expect(managers).toEqual(expect.arrayContaining(['Super_Admin', 'Command_Admin', 'Intelligence_Analyst']));
    expect(managers).not.toContain('Field_Unit');
    expect(managers).not.toContain('Civic_Reporter');
    expect(managesCallerLinks(null)).toBe(false);
  });

  it('gives links only to incidents still being worked', () => {
    expect(INCIDENT_STATUSES.filter(takesCallerLinks)).toEqual(['new', 'triaged', 'dispatched', 'on_scene']);
  });
});
