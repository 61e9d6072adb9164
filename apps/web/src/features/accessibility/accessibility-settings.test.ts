import { describe, expect, it } from 'vitest';
import { ACCESSIBILITY_STORAGE_KEYS } from '@argus/contracts/accessibility';
import { readSavedSettings, resolveSettings, writeSetting } from './accessibility-settings';

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

const noPreference = { prefersMoreContrast: false, prefersReducedMotion: false };

describe('resolveSettings', () => {
  it('starts contrast and motion from the system preferences', () => {
    const settings = resolveSettings({}, { prefersMoreContrast: true, prefersReducedMotion: true });
    expect(settings).toEqual({
      highContrast: true,
      reducedMotion: true,
      fontSize: 'medium',
      keyboardNavigation: false,
      voiceCommands: false,
    });
  });

  it('lets saved values override the system', () => {
    const settings = resolveSettings(
      { highContrast: false, reducedMotion: false },
      { prefersMoreContrast: true, prefersReducedMotion: true },
    );
    expect(settings.highContrast).toBe(false);
    expect(settings.reducedMotion).toBe(false);
  });
});

describe('readSavedSettings', () => {
  it('reads each setting from its own key', () => {
    const storage = memoryStorage({
      [ACCESSIBILITY_STORAGE_KEYS.highContrast]: 'true',
      [ACCESSIBILITY_STORAGE_KEYS.fontSize]: 'large',
      [ACCESSIBILITY_STORAGE_KEYS.voiceCommands]: 'false',
    });
    expect(readSavedSettings(storage)).toEqual({ highContrast: true, fontSize: 'large', voiceCommands: false });
  });

  it('ignores values it cannot understand', () => {
    const storage = memoryStorage({
      [ACCESSIBILITY_STORAGE_KEYS.highContrast]: 'yes',
      [ACCESSIBILITY_STORAGE_KEYS.fontSize]: 'huge',
    });
    expect(resolveSettings(readSavedSettings(storage), noPreference)).toMatchObject({ highContrast: false, fontSize: 'medium' });
  });

  it('round-trips what writeSetting saved', () => {
    const storage = memoryStorage();
    writeSetting(storage, 'reducedMotion', true);
    writeSetting(storage, 'fontSize', 'small');
    expect(readSavedSettings(storage)).toEqual({ reducedMotion: true, fontSize: 'small' });
  });
});
