import type { CotMessage } from './cot-reading';
import type { TakPicture } from './tak-picture';
import type { TakService } from './tak.service';

/**
 * Which devices a device's event is relayed to (docs/decisions/0067-tak-geochat-filtering-and-alerts.md):
 * a position as far as its contact may be seen (a bound one as its unit), an emergency as far as its
 * sender; markers, drawings and the rest to every device, as a TAK Server does. Chats and receipts
 * are routed by tak-chat.ts.
 */
export function relayFilter(picture: TakPicture, tak: Pick<TakService, 'unitOf'>, message: CotMessage): (connectionId: number) => boolean {
  switch (message.kind) {
    case 'sa':
      return (id) => picture.seesContact(id, tak.unitOf(message.uid));
    case 'emergency':
    case 'emergency-cancel':
      return (id) => picture.seesContact(id, tak.unitOf(message.senderUid));
    default:
      return () => true;
  }
}
