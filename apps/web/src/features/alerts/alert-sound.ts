import type { AlertSeverity } from '@argus/contracts/alerts';

/**
 * The attention sounds (docs/decisions/0036-command-inbox-and-attention.md): the alert beep, the
 * SOS siren and the message chime, each distinct so the ear tells them apart, made with Web Audio
 * (no sound file to fetch). Saved per device: people on a shared console may want the banner
 * without the beep, or alerts without the chime of every unit message.
 */
const ALERT_SOUND_KEY = 'argus.alertSound';
const MESSAGE_SOUND_KEY = 'argus.messageSound';

type Reads = Pick<Storage, 'getItem'>;
type Writes = Pick<Storage, 'setItem'>;

export function isAlertSoundOn(storage: Reads = localStorage): boolean {
  return storage.getItem(ALERT_SOUND_KEY) !== 'off';
}

export function saveAlertSound(on: boolean, storage: Writes = localStorage): void {
  storage.setItem(ALERT_SOUND_KEY, on ? 'on' : 'off');
}

export function isMessageSoundOn(storage: Reads = localStorage): boolean {
  return storage.getItem(MESSAGE_SOUND_KEY) !== 'off';
}

export function saveMessageSound(on: boolean, storage: Writes = localStorage): void {
  storage.setItem(MESSAGE_SOUND_KEY, on ? 'on' : 'off');
}

/** Beeps per severity: one for information, two for a warning, three for critical. */
export function beepsFor(severity: AlertSeverity): number {
  return severity === 'critical' ? 3 : severity === 'warning' ? 2 : 1;
}

/** One note: when it starts, its pitch and how long it lasts. */
export interface Tone {
  /** Seconds after now. */
  offset: number;
  hz: number;
  seconds: number;
}

/** One beep per severity step, higher for critical. */
export function alertTones(severity: AlertSeverity): Tone[] {
  return Array.from({ length: beepsFor(severity) }, (_, beep) => ({
    offset: beep * 0.22,
    hz: severity === 'critical' ? 1040 : 880,
    seconds: 0.16,
  }));
}

/** A rising and falling siren, three times: nothing else sounds like it. */
export const SOS_TONES: Tone[] = [0, 1, 2].flatMap((cycle) => [
  { offset: cycle * 0.5, hz: 700, seconds: 0.22 },
  { offset: cycle * 0.5 + 0.25, hz: 1100, seconds: 0.22 },
]);

/** A soft two-note chime, lower than any alert. */
export const MESSAGE_TONES: Tone[] = [
  { offset: 0, hz: 523, seconds: 0.14 },
  { offset: 0.16, hz: 784, seconds: 0.2 },
];

let context: AudioContext | null = null;

/**
 * Plays tones. Browsers allow sound only after the person has interacted with the page; before
 * that this stays silent and the visual cue still shows.
 */
export function playTones(tones: Tone[]): void {
  if (typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime + 0.02;
    for (const tone of tones) {
      const at = start + tone.offset;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = tone.hz;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + tone.seconds);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + tone.seconds + 0.02);
    }
  } catch {
    // No audio device or a refusing browser: the visual cue carries the news on its own.
  }
}

/** A new alert: beeps by severity. */
export function playAlertBeep(severity: AlertSeverity): void {
  if (isAlertSoundOn()) playTones(alertTones(severity));
}

/** A unit pressed SOS: the siren (switched with the alert sound, since SOS is the most urgent alert). */
export function playSosSiren(): void {
  if (isAlertSoundOn()) playTones(SOS_TONES);
}

/** A unit wrote to command. */
export function playMessageChime(): void {
  if (isMessageSoundOn()) playTones(MESSAGE_TONES);
}
