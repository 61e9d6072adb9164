import type { FontSize } from './constants';

/** The five accessibility settings of docs/specification.md, each saved under its own local-storage key. */
export interface AccessibilitySettings {
  highContrast: boolean;
  reducedMotion: boolean;
  fontSize: FontSize;
  keyboardNavigation: boolean;
  voiceCommands: boolean;
}

export const ACCESSIBILITY_STORAGE_KEYS: Record<keyof AccessibilitySettings, string> = {
  highContrast: 'argus.a11y.highContrast',
  reducedMotion: 'argus.a11y.reducedMotion',
  fontSize: 'argus.a11y.fontSize',
  keyboardNavigation: 'argus.a11y.keyboardNavigation',
  voiceCommands: 'argus.a11y.voiceCommands',
};
