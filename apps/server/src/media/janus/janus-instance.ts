import { randomUUID } from 'node:crypto';
import Janode, { type JanodeConnection, type JanodeSession } from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';
import { MediaError } from '../media-server';

// janode logs every request at info, and Janus's acks of trickled candidates as warnings, on stdout; Argus logs what matters itself.
Janode.Logger.setLevel('error');

/** Seconds between the keep-alives that hold the Janus session open (Janus ends a silent one after 60 s). */
const KEEP_ALIVE_SECONDS = 15;

/**
 * How long opening the connection and the session may take. janode's own defaults (5 retries 10 s
 * apart, a 5 s handshake) held every caller, room lists and joins included, for about a minute
 * when Janus was unreachable; a caller now fails at once with media_unavailable, and the instance
 * keeps trying in the background (docs/decisions/0076-janus-behind-the-media-server-interface.md).
 */
const OPEN_TIMEOUT_MS = 5_000;

/**
 * How long any one request to Janus may wait for its answer. janode waits for ever, so a Janus that
 * accepted the connection and then stopped answering (hung, or cut off without the socket closing)
 * held its callers, room lists included, until janode's keep-alive gave up on the session.
 */
const REQUEST_TIMEOUT_MS = 5_000;

/** The background reconnect's first wait and its longest: doubled after each failure. */
const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

interface Opened {
  connection: JanodeConnection;
  session: JanodeSession;
}

/**
 * One Janus instance: a WebSocket connection and one Janus session on it, opened on first use and,
 * once lost or failed, opened again in the background with backoff (or on the next use, whichever
 * comes first). Every handle of this node lives in that session, so when it is lost (Janus died,
 * the network broke) every peer on the instance is gone, and `onLost` is told; `onConnected` is
 * told each time it is open again.
 */
export class JanusInstance {
  private session: Promise<Opened> | null = null;
  /** Set while this node closes the session itself: that is no loss to report. */
  private closing = false;
  /** Set by close(): no background reconnect until the next use. */
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelay = RECONNECT_FIRST_MS;

  constructor(
    readonly url: string,
    private readonly onLost: (instance: JanusInstance) => void,
    private readonly onConnected: () => void,
  ) {}

  /** A new VideoRoom handle in this node's session, every request on it bounded by REQUEST_TIMEOUT_MS. */
  async attach(): Promise<VideoRoomHandle> {
    const { session } = await this.connected();
    const attaching = session.attach<VideoRoomHandle>(VideoRoomPlugin);
    const handle = await withTimeout(attaching, REQUEST_TIMEOUT_MS, this.silent('attach')).catch((error: unknown) => {
      // A handle Janus makes after the caller gave up would stay attached, used by no one, for the session's life.
      attaching.then((late) => late.detach()).catch(() => undefined);
      throw error;
    });
    const send = handle.sendRequest.bind(handle);
    handle.sendRequest = (request, timeoutMs) => {
      // A transaction id given is the one janode uses: the request can be ended by it when Janus stays silent.
      const transaction = (request.transaction ??= randomUUID());
      const body = request.body as { request?: string } | undefined;
      const timer = setTimeout(
        () => handle.closeTransactionWithError(transaction, this.silent(body?.request ?? request.janus)),
        REQUEST_TIMEOUT_MS,
      );
      return send(request, timeoutMs).finally(() => clearTimeout(timer));
    };
    return handle;
  }

  connected(): Promise<Opened> {
    this.closed = false;
    this.session ??= this.open().catch((error: unknown) => {
      this.session = null;
      this.reconnectLater();
      throw new MediaError(
        'media_unavailable',
        `The media server (Janus at ${this.url}) cannot be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    return this.session;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const opened = this.session;
    this.session = null;
    if (!opened) return;
    this.closing = true;
    try {
      const { connection, session } = await opened.catch(() => ({ connection: null, session: null }));
      if (session) await withTimeout(session.destroy(), REQUEST_TIMEOUT_MS, this.silent('destroy')).catch(() => undefined);
      if (connection) await withTimeout(connection.close(), REQUEST_TIMEOUT_MS, this.silent('close')).catch(() => undefined);
    } finally {
      this.closing = false;
    }
  }

  private silent(request: string): MediaError {
    return new MediaError(
      'media_unavailable',
      `The media server (Janus at ${this.url}) did not answer a request (${request}) within ${REQUEST_TIMEOUT_MS / 1000} s.`,
    );
  }

  /** Opens the session again later, so the instance returns without waiting for a caller to fail first. */
  private reconnectLater(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(delay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      // A failure schedules the next attempt itself (in connected()).
      if (!this.closed) this.connected().catch(() => undefined);
    }, delay);
    this.reconnectTimer.unref();
  }

  private async open(): Promise<Opened> {
    const connection = await Janode.connect({
      address: { url: this.url },
      max_retries: 0,
      ws_options: { handshakeTimeout: OPEN_TIMEOUT_MS },
    });
    let lost = false;
    const lose = () => {
      if (lost || this.closing) return;
      lost = true;
      this.session = null;
      // The session gone with the socket still open (Janus ended it): the socket would stay open for nothing.
      void connection.close().catch(() => undefined);
      this.onLost(this);
      this.reconnectLater();
    };
    connection.once(Janode.EVENT.CONNECTION_CLOSED, lose);
    connection.once(Janode.EVENT.CONNECTION_ERROR, lose);
    let session: JanodeSession;
    try {
      session = await withTimeout(connection.create(KEEP_ALIVE_SECONDS), OPEN_TIMEOUT_MS, new Error('Janus did not open a session'));
    } catch (error) {
      lost = true;
      await connection.close().catch(() => undefined);
      throw error;
    }
    session.once(Janode.EVENT.SESSION_DESTROYED, lose);
    this.reconnectDelay = RECONNECT_FIRST_MS;
    this.onConnected();
    return { connection, session };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, error: Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(error), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
