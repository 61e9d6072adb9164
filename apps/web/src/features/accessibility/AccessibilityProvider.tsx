import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AccessibilitySettings } from '@argus/contracts/accessibility';
import { AccessibilityContext, type AccessibilityContextValue } from './accessibility-context';
import { applySettingsToDocument, readSavedSettings, resolveSettings, writeSetting, type SavedSettings } from './accessibility-settings';
import { getSpeechRecognition } from './speech-recognition';
import { useSystemPreferences } from './useSystemPreferences';

function loadSaved(): SavedSettings {
  try {
    return readSavedSettings(localStorage);
  } catch {
    return {};
  }
}

/** Owns the five accessibility settings and the panel's open state for the whole app. */
export function AccessibilityProvider({ children }: { children: ReactNode }) {
  const [saved, setSaved] = useState<SavedSettings>(loadSaved);
  const [panelOpen, setPanelOpen] = useState(false);
  const { prefersMoreContrast, prefersReducedMotion } = useSystemPreferences();
  const [voiceSupported] = useState(() => getSpeechRecognition() !== null);

  const settings = useMemo(
    () => resolveSettings(saved, { prefersMoreContrast, prefersReducedMotion }),
    [saved, prefersMoreContrast, prefersReducedMotion],
  );

  const update = useCallback(<K extends keyof AccessibilitySettings>(key: K, value: AccessibilitySettings[K]) => {
    try {
      writeSetting(localStorage, key, value);
    } catch {
      // Storage may be full or blocked; the setting still applies for this visit.
    }
    setSaved((current) => ({ ...current, [key]: value }));
  }, []);

  useEffect(() => {
    applySettingsToDocument(settings, document.documentElement);
  }, [settings]);

  const value = useMemo<AccessibilityContextValue>(
    () => ({ settings, update, panelOpen, setPanelOpen, voiceSupported }),
    [settings, update, panelOpen, voiceSupported],
  );

  return <AccessibilityContext value={value}>{children}</AccessibilityContext>;
}
