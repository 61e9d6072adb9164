import { randomUUID } from 'node:crypto';
import { DETECTION_MAX_FUTURE_MS, type DetectionBatchRequest, type DetectionFrameEvent } from '@argus/contracts/http/detections';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DurableEvents } from '../../realtime/durable-events';
import type { CamerasService } from '../cameras/cameras.service';
import { projectBox } from '../cameras/ground-projection';
import type { UserRow } from '../users/users.repository';
import { presentDetection } from './rules.presenter';
import type { DetectionRow, RulesRepository } from './rules.repository';

/**
 * Detections from the browsers watching camera feeds: stored, announced as detection.created
 * (which the rules engine hears), and counted as a sign of life of the camera. Each detection is
 * placed on the ground from its box and the camera's registered position, heading, field of view
 * and range (ground-projection.ts), never from anything the sender says about places.
 */
export class DetectionsService {
  constructor(
    private readonly rules: RulesRepository,
    private readonly cameras: CamerasService,
    private readonly clock: Clock,
    private readonly events: DurableEvents,
  ) {}

  async record(sender: UserRow, batch: DetectionBatchRequest): Promise<DetectionRow[]> {
    const camera = await this.cameras.get(batch.cameraId);
    if (camera.active !== 1) throw new AppError('conflict', `${camera.name} is deactivated; reactivate it before sending detections.`);
    const now = this.clock.now();
    if (batch.at > now + DETECTION_MAX_FUTURE_MS)
      throw new AppError('validation_failed', 'The frame time is in the future; check the clock of the device sending it.');
    const view = { lat: camera.lat, lon: camera.lon, heading: camera.heading, fov: camera.fov, rangeM: camera.range_m };
    const rows: DetectionRow[] = batch.detections.map((detection) => {
      const ground = projectBox(view, detection.box);
      return {
        id: randomUUID(),
        camera_id: camera.id,
        at: batch.at,
        label: detection.label,
        score: detection.score,
        box_x: detection.box.x,
        box_y: detection.box.y,
        box_w: detection.box.w,
        box_h: detection.box.h,
        frame_width: batch.frame.width,
        frame_height: batch.frame.height,
        lat: ground.lat,
        lon: ground.lon,
        reported_by: sender.id,
        received_at: now,
      };
    });
    const data: DetectionFrameEvent = {
      cameraId: camera.id,
      cameraName: camera.name,
      at: batch.at,
      receivedAt: now,
      location: { lat: camera.lat, lon: camera.lon },
      detections: rows.map(presentDetection),
    };
    // Every frame reaches the engine (an empty one ends a run of frames); only frames that saw
    // something go out to screens, so a quiet feed does not flood the alerts channel's replay.
    // Stored with its event (the outbox): a leader taking over the engine reads what it missed from there.
    await this.events.transaction(this.rules, async (trx, pending) => {
      await this.rules.insertDetections(rows, trx);
      pending
        .keyed(`detection:${camera.id}`)
        .add({ type: 'detection.created', channels: rows.length > 0 ? ['alerts'] : [], data, priority: 'low' });
    });
    await this.cameras.markSeen(camera.id, batch.at);
    return rows;
  }

  list(query: { cameraId?: string | undefined; label?: string | undefined; limit: number }): Promise<DetectionRow[]> {
    return this.rules.listDetections(query);
  }
}
