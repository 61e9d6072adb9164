/**
 * The part of janode Argus calls (docs/decisions/0076-janus-behind-the-media-server-interface.md).
 * janode ships JavaScript without type declarations, so tsconfig.base.json maps the module name
 * to this file (for every project that reaches the server); at run time the package itself runs.
 */
import type { EventEmitter } from 'node:events';

export interface Jsep {
  type: 'offer' | 'answer';
  sdp: string;
}

export interface JanodeHandle extends EventEmitter {
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

declare const Janode: {
  connect(config: { address: { url: string; apisecret?: string } }): Promise<JanodeConnection>;
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
