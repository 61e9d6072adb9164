import { z } from 'zod';
import { IceCandidate, Sdp, STREAM_ROLES } from '@argus/contracts/http/streams';
import { ERRORS, type ErrorCode } from '@argus/contracts/errors';

/*
 * What Argus nodes of one deployment say to each other over Redis about a peer
 * (docs/decisions/0076-janus-behind-the-media-server-interface.md). Server-internal: no client
 * speaks it, so the schemas live here rather than in packages/contracts; they are built from the
 * contracts' own pieces. Anything that can publish on the Redis channel can send anything, so every
 * message is checked before a node acts on it.
 */

const Text = z.string().min(1).max(4000);

const StreamClaims = z.object({
  sub: Text,
  room: Text,
  stream_role: z.enum(STREAM_ROLES),
  user_role: Text,
  name: z.string().max(4000),
  link: Text.optional(),
});

const Peer = { claims: StreamClaims, peerId: z.string().min(1).max(100) };

const PeerRequest = z.discriminatedUnion('op', [
  z.object({ op: z.literal('answer'), ...Peer, sdp: Sdp }),
  z.object({ op: z.literal('ice'), ...Peer, candidate: IceCandidate.nullable() }),
  z.object({ op: z.literal('end'), ...Peer }),
]);
/** What one node asks of the node holding a peer: the steps of signalling after the offer. */
export type PeerRequest = z.infer<typeof PeerRequest>;

export const Envelope = z.object({ id: z.uuid(), replyTo: z.uuid(), request: PeerRequest });
export type Envelope = z.infer<typeof Envelope>;

const Code = z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]);

export const Reply = z.discriminatedUnion('ok', [
  z.object({ id: z.uuid(), ok: z.literal(true) }),
  z.object({ id: z.uuid(), ok: z.literal(false), code: Code, message: z.string().max(4000) }),
]);
export type Reply = z.infer<typeof Reply>;

/** The message as its schema allows it, or null for anything else (not JSON, or not this shape). */
export function parseMessage<T>(schema: z.ZodType<T>, text: string): T | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
