import { z } from 'zod';
import { ConfigError } from '../config-error';

/**
 * The live video settings (config.ts reads every variable once; these are its video part, kept
 * beside the media servers they set): the ICE servers clients get, the embedded SFU's network
 * settings, the bitrate, and Janus (docs/decisions/0076-janus-behind-the-media-server-interface.md).
 */
export const VideoEnv = {
  /** Live video: STUN servers clients use (docs/specification.md configures STUN); comma-separated stun: URLs, "none" for none. */
  ICE_STUN_URLS: z.string().default('stun:stun.l.google.com:19302'),
  /** TURN relays (docs/specification.md leaves them empty); turn:/turns: URLs with one username and credential. */
  ICE_TURN_URLS: z.string().optional(),
  ICE_TURN_USERNAME: z.string().optional(),
  ICE_TURN_CREDENTIAL: z.string().optional(),
  /** UDP ports the embedded SFU may use, e.g. 40000-40199; unset: any free port. */
  SFU_UDP_PORTS: z
    .string()
    .regex(/^\d{1,5}-\d{1,5}$/, 'must be a range like 40000-40199')
    .optional(),
  /** Addresses the SFU announces besides its interfaces' (a public or LAN address behind NAT). */
  SFU_ADDITIONAL_HOSTS: z.string().optional(),
  /** Let the SFU itself ask the STUN servers for its public address (only useful behind NAT). */
  SFU_USE_STUN: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Which media server carries live video: the embedded werift SFU (one node) or Janus (docs/decisions/0076-janus-behind-the-media-server-interface.md). */
  MEDIA_SERVER: z.enum(['embedded', 'janus'], { error: 'must be embedded or janus' }).default('embedded'),
  /** With MEDIA_SERVER=janus: every Janus instance's WebSocket API, comma-separated ws:// or wss:// URLs, the same list on every node. */
  JANUS_URLS: z.string().optional(),
  /** The video bitrate publishers are driven to (REMB and the start bitrate), kbit/s. */
  STREAM_TARGET_BITRATE_KBPS: z.coerce.number().int().min(100).max(20_000).default(1500),
};

type VideoEnvValues = z.infer<z.ZodObject<typeof VideoEnv>>;

export interface VideoConfig {
  iceServers: { urls: string[]; username?: string; credential?: string }[];
  sfuUseStun: boolean;
  udpPortRange: [number, number] | null;
  additionalHostAddresses: string[];
  targetBitrateKbps: number;
  /** Janus's WebSocket APIs when MEDIA_SERVER=janus; null: the embedded SFU. */
  janusUrls: string[] | null;
}

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean) ?? [];

export function videoConfig(e: VideoEnvValues): VideoConfig {
  const stun = e.ICE_STUN_URLS.trim().toLowerCase() === 'none' ? [] : list(e.ICE_STUN_URLS);
  const turn = list(e.ICE_TURN_URLS);
  const problems: string[] = [];
  if (stun.some((url) => !/^stun:\S+$/.test(url))) problems.push('ICE_STUN_URLS: every entry must start with stun:');
  if (turn.some((url) => !/^turns?:\S+$/.test(url))) problems.push('ICE_TURN_URLS: every entry must start with turn: or turns:');
  if (turn.length > 0 && !(e.ICE_TURN_USERNAME && e.ICE_TURN_CREDENTIAL))
    problems.push('ICE_TURN_USERNAME and ICE_TURN_CREDENTIAL must be set with ICE_TURN_URLS');
  let udpPortRange: [number, number] | null = null;
  if (e.SFU_UDP_PORTS) {
    const [low, high] = e.SFU_UDP_PORTS.split('-').map(Number) as [number, number];
    if (low < 1024 || high > 65535 || high < low) problems.push('SFU_UDP_PORTS: a range within 1024-65535, low to high');
    else udpPortRange = [low, high];
  }
  const janusEntries = e.MEDIA_SERVER === 'janus' ? list(e.JANUS_URLS) : null;
  if (janusEntries?.length === 0) problems.push('JANUS_URLS: MEDIA_SERVER=janus needs the WebSocket URL of at least one Janus');
  if (janusEntries?.some((url) => !/^wss?:\/\/\S+$/i.test(url))) problems.push('JANUS_URLS: every entry must start with ws:// or wss://');
  // Rooms are placed by hashing each URL (docs/decisions/0076-janus-behind-the-media-server-interface.md):
  // written differently on two nodes (ws://j:8188 and ws://j:8188/), they would place rooms apart.
  const janusUrls = janusEntries && problems.length === 0 ? janusEntries.map(normalisedUrl) : janusEntries;
  if (janusUrls?.includes(null)) problems.push('JANUS_URLS: every entry must be a URL (ws://host:port/path)');
  if (e.MEDIA_SERVER !== 'janus' && e.JANUS_URLS) problems.push('JANUS_URLS: set MEDIA_SERVER=janus to use Janus');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const iceServers: VideoConfig['iceServers'] = [];
  if (stun.length > 0) iceServers.push({ urls: stun });
  if (turn.length > 0) iceServers.push({ urls: turn, username: e.ICE_TURN_USERNAME, credential: e.ICE_TURN_CREDENTIAL });
  return {
    iceServers,
    sfuUseStun: e.SFU_USE_STUN,
    udpPortRange,
    additionalHostAddresses: list(e.SFU_ADDITIONAL_HOSTS),
    targetBitrateKbps: e.STREAM_TARGET_BITRATE_KBPS,
    janusUrls: janusUrls as string[] | null,
  };
}

function normalisedUrl(url: string): string | null {
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
}
