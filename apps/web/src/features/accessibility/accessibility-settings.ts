import { ACCESSIBILITY_STORAGE_KEYS, type AccessibilitySettings } from '@argus/contracts/accessibility';
import { DEFAULT_FONT_SIZE, FONT_SIZES, type FontSize } from '@argus/contracts/constants';

export type SavedSettings = Partial<AccessibilitySettings>;

export interface SystemPreferences {
  prefersMoreContrast: boolean;
  prefersReducedMotion: boolean;
}

type BooleanSetting = Exclude<keyof AccessibilitySettings, 'fontSize'>;
const BOOLEAN_SETTINGS: BooleanSetting[] = ['highContrast', 'reducedMotion', 'keyboardNavigation', 'voiceCommands'];

export function isFontSize(value: unknown): value is FontSize {
  return typeof value === 'string' && Object.hasOwn(FONT_SIZES, value);
}

/** Reads whatever the user saved; anything unreadable counts as never saved. */
export function readSavedSettings(storage: Pick<Storage, 'getItem'>): SavedSettings {
  const saved: SavedSettings = {};
  for (const key of BOOLEAN_SETTINGS) {
    const raw = storage.getItem(ACCESSIBILITY_STORAGE_KEYS[key]);
    if (raw === 'true' || raw === 'false') saved[key] = raw === 'true';
  }
  const fontSize = storage.getItem(ACCESSIBILITY_STORAGE_KEYS.fontSize);
  if (isFontSize(fontSize)) saved.fontSize = fontSize;
  return saved;
}

/** docs/specification.md: contrast and motion start from the system preferences; saved values override them. */
export function resolveSettings(saved: SavedSettings, system: SystemPreferences): AccessibilitySettings {
  return {
    highContrast: saved.highContrast ?? system.prefersMoreContrast,
    reducedMotion: saved.reducedMotion ?? system.prefersReducedMotion,
    fontSize: saved.fontSize ?? DEFAULT_FONT_SIZE,
    keyboardNavigation: saved.keyboardNavigation ?? false,
    voiceCommands: saved.voiceCommands ?? false,
  };
}

export function writeSetting<K extends keyof AccessibilitySettings>(
  storage: Pick<Storage, 'setItem'>,
  key: K,
  value: AccessibilitySettings[K],
): void {
  storage.setItem(ACCESSIBILITY_STORAGE_KEYS[key], String(value));
}

/** Reflects the settings on <html>, where the stylesheet's modes and the rem base live. */
export function applySettingsToDocument(settings: AccessibilitySettings, root: HTMLElement): void {
  root.classList.toggle('high-contrast', settings.highContrast);
  root.classList.toggle('reduce-motion', settings.reducedMotion);
  root.classList.toggle('keyboard-nav', settings.keyboardNavigation);
  root.style.fontSize = `${FONT_SIZES[settings.fontSize]}px`;
}
