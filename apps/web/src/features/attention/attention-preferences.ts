/**
 * The phone's attention switches, saved per device like the command sounds
 * (docs/decisions/0043-the-field-phone-offline-and-attention.md): ring, vibrate, and a system
 * notification while Argus is in the background. All on until the person turns one off.
 */
export const ATTENTION_CHANNELS = ['ring', 'vibrate', 'notify'] as const;
export type AttentionChannel = (typeof ATTENTION_CHANNELS)[number];

const KEYS: Record<AttentionChannel, string> = {
  ring: 'argus.field.ring',
  vibrate: 'argus.field.vibrate',
  notify: 'argus.field.notify',
};

type Reads = Pick<Storage, 'getItem'>;
type Writes = Pick<Storage, 'setItem'>;

export function isAttentionOn(channel: AttentionChannel, storage: Reads = localStorage): boolean {
  try {
    return storage.getItem(KEYS[channel]) !== 'off';
  } catch {
    return true;
  }
}

export function saveAttention(channel: AttentionChannel, on: boolean, storage: Writes = localStorage): void {
  try {
    storage.setItem(KEYS[channel], on ? 'on' : 'off');
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}
