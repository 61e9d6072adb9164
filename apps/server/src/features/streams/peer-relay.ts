import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { IceCandidate } from '@argus/contracts/http/streams';
import type { ErrorCode } from '@argus/contracts/errors';
import { AppError } from '../../lib/app-error';
import type { StreamClaims } from './stream-tokens';

/** What one node asks of the node holding a peer: the steps of signalling after the offer. */
export type PeerRequest =
  | { op: 'answer'; claims: StreamClaims; peerId: string; sdp: string }
  | { op: 'ice'; claims: StreamClaims; peerId: string; candidate: IceCandidate | null }
  | { op: 'end'; claims: StreamClaims; peerId: string };

/**
 * How long a node waits for the node holding a peer. The holder answers within a Janus round trip;
 * a peer no node holds is never answered, so this is also how long "no such peer" takes.
 */
const ANSWER_TIMEOUT_MS = 5_000;

interface Envelope {
  id: string;
  replyTo: string;
  request: PeerRequest;
}

type Reply = { id: string; ok: true } | { id: string; ok: false; code: ErrorCode; message: string };

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
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.requests) void this.answer(JSON.parse(text) as Envelope, holds, serve).catch(onError);
      else {
        const reply = JSON.parse(text) as Reply;
        this.waiting.get(reply.id)?.(reply);
      }
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
