import { describe, expect, it } from 'vitest';
import type { Incident } from '@argus/contracts/http/incidents';
import { incidentSymbolFromName } from '../incident-symbols';
import { incidentsOverlay } from './incidents';

function incident(id: string, category: string, severity: Incident['severity']): Incident {
  return {
    id,
    reference: `INC-${id}`,
    title: `Incident ${id}`,
    category,
    severity,
    status: 'new',
    location: { lat: 51.5, lon: -0.1 },
    description: '',
    source: null,
    threatLevel: null,
    createdAt: 0,
    updatedAt: 0,
    createdBy: null,
  };
}

describe('incidents overlay', () => {
  it('names each incident its symbol by category and severity, most severe drawn on top', () => {
    const overlay = incidentsOverlay(
      [incident('a', 'Warehouse fire', 'high'), incident('b', 'gas leak', 'critical'), incident('c', 'lost dog', 'low')],
      { selectedId: 'b' },
    );
    const properties = overlay.data.features.map((feature) => feature.properties);
    expect(properties.map((item) => item.image)).toEqual([
      'argus-incident-fire-high',
      'argus-incident-hazmat-critical',
      'argus-incident-other-low',
    ]);
    expect(properties.map((item) => item.rank)).toEqual([2, 3, 0]);
    expect(properties.map((item) => item.selected)).toEqual([false, true, false]);
    // Every name the overlay hands the map is one the symbol images can draw.
    expect(properties.every((item) => incidentSymbolFromName(String(item.image)) !== null)).toBe(true);
  });
});
