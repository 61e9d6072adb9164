import type { IceCandidate } from '@argus/contracts/http/streams';
import type { MediaError, PublishOptions } from './media-server';

/** What the supervisor asks the media process over IPC; each request is answered once by id. */
export type SfuRequest = { id: number } & (
  | { op: 'publish'; roomId: string; peerId: string; sdp: string; options?: PublishOptions }
  | { op: 'view'; roomId: string; peerId: string; sdp: string }
  | { op: 'viewOffer'; roomId: string; peerId: string }
  | { op: 'answer'; peerId: string; sdp: string }
  | { op: 'ice'; peerId: string; candidate: IceCandidate | null }
  | { op: 'closePeer'; peerId: string }
  | { op: 'closeRoom'; roomId: string }
  | { op: 'stats' }
);

export type SfuReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; code: MediaError['code']; message: string };
