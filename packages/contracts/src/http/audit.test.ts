import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, auditActionLabel } from './audit';

describe('audit action labels', () => {
  it('give every action a label in words, each its own', () => {
    const labels = AUDIT_ACTIONS.map((action) => auditActionLabel(action));
    for (const [index, label] of labels.entries()) {
      expect(label, AUDIT_ACTIONS[index]).toMatch(/^[A-Z][A-Za-z-]*( [A-Za-z:-]+)*$/);
    }
    expect(new Set(labels).size).toBe(labels.length);
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it('show the code of an action this version does not know', () => {
    expect(auditActionLabel('auth.someday')).toBe('auth.someday');
  });
});
