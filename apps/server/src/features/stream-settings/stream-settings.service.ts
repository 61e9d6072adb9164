import {
  DEFAULT_RECORDING_RETENTION_DAYS,
  DEFAULT_STREAM_DEFAULTS,
  type IceServer,
  type StreamDefaultsResponse,
  type StreamPlatformResponse,
  type UpdateStreamDefaultsRequest,
  type UpdateStreamPlatformRequest,
} from '@argus/contracts/http/stream-settings';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { Clock } from '../../lib/clock';
import { parseIceServers, presentStreamDefaults } from './stream-settings.presenter';
import type { StreamSettingsRepository } from './stream-settings.repository';

/**
 * Publishing defaults per user, and the platform's ICE servers and recording retention.
 * Administrators' ICE servers, when set, replace the server configuration for every client
 * that joins a room; clearing them (null) falls back to the configuration again.
 */
export class StreamSettingsService {
  constructor(
    private readonly repository: StreamSettingsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    /** From the server configuration (ICE_STUN_URLS, ICE_TURN_*): what applies until administrators choose. */
    private configuredIceServers: IceServer[] = [],
  ) {}

  /** Replaces the configured servers (tests, and a configuration reload). */
  useConfiguredIceServers(servers: IceServer[]): void {
    this.configuredIceServers = servers;
  }

  async defaults(userId: string): Promise<StreamDefaultsResponse> {
    const row = await this.repository.findDefaults(userId);
    return row ? presentStreamDefaults(row) : { defaults: DEFAULT_STREAM_DEFAULTS, updatedAt: null };
  }

  async updateDefaults(userId: string, changes: UpdateStreamDefaultsRequest): Promise<StreamDefaultsResponse> {
    const next = { ...(await this.defaults(userId)).defaults, ...changes };
    const row = {
      user_id: userId,
      resolution: next.resolution,
      frame_rate: next.frameRate,
      bitrate_kbps: next.bitrateKbps,
      codec: next.codec,
      updated_at: this.clock.now(),
    };
    await this.repository.saveDefaults(row);
    return presentStreamDefaults(row);
  }

  async platform(): Promise<StreamPlatformResponse> {
    const row = await this.repository.findPlatform();
    const iceServers = row ? parseIceServers(row.ice_servers) : null;
    return {
      settings: { iceServers, recordingRetentionDays: row?.recording_retention_days ?? DEFAULT_RECORDING_RETENTION_DAYS },
      effectiveIceServers: iceServers ?? this.configuredIceServers,
      updatedAt: row?.updated_at ?? null,
      updatedBy: row?.updated_by_name ?? null,
    };
  }

  async updatePlatform(changes: UpdateStreamPlatformRequest, context: AuditContext): Promise<StreamPlatformResponse> {
    const current = (await this.platform()).settings;
    const next = { ...current, ...changes };
    await this.repository.savePlatform({
      ice_servers: next.iceServers === null ? null : JSON.stringify(next.iceServers),
      recording_retention_days: next.recordingRetentionDays,
      updated_at: this.clock.now(),
      updated_by: context.actorId,
    });
    // Credentials stay out of the audit trail; the addresses say what changed.
    await this.audit.append(context, 'stream_settings.update', 'platform', {
      iceServers: next.iceServers?.map((server) => server.urls) ?? null,
      recordingRetentionDays: next.recordingRetentionDays,
    });
    return this.platform();
  }

  /** The ICE servers a client joining a room is given. */
  async iceServers(): Promise<IceServer[]> {
    return (await this.platform()).effectiveIceServers;
  }
}
