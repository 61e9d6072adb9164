import type { TypedEvent } from './realtime/events';

/**
 * What calls a crew's attention on the phone (docs/decisions/0043-the-field-phone-offline-and-attention.md):
 * a new assignment, a message from command, a broadcast, and command seeing the crew's SOS.
 * Everything else the phone hears arrives quietly. The page rings from its realtime frames and the
 * server pushes from its events by this one rule, so both say the same.
 */
export const FIELD_CUE_KINDS = ['assignment', 'message', 'broadcast', 'sos-seen'] as const;
export type FieldCueKind = (typeof FIELD_CUE_KINDS)[number];

export interface FieldCue {
  kind: FieldCueKind;
  /** The notification's title and body when the page is in the background. */
  title: string;
  body: string;
  /** One notification per thing: a second cue for the same thing replaces the first. */
  tag: string;
}

export interface CueContext {
  /** Who would be called: their own messages call nobody. Null when judging for any recipient. */
  viewerId: string | null;
  /** Whether this unit's SOS was already known to be seen, so an acknowledgement calls once. */
  sosSeenBefore: boolean;
}

const MAX_BODY = 140;

function shorten(text: string): string {
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY - 1)}…` : text;
}

/** The cue an event deserves on a crew's phone, or null when it should arrive quietly. */
export function fieldCueFor(event: TypedEvent, { viewerId, sosSeenBefore }: CueContext): FieldCue | null {
  switch (event.type) {
    case 'dispatch.created':
      if (event.data.status !== 'assigned') return null;
      return {
        kind: 'assignment',
        title: 'New assignment',
        body: 'Command assigned your unit. Open Argus for where and what.',
        tag: `assignment:${event.data.id}`,
      };
    case 'message.created': {
      const message = event.data;
      // One's own words, and other crews' messages on a shared thread, ring nobody.
      if (message.senderId === viewerId || message.senderRole === 'Field_Unit') return null;
      if (message.channel === 'broadcast')
        return {
          kind: 'broadcast',
          title: `Broadcast from ${message.senderName}`,
          body: shorten(message.body),
          tag: `message:${message.id}`,
        };
      if (message.channel === 'unit' || message.channel === 'direct')
        return { kind: 'message', title: `Message from ${message.senderName}`, body: shorten(message.body), tag: `message:${message.id}` };
      return null;
    }
    case 'unit.updated': {
      const seen = event.data.emergency?.seen;
      if (!seen || sosSeenBefore) return null;
      return { kind: 'sos-seen', title: 'SOS seen by command', body: `${seen.by} saw your SOS.`, tag: `sos-seen:${event.data.id}` };
    }
    default:
      return null;
  }
}
