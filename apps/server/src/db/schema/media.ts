import type { CustodyAction, EvidenceKind, EvidenceSource, EvidenceStatus } from '@argus/contracts/evidence';
import type { BasemapFormat, BasemapKind, TileFormat, TileType, VectorSchema } from '@argus/contracts/http/basemaps';
import type { CameraKind, CameraStatus } from '@argus/contracts/http/cameras';
import type { StreamRole, StreamRoomKind } from '@argus/contracts/http/streams';

/** Cameras, evidence with its custody chain, live video rooms and sessions, and street basemaps. Row conventions: ../schema.ts. */

/** A camera or sensor of the surveillance network (migration 0015). */
export interface CamerasTable {
  id: string;
  name: string;
  kind: CameraKind;
  lat: number;
  lon: number;
  heading: number | null;
  fov: number | null;
  range_m: number | null;
  room: string | null;
  /** The camera's own stream URL (migration 0041), e.g. a TAK device's feed. */
  stream_url: string | null;
  status: CameraStatus;
  status_reason: string;
  last_seen_at: number | null;
  last_fps: number | null;
  last_packet_loss: number | null;
  notes: string;
  /** JSON {enabled, minScore, classes}. */
  detection: string;
  active: number;
  created_at: number;
  updated_at: number;
}

/** An evidence item; custody_seq and custody_head are the end of its custody chain. */
export interface EvidenceItemsTable {
  id: string;
  incident_id: string | null;
  kind: EvidenceKind;
  filename: string;
  mime: string;
  size: number;
  sha256: string;
  storage_key: string;
  status: EvidenceStatus;
  status_reason: string | null;
  source: EvidenceSource;
  source_ref: string | null;
  captured_by: string | null;
  captured_at: number | null;
  captured_lat: number | null;
  captured_lon: number | null;
  derived_from_id: string | null;
  derived_from_sha256: string | null;
  derivation: string | null;
  created_at: number;
  custody_seq: number;
  custody_head: string;
}

/** One append-only, hash-chained custody entry; detail is canonical JSON. */
export interface EvidenceCustodyTable {
  item_id: string;
  seq: number;
  action: CustodyAction;
  actor_id: string | null;
  at: number;
  ip: string | null;
  detail: string;
  prev_hash: string;
  hash: string;
}

/** A user's publishing defaults (migrations 0016, 0017). */
export interface StreamDefaultsTable {
  user_id: string;
  resolution: string;
  frame_rate: number;
  bitrate_kbps: number;
  codec: string;
  updated_at: number;
}

/** The one row 'platform' of administrator stream settings (migration 0016). */
export interface StreamPlatformSettingsTable {
  id: string;
  /** JSON array of ICE servers, or NULL for the server's configuration. */
  ice_servers: string | null;
  recording_retention_days: number;
  updated_at: number;
  updated_by: string | null;
}

export interface StreamRoomsTable {
  id: string;
  name: string;
  kind: StreamRoomKind;
  unit_id: string | null;
  camera_id: string | null;
  shared_unit_ids: string;
  created_by: string | null;
  created_at: number;
  closed_at: number | null;
}

export interface StreamSessionsTable {
  id: string;
  room_id: string;
  user_id: string | null;
  role: StreamRole;
  started_at: number;
  ended_at: number | null;
  /** The server process holding the session (stream-nodes.ts); null on one process, where nobody else counts it. */
  node_id: string | null;
}

/** A server process holding stream sessions on a shared media server, and when it was last alive. */
export interface StreamNodesTable {
  id: string;
  seen_at: number;
}

/** A street basemap: an uploaded archive (storage_key set) or an online source (source_url set). */
export interface BasemapsTable {
  id: string;
  name: string;
  kind: BasemapKind;
  format: BasemapFormat;
  tile_type: TileType;
  tile_format: TileFormat | null;
  /** 1 when the archive stores every tile gzipped (PMTiles says so in its header). */
  tile_gzip: number;
  vector_schema: VectorSchema | null;
  min_zoom: number;
  max_zoom: number;
  /** JSON [west, south, east, north]. */
  bounds: string | null;
  attribution: string;
  position: number;
  is_default: number;
  size_bytes: number | null;
  filename: string | null;
  sha256: string | null;
  storage_key: string | null;
  source_url: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}
