/**
 * The part of janode's VideoRoom plugin Argus calls (docs/decisions/0076-janus-behind-the-media-server-interface.md).
 * janode ships JavaScript without type declarations, so tsconfig.base.json maps the module name
 * to this file (for every project that reaches the server); at run time the package itself runs.
 */
import type { JanodeHandle, Jsep } from './janode';

export interface Participant {
  feed: string;
  display?: string;
  publisher: boolean;
}

export interface VideoRoomHandle extends JanodeHandle {
  exists(request: { room: string }): Promise<{ exists: boolean }>;
  create(request: {
    room: string;
    description?: string;
    max_publishers?: number;
    bitrate?: number;
    videocodec?: string;
    notify_joining?: boolean;
  }): Promise<unknown>;
  destroy(request: { room: string }): Promise<unknown>;
  listParticipants(request: { room: string }): Promise<{ participants: Participant[] }>;
  kick(request: { room: string; feed: string }): Promise<unknown>;
  joinPublisher(request: { room: string; feed?: string; display?: string }): Promise<{ feed: string; publishers: { feed: string }[] }>;
  joinConfigurePublisher(request: {
    room: string;
    feed?: string;
    display?: string;
    bitrate?: number;
    jsep: Jsep;
  }): Promise<{ feed: string; jsep?: Jsep }>;
  joinSubscriber(request: { room: string; feed: string }): Promise<{ jsep?: Jsep }>;
  start(request: { jsep: Jsep }): Promise<unknown>;
}

declare const VideoRoomPlugin: {
  id: string;
  Handle: unknown;
  EVENT: {
    VIDEOROOM_PUB_LIST: string;
    VIDEOROOM_UNPUBLISHED: string;
    VIDEOROOM_LEAVING: string;
    VIDEOROOM_KICKED: string;
    VIDEOROOM_DESTROYED: string;
  };
};
export default VideoRoomPlugin;
