import { describe, expect, it } from 'vitest';
import { deviceAccountEmail } from '@argus/contracts/http/devices';
import { describeAuditTarget, personText } from './audit-target';

const ID = '0b7c3a52-1d2e-4f60-9a8b-7c6d5e4f3a21';
const ALICE = { id: ID, email: 'alice@argus.test', full_name: 'Alice Ops' };
const entry = (target: string | null, more: Partial<Parameters<typeof describeAuditTarget>[0]> = {}) => ({
  target,
  targetUser: null,
  actor: null,
  subject: null,
  detail: {},
  ...more,
});

describe('describeAuditTarget', () => {
  it('names a user target by name and address, keeping the id to search by', () => {
    expect(describeAuditTarget(entry(ID, { targetUser: ALICE }))).toEqual({ text: 'Alice Ops (alice@argus.test)', raw: ID });
    expect(describeAuditTarget(entry(ID, { actor: ALICE }))).toEqual({ text: 'Alice Ops (alice@argus.test)', raw: ID });
  });

  it('shortens other ids, with the name the entry recorded when there is one', () => {
    expect(describeAuditTarget(entry(ID))).toEqual({ text: '0b7c3a52…', raw: ID });
    expect(describeAuditTarget(entry(ID, { detail: { name: 'Harbour chart' } }))).toEqual({ text: 'Harbour chart (0b7c3a52…)', raw: ID });
    // An offline area's label describes what was sent, not the unit the target is.
    expect(describeAuditTarget(entry(ID, { detail: { area: 'x', label: 'North beat' } }))?.text).toBe('0b7c3a52…');
  });

  it('shows an address as it is, and nothing for a setting the action already names', () => {
    expect(describeAuditTarget(entry('someone@argus.test'))).toEqual({ text: 'someone@argus.test', raw: null });
    expect(describeAuditTarget(entry('home_area'))).toBeNull();
    expect(describeAuditTarget(entry(null))).toBeNull();
  });

  it('names a device by its name alone, never by the address its account was made with', () => {
    const display = { id: ID, email: deviceAccountEmail('df74402a-c94e-4851-a01c-9e5a0de42cd7'), full_name: 'Wall display: Phone wall' };
    expect(personText(display)).toBe('Wall display: Phone wall');
    expect(describeAuditTarget(entry(ID, { actor: display }))?.text).toBe('Wall display: Phone wall');
    expect(personText(ALICE)).toBe('Alice Ops (alice@argus.test)');
  });
});
