import type { Unit } from '@argus/contracts/http/units';
import type { LiveFrame } from '@argus/contracts/realtime/protocol';

/**
 * What calls a crew's attention on the phone (docs/decisions/0043-the-field-phone-offline-and-attention.md):
 * a new assignment, a message from command, a broadcast, and command seeing the crew's SOS.
 * Everything else the phone hears arrives quietly.
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
  userId: string;
  /** The crew's unit as the page knew it before this frame, to tell a new SOS acknowledgement from a repeat. */
  unitBefore: Unit | undefined;
}

const MAX_BODY = 140;

function shorten(text: string): string {
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY - 1)}…` : text;
}

/** The cue a realtime frame deserves, or null when it should arrive quietly. */
export function cueForFrame(frame: LiveFrame, { userId, unitBefore }: CueContext): FieldCue | null {
  switch (frame.type) {
    case 'dispatch.created':
      if (frame.data.status !== 'assigned') return null;
      return {
        kind: 'assignment',
        title: 'New assignment',
        body: 'Command assigned your unit. Open Argus for where and what.',
        tag: `assignment:${frame.data.id}`,
      };
    case 'message.created': {
      const message = frame.data;
      // One's own words, and other crews' messages on a shared thread, ring nobody.
      if (message.senderId === userId || message.senderRole === 'Field_Unit') return null;
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
      const seen = frame.data.emergency?.seen;
      if (!seen || unitBefore?.id !== frame.data.id || unitBefore.emergency?.seen) return null;
      return { kind: 'sos-seen', title: 'SOS seen by command', body: `${seen.by} saw your SOS.`, tag: `sos-seen:${frame.data.id}` };
    }
    default:
      return null;
  }
}
