import { describe, expect, it } from 'vitest';
import type { Channel } from '@argus/contracts/realtime/protocol';
import { channelAccess, needsFieldScope, type FieldScope } from './channel-access';

const scope: FieldScope = { unitIds: new Set(['u1']), incidentIds: new Set(['i1']) };
const allowed = (role: string, channel: Channel, fieldScope?: FieldScope) => channelAccess({ id: 'me', role }, channel, fieldScope).allowed;
const each = (...channels: Channel[]) => channels;

describe('who may subscribe to which channel', () => {
  it('command hears every channel, even another user’s', () => {
    for (const channel of each('incidents', 'evidence', 'unit:u9', 'incident:i9', 'user:someone'))
      expect(allowed('Command_Admin', channel)).toBe(true);
  });

  it('analysts see every unit and incident and the shared boards, but no one else’s user channel', () => {
    for (const channel of each('incidents', 'streams', 'cameras', 'evidence', 'unit:u9', 'incident:i9', 'user:me'))
      expect(allowed('Intelligence_Analyst', channel)).toBe(true);
    expect(allowed('Intelligence_Analyst', 'user:someone')).toBe(false);
  });

  it('a field unit hears its own units and incidents, broadcasts and public alerts', () => {
    expect(allowed('Field_Unit', 'unit:u1', scope)).toBe(true);
    expect(allowed('Field_Unit', 'incident:i1', scope)).toBe(true);
    expect(allowed('Field_Unit', 'unit:u9', scope)).toBe(false);
    expect(allowed('Field_Unit', 'incident:i9', scope)).toBe(false);
    expect(allowed('Field_Unit', 'broadcast')).toBe(true);
    expect(allowed('Field_Unit', 'incidents')).toBe(false);
    expect(allowed('Field_Unit', 'streams')).toBe(false);
  });

  it('a civic reporter hears public alerts and its own user channel only', () => {
    expect(allowed('Civic_Reporter', 'public-alerts')).toBe(true);
    expect(allowed('Civic_Reporter', 'user:me')).toBe(true);
    for (const channel of each('broadcast', 'reports', 'unit:u1', 'incident:i1'))
      expect(allowed('Civic_Reporter', channel, scope)).toBe(false);
  });

  it('only the readers of TAK contacts (policies/tak.ts) hear "tak"', () => {
    expect(allowed('Super_Admin', 'tak')).toBe(true);
    expect(allowed('Command_Admin', 'tak')).toBe(true);
    expect(allowed('Intelligence_Analyst', 'tak')).toBe(false);
    expect(allowed('Field_Unit', 'tak', scope)).toBe(false);
    expect(allowed('Civic_Reporter', 'tak')).toBe(false);
  });

  it('an unknown role hears nothing shared', () => {
    expect(allowed('Operator', 'public-alerts')).toBe(false);
    expect(allowed('constructor', 'incidents')).toBe(false);
  });

  it('only a field unit’s unit and incident channels need its scope read from the database', () => {
    expect(needsFieldScope({ id: 'me', role: 'Field_Unit' }, 'unit:u1')).toBe(true);
    expect(needsFieldScope({ id: 'me', role: 'Field_Unit' }, 'broadcast')).toBe(false);
    expect(needsFieldScope({ id: 'me', role: 'Intelligence_Analyst' }, 'unit:u1')).toBe(false);
  });
});
