import type { StreamRoomChange } from '@argus/contracts/http/streams';
import type { MediaEvent } from '../../media/media-server';
import type { LivePeers } from './live-peers';

/**
 * What the stream service does when the media server reports: viewers hear that their
 * publisher left or came back, a failed peer is told to reconnect and ended, and after a media
 * restart every peer is.
 */
export function handleMediaEvent(
  event: MediaEvent,
  peers: LivePeers,
  endPeers: (peerIds: string[], closeMedia: boolean) => Promise<void>,
  announce: (roomId: string, change: StreamRoomChange) => void,
): void {
  switch (event.type) {
    case 'publisher-left':
    case 'publisher-back': {
      if (event.type === 'publisher-left') peers.publisherLeft(event.roomId);
      else peers.publisherBack(event.roomId);
      announce(event.roomId, event.type);
      for (const peer of peers.inRoom(event.roomId)) {
        if (peer.role === 'view') peer.notify?.({ type: event.type, room: event.roomId });
      }
      break;
    }
    case 'peer-failed': {
      peers.get(event.peerId)?.notify?.({ type: 'reconnect', reason: 'The media connection failed.', afterMs: 500 });
      void endPeers([event.peerId], false);
      break;
    }
    case 'publisher-replaced': {
      // As on one node, not a failure to reconnect from: reconnecting would take the room back (docs/decisions/0076-janus-behind-the-media-server-interface.md).
      peers.get(event.peerId)?.notify?.({ type: 'closed', reason: 'Another connection started publishing to this room.' });
      void endPeers([event.peerId], false);
      break;
    }
    case 'restarted': {
      const all = peers.all();
      for (const roomId of new Set(all.map((peer) => peer.roomId))) announce(roomId, 'media-restarted');
      for (const peer of all)
        peer.notify?.({ type: 'reconnect', reason: 'The media server restarted.', afterMs: 250 + Math.floor(Math.random() * 500) });
      void endPeers(
        all.map((peer) => peer.id),
        false,
      );
      break;
    }
  }
}
