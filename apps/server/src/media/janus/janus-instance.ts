import Janode, { type JanodeConnection, type JanodeSession } from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';
import { MediaError } from '../media-server';

// janode logs every request at info, and Janus's acks of trickled candidates as warnings, on stdout; Argus logs what matters itself.
Janode.Logger.setLevel('error');

/** Seconds between the keep-alives that hold the Janus session open (Janus ends a silent one after 60 s). */
const KEEP_ALIVE_SECONDS = 15;

/**
 * One Janus instance: a WebSocket connection and one Janus session on it, opened on first use and
 * opened again on the next use after it was lost. Every handle of this node lives in that session,
 * so when it is lost (Janus died, the network broke) every peer on the instance is gone, and
 * `onLost` is told.
 */
export class JanusInstance {
  private session: Promise<{ connection: JanodeConnection; session: JanodeSession }> | null = null;
  /** Set while this node closes the session itself: that is no loss to report. */
  private closing = false;

  constructor(
    readonly url: string,
    private readonly onLost: (instance: JanusInstance) => void,
    private readonly onConnected: () => void,
  ) {}

  /** A new VideoRoom handle in this node's session. */
  async attach(): Promise<VideoRoomHandle> {
    const { session } = await this.connected();
    return session.attach<VideoRoomHandle>(VideoRoomPlugin);
  }

  connected(): Promise<{ connection: JanodeConnection; session: JanodeSession }> {
    this.session ??= this.open().catch((error: unknown) => {
      this.session = null;
      throw new MediaError(
        'media_unavailable',
        `The media server (Janus at ${this.url}) cannot be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    return this.session;
  }

  async close(): Promise<void> {
    const opened = this.session;
    this.session = null;
    if (!opened) return;
    this.closing = true;
    try {
      const { connection, session } = await opened.catch(() => ({ connection: null, session: null }));
      await session?.destroy().catch(() => undefined);
      await connection?.close().catch(() => undefined);
    } finally {
      this.closing = false;
    }
  }

  private async open(): Promise<{ connection: JanodeConnection; session: JanodeSession }> {
    const connection = await Janode.connect({ address: { url: this.url } });
    let lost = false;
    const lose = () => {
      if (lost || this.closing) return;
      lost = true;
      this.session = null;
      // The session gone with the socket still open (Janus ended it): the socket would stay open for nothing.
      void connection.close().catch(() => undefined);
      this.onLost(this);
    };
    connection.once(Janode.EVENT.CONNECTION_CLOSED, lose);
    connection.once(Janode.EVENT.CONNECTION_ERROR, lose);
    const session = await connection.create(KEEP_ALIVE_SECONDS);
    session.once(Janode.EVENT.SESSION_DESTROYED, lose);
    this.onConnected();
    return { connection, session };
  }
}
