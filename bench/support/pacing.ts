import type { Unit } from '@argus/contracts/http/units';

/**
 * Publishing at a fixed rate, shared by the Argus and the bare broadcast servers so both see the
 * very same load: event i is due at start + i / rate, and a late timer catches up at once rather
 * than stretching the run. Each event carries the time it was due, and latency is measured from
 * then: a server too busy to publish on time is charged for it (no coordinated omission), whether
 * it queues events (Argus) or sends each as it is made (the bare broadcast).
 */
export function publishAtRate(
  rate: number,
  count: number,
  publishOne: (index: number, dueAt: number) => void,
): Promise<{ startedAt: number }> {
  const startedAt = Date.now();
  const dueAt = (index: number) => Math.round(startedAt + (index * 1000) / rate);
  let sent = 0;
  return new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(count, Math.floor(((Date.now() - startedAt) * rate) / 1000) + 1);
      while (sent < due) {
        publishOne(sent, dueAt(sent));
        sent += 1;
      }
      if (sent >= count) return resolve({ startedAt });
      setTimeout(tick, Math.max(0, dueAt(sent) - Date.now()));
    };
    tick();
  });
}

/** What a unit's position event carries: the unit as the API presents it, its fix taken at `at`. */
export function unitPayload(index: number, at: number): Unit {
  return {
    id: `00000000-0000-4000-8000-${String(index % 1000).padStart(12, '0')}`,
    callsign: `BENCH-${index % 1000}`,
    kind: 'patrol',
    status: 'en_route',
    members: ['6f1c2b9e-8a34-4c2e-9d1e-2b7f3c4d5e6f'],
    position: {
      location: { lat: 51.5 + (index % 100) / 1000, lon: -0.12 - (index % 37) / 1000, accuracy: 8 },
      heading: index % 360,
      speed: 12.5,
      at,
    },
    emergency: null,
    updatedAt: at,
  };
}

/** Messages between the bench and its child processes. */
export type BenchCommand = { type: 'publish'; rate: number; count: number } | { type: 'reset' } | { type: 'progress' } | { type: 'stats' };
