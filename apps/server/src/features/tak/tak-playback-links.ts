import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { whepPath } from '@argus/contracts/http/streams';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { StreamClaims } from '../streams/stream-tokens';
import type { PlaybackLinks } from '../streams/playback-links';
import type { StreamsService } from '../streams/streams.service';
import { SIGNING_ALGORITHM, type KeyRing } from '../tokens/key-ring';
import type { UsersRepository } from '../users/users.repository';
import { rtspLink, type RtspAddress } from './rtsp-link';
import type { DeviceIdentity, TakCertificatesService } from './tak-certificates.service';

/** The audience of playback links: only WHEP, for viewing, accepts them. */
const PLAYBACK_AUDIENCE = 'argus-tak-playback';
/** A link outlives a long shift's room; the device gets a fresh one whenever it reconnects. */
export const PLAYBACK_LINK_TTL_MS = 12 * 60 * 60_000;

interface PlaybackClaims extends JWTPayload {
  sub: string;
  room: string;
  /** When the room was opened: the link is for this opening, not a later room of the same id. */
  opened: number;
  /** The device certificate the link was made for. */
  cert: string;
}

/** Whether a bearer token is a playback link's (its audience says so; the signature is checked later). */
function isPlaybackToken(token: string): boolean {
  try {
    const { aud } = decodeJwt(token);
    return aud === PLAYBACK_AUDIENCE || (Array.isArray(aud) && aud.includes(PLAYBACK_AUDIENCE));
  } catch {
    return false;
  }
}

/**
 * Playback links for TAK devices (docs/decisions/0073-tak-video-out-and-read-receipts.md): a WHEP
 * URL with an ES256 token in its path, signed by the token API's key ring, naming one room (one
 * opening of it), one device certificate and its user. It watches that room and does nothing else:
 * every use checks the signature, the room, the certificate as the CoT port checks it (revoked,
 * expired, user deactivated) and the room's viewing rule (stream-access.ts) again. The sessions it
 * opened are its certificate's: they end when the certificate may no longer connect, and a few at
 * most play at once (peer-sessions.ts).
 */
export class TakPlaybackLinks implements PlaybackLinks {
  constructor(
    private readonly keys: KeyRing,
    private readonly clock: Clock,
    /** Argus's public address (PUBLIC_URL): where devices reach WHEP, and the tokens' issuer. */
    private readonly publicUrl: string,
    private readonly certificateService: TakCertificatesService,
    private readonly users: UsersRepository,
    private readonly streams: StreamsService,
  ) {}

  /** Where the RTSP output is reached, when it is on: links are then RTSP ones (docs/decisions/0077-tak-rtsp-output.md). */
  private rtsp: () => RtspAddress | null = () => null;

  /**
   * Makes links RTSP ones from now on, reached where `address` says (null while the port is not
   * listening). Set after construction: the RTSP server checks its links here, so it is made after this.
   */
  offerRtsp(address: () => RtspAddress | null): void {
    this.rtsp = address;
  }

  private get issuer(): string {
    return `${this.publicUrl}/tak`;
  }

  /** Whether a token is a playback link's, for WHEP to check here (whip.routes.ts). */
  accepts(token: string): boolean {
    return isPlaybackToken(token);
  }

  /** The link a device plays a room from: RTSP when that output is on (stock ATAK plays it), WHEP otherwise. */
  async link(device: DeviceIdentity, room: { id: string; createdAt: number }): Promise<URL> {
    const { kid, key } = await this.keys.signingKey();
    const now = Math.floor(this.clock.now() / 1000);
    const token = await new SignJWT({ room: room.id, opened: room.createdAt, cert: device.certificateId })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: 'JWT' })
      .setSubject(device.userId)
      .setAudience(PLAYBACK_AUDIENCE)
      .setIssuer(this.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + Math.floor(PLAYBACK_LINK_TTL_MS / 1000))
      .sign(key);
    const rtsp = this.rtsp();
    return rtsp ? rtspLink(rtsp, room.id, token) : new URL(`${this.publicUrl}${whepPath(room.id)}/${token}`);
  }

  /** Viewing claims for a WHEP request to `roomId` with a playback token, or a 4xx saying why not. */
  async claims(token: string, roomId: string): Promise<StreamClaims> {
    const link = await this.verify(token);
    if (link.room !== roomId) throw new AppError('forbidden', `This playback link is for video room "${link.room}", not "${roomId}".`);
    const refused = await this.certificateService.refusalOf(link.cert);
    if (refused)
      throw new AppError('forbidden', `This playback link no longer plays: its device’s certificate is not in force (${refused}).`);
    const user = await this.users.findById(link.sub);
    if (!user?.is_active) throw new AppError('forbidden', 'This playback link no longer plays: its user is deactivated.');
    return { ...(await this.streams.watchClaims(user, roomId, link.opened)), link: link.cert };
  }

  /** The certificates whose links play now: checked with the open connections' (tak-tls-endpoints.ts). */
  certificates(): string[] {
    return this.streams.linkHolders();
  }

  /** Ends the sessions played from these certificates' links, as their connections are dropped. */
  dropCertificates(ids: readonly string[]): Promise<void> {
    return this.streams.endLinkSessions(ids);
  }

  private async verify(token: string): Promise<PlaybackClaims> {
    const options = {
      issuer: this.issuer,
      audience: PLAYBACK_AUDIENCE,
      algorithms: [SIGNING_ALGORITHM],
      requiredClaims: ['exp', 'sub'],
      currentDate: new Date(this.clock.now()),
    };
    for (const attempt of [0, 1]) {
      try {
        // A retired key still verifies the links it signed for as long as one lives, not only an access token's life.
        const { payload } = await jwtVerify(token, await this.keys.verifySetFor(PLAYBACK_LINK_TTL_MS), options);
        if (typeof payload.room !== 'string' || typeof payload.opened !== 'number' || typeof payload.cert !== 'string') break;
        return payload as PlaybackClaims;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired)
          throw new AppError('bad_stream_token', 'This playback link has expired; the device is sent a new one when it reconnects.');
        // A kid we do not know may have just been rotated in by another instance.
        if (attempt === 0 && error instanceof joseErrors.JWKSNoMatchingKey) await this.keys.reload();
        else break;
      }
    }
    throw new AppError('bad_stream_token', 'This playback link is not valid.');
  }
}
