import { playTones, type Tone } from '../alerts/alert-sound';
import { isAttentionOn } from './attention-preferences';
import type { FieldCue, FieldCueKind } from '@argus/contracts/field-cues';

/**
 * Rings, vibrates and, while Argus is in the background, shows a system notification for a cue
 * (docs/decisions/0043-the-field-phone-offline-and-attention.md). Each is switchable on the device,
 * and each fails quietly where the browser refuses it (no sound before the first tap, no
 * vibration motor, notifications not allowed): the page itself still shows the news.
 */

/** Distinct to the ear: an assignment is three rising notes, a message the two-note chime's cousin, SOS seen a falling pair. */
const CUE_TONES: Record<FieldCueKind, Tone[]> = {
  assignment: [
    { offset: 0, hz: 660, seconds: 0.16 },
    { offset: 0.2, hz: 880, seconds: 0.16 },
    { offset: 0.4, hz: 1100, seconds: 0.24 },
  ],
  message: [
    { offset: 0, hz: 587, seconds: 0.14 },
    { offset: 0.16, hz: 880, seconds: 0.2 },
  ],
  broadcast: [
    { offset: 0, hz: 784, seconds: 0.3 },
    { offset: 0.34, hz: 784, seconds: 0.3 },
  ],
  'sos-seen': [
    { offset: 0, hz: 988, seconds: 0.18 },
    { offset: 0.22, hz: 659, seconds: 0.3 },
  ],
};

/** Felt through a pocket: long pulses for an assignment, short ones for words. */
const CUE_VIBRATIONS: Record<FieldCueKind, number[]> = {
  assignment: [400, 150, 400, 150, 400],
  message: [200, 100, 200],
  broadcast: [300, 100, 300],
  'sos-seen': [100, 60, 100, 60, 100],
};

const APP_ICON = '/icons/icon-192.png';

function vibrate(pattern: number[]): void {
  try {
    navigator.vibrate?.(pattern);
  } catch {
    // No motor, or the browser refuses before the first tap.
  }
}

async function showNotification(cue: FieldCue): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const options: NotificationOptions = { body: cue.body, tag: cue.tag, icon: APP_ICON, data: { url: window.location.pathname } };
  try {
    // Through the service worker, so a tap on it brings Argus back (public/attention-sw.js).
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration) await registration.showNotification(cue.title, options);
    else new Notification(cue.title, options);
  } catch {
    // Refused: the page shows the news when the crew looks.
  }
}

/** Calls the crew's attention to one cue as this device's switches allow. */
export function ringFor(cue: FieldCue): void {
  if (isAttentionOn('ring')) playTones(CUE_TONES[cue.kind]);
  if (isAttentionOn('vibrate')) vibrate(CUE_VIBRATIONS[cue.kind]);
  if (isAttentionOn('notify') && document.visibilityState === 'hidden') void showNotification(cue);
}
