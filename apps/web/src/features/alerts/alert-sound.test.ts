import { describe, expect, it } from 'vitest';
import { MESSAGE_TONES, SOS_TONES, alertTones, isAlertSoundOn, isMessageSoundOn, saveAlertSound, saveMessageSound } from './alert-sound';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

describe('attention sounds', () => {
  it('switches the alert beep and the message chime apart, on by default', () => {
    const storage = memoryStorage();
    expect(isAlertSoundOn(storage)).toBe(true);
    expect(isMessageSoundOn(storage)).toBe(true);
    saveMessageSound(false, storage);
    expect(isMessageSoundOn(storage)).toBe(false);
    expect(isAlertSoundOn(storage)).toBe(true);
    saveAlertSound(false, storage);
    saveMessageSound(true, storage);
    expect([isAlertSoundOn(storage), isMessageSoundOn(storage)]).toEqual([false, true]);
  });

  it('gives the chime, the siren and the beeps tones of their own, so the ear tells them apart', () => {
    const pitches = (tones: { hz: number }[]) => new Set(tones.map((tone) => tone.hz));
    const chime = pitches(MESSAGE_TONES);
    const siren = pitches(SOS_TONES);
    const beeps = pitches([...alertTones('info'), ...alertTones('warning'), ...alertTones('critical')]);
    for (const hz of chime) expect(siren.has(hz) || beeps.has(hz)).toBe(false);
    for (const hz of siren) expect(beeps.has(hz)).toBe(false);
    expect(alertTones('critical')).toHaveLength(3);
  });
});
