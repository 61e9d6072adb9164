import { describe, expect, it } from 'vitest';
import { SHARED_CHANNELS, type Channel } from '@argus/contracts/realtime/protocol';
import { ROLES } from '@argus/contracts/roles';
import { channelAccess, needsFieldScope, type FieldScope } from './channel-access';

const scope: FieldScope = { unitIds: new Set(['u-mine']), incidentIds: new Set(['i-assigned']) };
const others: Channel[] = ['incident:i-other', 'unit:u-other', 'user:someone-else'];

function allowed(role: string, channels: readonly Channel[]): Channel[] {
  return channels.filter((channel) => channelAccess({ id: 'me', role }, channel, scope).allowed);
}

describe('channel access', () => {
  const every: Channel[] = [...SHARED_CHANNELS, 'incident:i-assigned', 'unit:u-mine', 'user:me', ...others];

  it('gives command every channel, including other users’', () => {
    for (const role of ['Super_Admin', 'Command_Admin']) expect(allowed(role, every)).toEqual(every);
  });

  it('gives analysts the shared channels, every incident and unit, and only their own user channel', () => {
    expect(allowed('Intelligence_Analyst', every)).toEqual([...SHARED_CHANNELS, 'incident:i-assigned', 'unit:u-mine', 'user:me', 'incident:i-other', 'unit:u-other']);
  });

  it('gives a field unit its own units, its assigned incidents, broadcasts and public alerts', () => {
    expect(allowed('Field_Unit', every)).toEqual(['public-alerts', 'broadcast', 'incident:i-assigned', 'unit:u-mine', 'user:me']);
  });

  it('refuses a field unit its unit and incident channels when no scope was looked up', () => {
    expect(channelAccess({ id: 'me', role: 'Field_Unit' }, 'unit:u-mine').allowed).toBe(false);
    expect(channelAccess({ id: 'me', role: 'Field_Unit' }, 'incident:i-assigned').allowed).toBe(false);
  });

  it('gives a civic reporter only public alerts and their own user channel', () => {
    expect(allowed('Civic_Reporter', every)).toEqual(['public-alerts', 'user:me']);
  });

  it('refuses an unknown role everything but its own user channel, and says why', () => {
    expect(allowed('Visitor', every)).toEqual(['user:me']);
    expect(channelAccess({ id: 'me', role: 'Civic_Reporter' }, 'reports')).toEqual({ allowed: false, reason: 'Your role does not see this channel.' });
  });

  it('needs the field scope only for a field unit’s unit and incident channels', () => {
    const needing = ROLES.flatMap((role) => every.filter((channel) => needsFieldScope({ id: 'me', role }, channel)).map((channel) => `${role} ${channel}`));
    expect(needing).toEqual(['Field_Unit incident:i-assigned', 'Field_Unit unit:u-mine', 'Field_Unit incident:i-other', 'Field_Unit unit:u-other']);
  });
});
