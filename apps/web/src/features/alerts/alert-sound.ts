import type { AlertSeverity } from '@argus/contracts/alerts';

/** Saved per device: people on a shared console may want the banner without the beep. */
const SOUND_KEY = 'argus.alertSound';

export function isAlertSoundOn(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storage.getItem(SOUND_KEY) !== 'off';
}

export function saveAlertSound(on: boolean, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(SOUND_KEY, on ? 'on' : 'off');
}

/** Beeps per severity: one for information, two for a warning, three for critical. */
export function beepsFor(severity: AlertSeverity): number {
  return severity === 'critical' ? 3 : severity === 'warning' ? 2 : 1;
}

let context: AudioContext | null = null;

/**
 * A short beep made with Web Audio (no sound file to fetch). Browsers allow sound only after the
 * person has interacted with the page; before that this stays silent and the banner still shows.
 */
export function playAlertBeep(severity: AlertSeverity): void {
  if (!isAlertSoundOn() || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime + 0.02;
    for (let beep = 0; beep < beepsFor(severity); beep++) {
      const at = start + beep * 0.22;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = severity === 'critical' ? 1040 : 880;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.18);
    }
  } catch {
    // No audio device or a refusing browser: the banner carries the alert on its own.
  }
}
