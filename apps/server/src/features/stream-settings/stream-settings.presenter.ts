import { IceServer, StreamDefaults, type StreamDefaultsResponse } from '@argus/contracts/http/stream-settings';
import { z } from 'zod';
import type { StreamDefaultsRow } from './stream-settings.repository';

export function presentStreamDefaults(row: StreamDefaultsRow): StreamDefaultsResponse {
  return {
    defaults: StreamDefaults.parse({
      resolution: row.resolution,
      frameRate: row.frame_rate,
      bitrateKbps: row.bitrate_kbps,
      codec: row.codec,
    }),
    updatedAt: row.updated_at,
  };
}

const IceServerList = z.array(IceServer);

/** The stored JSON list, checked again on the way out so a hand-edited row cannot break clients. */
export function parseIceServers(json: string | null): IceServer[] | null {
  if (json === null) return null;
  const parsed = IceServerList.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}
