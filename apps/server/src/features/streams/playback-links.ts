import type { StreamClaims } from './stream-tokens';

/**
 * Links that watch one room without a session — TAK devices' (docs/decisions/0073-tak-video-out-and-read-receipts.md).
 * WHEP checks a token that is one (`accepts`) there alone; it only ever views.
 */
export interface PlaybackLinks {
  accepts(token: string): boolean;
  claims(token: string, roomId: string): Promise<StreamClaims>;
}
