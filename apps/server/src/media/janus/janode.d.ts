/**
 * The part of janode (and its VideoRoom plugin) Argus calls
 * (docs/decisions/0076-janus-behind-the-media-server-interface.md). janode ships JavaScript without
 * type declarations, so its modules are declared here (e2e and bench include the server's .d.ts
 * files for the server code they reach). Not a tsconfig `paths` mapping: tsx applies `paths` at
 * run time too, from the server's folder, and would load this file instead of the package.
 */
declare module 'janode' {
  import type { EventEmitter } from 'node:events';

  export interface Jsep {
    type: 'offer' | 'answer';
    sdp: string;
  }

  /** A request as janode sends it: `transaction`, when set, is kept (janode makes one otherwise). */
  export interface JanusRequest {
    janus: string;
    transaction?: string;
    [key: string]: unknown;
  }

  export interface JanodeHandle extends EventEmitter {
    /**
     * Every request of the handle goes through here, the plugin's included. janode 1.8 takes a time
     * limit here but its plugins pass none (`message()` calls it without one), so their requests wait
     * for ever; janus-instance.ts wraps it with a timer of its own, failing the caller with
     * MediaError('media_unavailable').
     */
    sendRequest(request: JanusRequest, timeoutMs?: number): Promise<unknown>;
    /** Ends a request still waiting for Janus: its caller is rejected with `error`. */
    closeTransactionWithError(transaction: string, error: Error): void;
    trickle(candidate: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } | null): Promise<unknown>;
    detach(): Promise<void>;
  }

  export interface JanodeSession extends EventEmitter {
    attach<H extends JanodeHandle>(plugin: { id: string; Handle: unknown }): Promise<H>;
    destroy(): Promise<void>;
  }

  export interface JanodeConnection extends EventEmitter {
    create(keepAliveSeconds?: number): Promise<JanodeSession>;
    close(): Promise<void>;
  }

  const Janode: {
    connect(config: {
      address: { url: string; apisecret?: string };
      /** Attempts after the first failed one (janode's default: 5, 10 s apart). */
      max_retries?: number;
      retry_time_secs?: number;
      ws_options?: { handshakeTimeout?: number };
    }): Promise<JanodeConnection>;
    Logger: { setLevel(level: 'debug' | 'verb' | 'info' | 'warn' | 'error' | 'none'): string };
    EVENT: {
      CONNECTION_CLOSED: string;
      CONNECTION_ERROR: string;
      SESSION_DESTROYED: string;
      HANDLE_DETACHED: string;
      HANDLE_ICE_FAILED: string;
      HANDLE_HANGUP: string;
      HANDLE_WEBRTCUP: string;
    };
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { JanodeHandle, Jsep } from 'janode';

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

  const VideoRoomPlugin: {
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
}
