import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { AppError } from '../../lib/app-error';
import { Envelope, parseMessage, Reply, type PeerRequest } from './peer-relay-messages';

/**
 * How long a node waits for the node holding a peer. The holder answers within a Janus round trip;
 * a peer no node holds is never answered, so this is also how long "no such peer" takes.
 */
const ANSWER_TIMEOUT_MS = 5_000;

/**
 * Passes a peer's signalling to the node that holds it, over Redis pub/sub, when a balancer sends
 * a WHIP/WHEP PATCH or DELETE, an answer or a candidate to another node than the one that took
 * the offer (docs/decisions/0076-janus-behind-the-media-server-interface.md). Every node hears
 * every request; only the holder answers, with what its own stream service answered.
 */
export class PeerRelay {
  private readonly node = randomUUID();
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;
  private readonly waiting = new Map<string, (reply: Reply) => void>();

  constructor(
    private readonly redisUrl: string,
    private readonly keyPrefix: string,
  ) {}

  private get requests(): string {
    return `${this.keyPrefix}peers:requests`;
  }

  private repliesTo(node: string): string {
    return `${this.keyPrefix}peers:replies:${node}`;
  }

  /** Subscribes; `holds` says whether this node holds a peer, `serve` acts on it here. */
  start(holds: (peerId: string) => boolean, serve: (request: PeerRequest) => Promise<void>, onError: (error: unknown) => void): void {
    // Connected as Redis allows, never holding up the start: until then a request for another
    // node's peer answers peer_not_found, as it would with one process.
    this.publisher = new Redis(this.redisUrl);
    this.subscriber = new Redis(this.redisUrl);
    for (const connection of [this.publisher, this.subscriber]) connection.on('error', onError);
    // A message that is not what a node sends is dropped and logged: thrown here, in ioredis's
    // listener, it would be an uncaught exception on every node at once.
    this.subscriber.on('message', (channel: string, text: string) => {
      const isRequest = channel === this.requests;
      const message = isRequest ? parseMessage(Envelope, text) : parseMessage(Reply, text);
      if (!message) onError(new Error(`Dropped a malformed peer relay ${isRequest ? 'request' : 'reply'} from Redis`));
      else if ('request' in message) void this.answer(message, holds, serve).catch(onError);
      else this.waiting.get(message.id)?.(message);
    });
    // Not awaited: with Redis away it would wait for its return.
    this.subscriber.subscribe(this.requests, this.repliesTo(this.node)).catch(onError);
  }

  /** Asks the node holding the peer; fails as its stream service failed, or with peer_not_found when none holds it. */
  async forward(request: PeerRequest): Promise<void> {
    if (!this.publisher) throw new AppError('peer_not_found');
    const id = randomUUID();
    const reply = await new Promise<Reply | null>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(null);
      }, ANSWER_TIMEOUT_MS);
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(answer);
      });
      const envelope: Envelope = { id, replyTo: this.node, request };
      this.publisher!.publish(this.requests, JSON.stringify(envelope)).catch(() => resolve(null));
    });
    if (!reply) throw new AppError('peer_not_found');
    if (!reply.ok) throw new AppError(reply.code, reply.message);
  }

  async close(): Promise<void> {
    // Requests still waiting end now, not at their timers (which would keep a stopping process alive).
    for (const [id, settle] of this.waiting)
      settle({ id, ok: false, code: 'media_unavailable', message: 'This server is shutting down; try again.' });
    for (const connection of [this.subscriber, this.publisher]) await connection?.quit().catch(() => undefined);
    this.publisher = null;
    this.subscriber = null;
  }

  private async answer(envelope: Envelope, holds: (peerId: string) => boolean, serve: (request: PeerRequest) => Promise<void>) {
    if (envelope.replyTo === this.node || !holds(envelope.request.peerId)) return;
    let reply: Reply;
    try {
      await serve(envelope.request);
      reply = { id: envelope.id, ok: true };
    } catch (error) {
      reply =
        error instanceof AppError
          ? { id: envelope.id, ok: false, code: error.code, message: error.message }
          : {
              id: envelope.id,
              ok: false,
              code: 'media_unavailable',
              message: 'The server holding this video connection could not act on it.',
            };
    }
    await this.publisher?.publish(this.repliesTo(envelope.replyTo), JSON.stringify(reply));
  }
}
