import ms from 'milsymbol';
import { describe, expect, it } from 'vitest';
import { INCIDENT_SEVERITIES } from '@argus/contracts/incidents';
import {
  INCIDENT_CATEGORY_SYMBOLS,
  OTHER_INCIDENT,
  incidentCategoryGroup,
  incidentSymbolFromName,
  incidentSymbolName,
} from './incident-symbols';

const ENTRIES = [...INCIDENT_CATEGORY_SYMBOLS, OTHER_INCIDENT];

describe('incident symbols', () => {
  it('gives every category group its own emergency management symbol that milsymbol knows', () => {
    for (const entry of ENTRIES) {
      expect(new ms.Symbol(entry.sidc).isValid(true), `${entry.group}: ${entry.sidc}`).toMatchObject({ icon: true });
      expect(entry.group).toMatch(/^[a-z]+$/);
    }
    expect(new Set(ENTRIES.map((entry) => entry.sidc)).size).toBe(ENTRIES.length);
    expect(new Set(ENTRIES.map((entry) => entry.group)).size).toBe(ENTRIES.length);
    // No word is claimed by two groups, so the table's order never silently decides.
    const words = INCIDENT_CATEGORY_SYMBOLS.flatMap((entry) => entry.words);
    expect(new Set(words).size).toBe(words.length);
  });

  it('reads free-text categories by whole word, whatever their case', () => {
    expect(incidentCategoryGroup('Fire').group).toBe('fire');
    expect(incidentCategoryGroup('warehouse fire').group).toBe('fire');
    expect(incidentCategoryGroup('Gas leak, 3rd floor').group).toBe('hazmat');
    expect(incidentCategoryGroup('RTC').group).toBe('traffic');
    expect(incidentCategoryGroup('flooding').group).toBe('flood');
    // "repair" holds "air" and "scarf" holds "car": only whole words count.
    expect(incidentCategoryGroup('road repair').group).toBe('traffic');
    expect(incidentCategoryGroup('scarf').group).toBe('other');
    expect(incidentCategoryGroup('').group).toBe('other');
  });

  it('has a distinct look for every group and severity, severity told by letter as well as colour', () => {
    const looks = ENTRIES.flatMap((entry) =>
      INCIDENT_SEVERITIES.map((severity) => incidentSymbolFromName(`argus-incident-${entry.group}-${severity}`)),
    );
    expect(looks.every((look) => look !== null)).toBe(true);
    expect(new Set(looks.map((look) => look!.name)).size).toBe(ENTRIES.length * INCIDENT_SEVERITIES.length);
    const letters = INCIDENT_SEVERITIES.map((severity) => incidentSymbolFromName(incidentSymbolName('fire', severity))!.badge.text);
    expect(new Set(letters).size).toBe(INCIDENT_SEVERITIES.length);
  });

  it('refuses names that are not an incident look', () => {
    for (const name of [
      'argus-incident-high',
      'argus-incident-volcano-high',
      'argus-incident-fire-extreme',
      'argus-unit-patrol-available',
    ]) {
      expect(incidentSymbolFromName(name), name).toBeNull();
    }
  });
});
