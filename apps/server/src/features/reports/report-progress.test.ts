import { describe, expect, it, vi } from 'vitest';
import type { DispatchStatus } from '@argus/contracts/units';
import { EventBus } from '../../realtime/events';
import { dispatchEvents } from '../dispatch/dispatch.events';
import { followIncidentsForReporters } from './report-progress';

const INCIDENT = 'incident-1';

/** An assignment on the incident, moved to `status` (what a crew's milestone commits). */
const moved = (status: DispatchStatus) =>
  dispatchEvents.updated({
    id: 'dispatch-1',
    incident_id: INCIDENT,
    unit_id: 'unit-1',
    status,
    milestones: '{}',
    created_at: 0,
    updated_at: 0,
    cancel_reason: null,
  });

const turns = async (count: number) => {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('following incidents for reporters', () => {
  it('leaves the reporter with the latest status when a change commits while the last one is still being read', async () => {
    const bus = new EventBus();
    // The committed assignment status, and what the reporter heard, in order.
    let committed: DispatchStatus = 'en_route';
    const heard: DispatchStatus[] = [];
    // The first reading answers late, as a loaded database may, after the next change committed.
    let answerFirstReading!: () => void;
    const firstReadingAnswered = new Promise<void>((resolve) => (answerFirstReading = resolve));
    let readings = 0;
    const announce = async () => {
      const status = committed;
      readings += 1;
      if (readings === 1) await firstReadingAnswered;
      heard.push(status);
    };
    const stop = followIncidentsForReporters(bus, announce, (error) => {
      throw error;
    });

    bus.publish(moved('en_route'));
    await vi.waitFor(() => expect(readings).toBe(1));
    committed = 'on_scene';
    bus.publish(moved('on_scene'));
    // Time enough for an announcement of "on scene" to run ahead of the first one, were it allowed to.
    await turns(5);
    answerFirstReading();

    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard).toEqual(['en_route', 'on_scene']);
    stop();
  });

  it('announces an incident once for the changes that arrive together', async () => {
    const bus = new EventBus();
    const announced: string[] = [];
    const stop = followIncidentsForReporters(
      bus,
      async (incidentId) => void announced.push(incidentId),
      (error) => {
        throw error;
      },
    );
    bus.publish(moved('assigned'));
    bus.publish(moved('acknowledged'));
    await turns(3);
    expect(announced).toEqual([INCIDENT]);
    stop();
  });
});
