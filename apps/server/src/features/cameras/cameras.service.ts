import { randomUUID } from 'node:crypto';
import type { CameraHeartbeatRequest, CreateCameraRequest, UpdateCameraRequest } from '@argus/contracts/http/cameras';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DurableEvents } from '../../realtime/durable-events';
import { cameraHealth, NO_LIVE_ROOMS, type LiveRoomSnapshot, type LiveRooms } from './camera-health';
import { cameraEvents } from './cameras.events';
import type { CameraFilters, CameraRow, CamerasRepository } from './cameras.repository';

/**
 * The camera and sensor registry and its health. Status is stored, so every screen and the
 * rules engine read the same answer; it is re-derived by `checkHealth` every 30 s and at once
 * when a camera is heard from (a heartbeat from the browser watching it, or a detection).
 * Every change an operator sees (registered, edited, deactivated, a new health status) is
 * announced on the realtime "cameras" channel; heartbeats that change nothing are not.
 * Registering and editing store their event in the outbox with the change; a new health status is
 * announced directly, as the next check derives it again
 * (docs/decisions/0070-every-event-through-the-outbox.md).
 */
export class CamerasService {
  private rooms: LiveRooms = NO_LIVE_ROOMS;
  /** The live rooms as of the last check; heartbeats between checks judge against it. */
  private live: LiveRoomSnapshot = new Map();

  constructor(
    private readonly cameras: CamerasRepository,
    private readonly clock: Clock,
    private readonly events: DurableEvents,
  ) {}

  /** The SFU tells the health rule which rooms have a live publisher once it is wired in. */
  useLiveRooms(rooms: LiveRooms): void {
    this.rooms = rooms;
  }

  list(filters: CameraFilters): Promise<CameraRow[]> {
    return this.cameras.list(filters);
  }

  async get(id: string): Promise<CameraRow> {
    const row = await this.cameras.find(id);
    if (!row) throw new AppError('not_found', 'No such camera or sensor.');
    return row;
  }

  async create(request: CreateCameraRequest): Promise<CameraRow> {
    return this.events.transaction(this.cameras, async (trx, pending) => {
      if (await this.cameras.nameTaken(request.name, null, trx))
        throw new AppError('conflict', `A camera or sensor named ${request.name} already exists.`);
      const row = this.registration(request);
      await this.cameras.insert(row, trx);
      pending.add(cameraEvents.created(row));
      return row;
    });
  }

  async update(id: string, request: UpdateCameraRequest): Promise<CameraRow> {
    return this.events.transaction(this.cameras, async (trx, pending) => {
      const current = await this.cameras.find(id, trx);
      if (!current) throw new AppError('not_found', 'No such camera or sensor.');
      if (request.name !== undefined && request.name !== current.name && (await this.cameras.nameTaken(request.name, id, trx))) {
        throw new AppError('conflict', `A camera or sensor named ${request.name} already exists.`);
      }
      const now = this.clock.now();
      const changes: Partial<CameraRow> = {
        ...(request.name !== undefined && { name: request.name }),
        ...(request.kind !== undefined && { kind: request.kind }),
        ...(request.location !== undefined && { lat: request.location.lat, lon: request.location.lon }),
        ...(request.heading !== undefined && { heading: request.heading }),
        ...(request.fov !== undefined && { fov: request.fov }),
        ...(request.rangeM !== undefined && { range_m: request.rangeM }),
        ...(request.room !== undefined && { room: request.room }),
        ...(request.streamUrl !== undefined && { stream_url: request.streamUrl }),
        ...(request.notes !== undefined && { notes: request.notes }),
        ...(request.detection !== undefined && { detection: JSON.stringify(request.detection) }),
        ...(request.active !== undefined && { active: request.active ? 1 : 0 }),
        updated_at: now,
      };
      const updated = { ...changes, ...this.healthColumns({ ...current, ...changes }, now) };
      await this.cameras.update(id, updated, trx);
      const row = { ...current, ...updated };
      pending.add(cameraEvents.updated(row));
      return row;
    });
  }

  /** The browser watching a feed says it is alive and how well it plays. */
  async heartbeat(id: string, request: CameraHeartbeatRequest): Promise<CameraRow> {
    const current = await this.get(id);
    if (!current.active) throw new AppError('conflict', 'This camera is deactivated; reactivate it before sending heartbeats.');
    const now = this.clock.now();
    const next = { ...current, last_seen_at: now, last_fps: request.fps ?? null, last_packet_loss: request.packetLoss ?? null };
    const changes = {
      last_seen_at: now,
      last_fps: next.last_fps,
      last_packet_loss: next.last_packet_loss,
      ...this.healthColumns(next, now),
    };
    await this.cameras.update(id, changes);
    const row = { ...current, ...changes };
    return healthChanged(current, row) ? this.announce(row) : row;
  }

  /** A detection from a camera is data from it: the detections module calls this on ingest. */
  async markSeen(id: string, at: number): Promise<void> {
    const current = await this.cameras.find(id);
    if (!current?.active) return;
    const seen = Math.min(at, this.clock.now());
    if (current.last_seen_at !== null && current.last_seen_at >= seen) return;
    const health = this.healthColumns({ ...current, last_seen_at: seen }, this.clock.now());
    await this.cameras.update(id, { last_seen_at: seen, ...health });
    const row = { ...current, last_seen_at: seen, ...health };
    if (healthChanged(current, row)) this.announce(row);
  }

  /** Re-derives every camera's status (or only those publishing to `roomId`); returns the cameras whose status changed. */
  async checkHealth(roomId?: string): Promise<CameraRow[]> {
    const rows = await this.cameras.list({ includeInactive: true });
    this.live = await this.rooms.snapshot([...new Set(rows.flatMap((row) => (row.room === null ? [] : [row.room])))]);
    const now = this.clock.now();
    const changed: CameraRow[] = [];
    for (const row of rows) {
      if (roomId !== undefined && row.room !== roomId) continue;
      const health = cameraHealth(row, now, this.live);
      if (health.status === row.status && health.reason === row.status_reason) continue;
      await this.cameras.update(row.id, { status: health.status, status_reason: health.reason });
      changed.push(this.announce({ ...row, status: health.status, status_reason: health.reason }));
    }
    return changed;
  }

  private announce(row: CameraRow): CameraRow {
    this.events.publish(cameraEvents.updated(row));
    return row;
  }

  /** A new camera's row, its health judged at once from the live rooms of the last check. */
  private registration(request: CreateCameraRequest): CameraRow {
    const now = this.clock.now();
    const draft: CameraRow = {
      id: randomUUID(),
      name: request.name,
      kind: request.kind,
      lat: request.location.lat,
      lon: request.location.lon,
      heading: request.heading,
      fov: request.fov,
      range_m: request.rangeM,
      room: request.room,
      stream_url: request.streamUrl,
      status: 'offline',
      status_reason: '',
      last_seen_at: null,
      last_fps: null,
      last_packet_loss: null,
      notes: request.notes,
      detection: JSON.stringify(request.detection),
      active: 1,
      created_at: now,
      updated_at: now,
    };
    return { ...draft, ...this.healthColumns(draft, now) };
  }

  private healthColumns(row: CameraRow, now: number): Pick<CameraRow, 'status' | 'status_reason'> {
    const health = cameraHealth(row, now, this.live);
    return { status: health.status, status_reason: health.reason };
  }
}

function healthChanged(before: CameraRow, after: CameraRow): boolean {
  return before.status !== after.status || before.status_reason !== after.status_reason;
}
