import { createContext, useContext } from 'react';
import type { AccessibilitySettings } from '@argus/contracts/accessibility';

export interface AccessibilityContextValue {
  settings: AccessibilitySettings;
  update: <K extends keyof AccessibilitySettings>(key: K, value: AccessibilitySettings[K]) => void;
  panelOpen: boolean;
  setPanelOpen: (open: boolean) => void;
  /** Whether this browser has the Web Speech API at all. */
  voiceSupported: boolean;
}

export const AccessibilityContext = createContext<AccessibilityContextValue | null>(null);

export function useAccessibility(): AccessibilityContextValue {
  const value = useContext(AccessibilityContext);
  if (!value) throw new Error('useAccessibility must be used inside AccessibilityProvider');
  return value;
}
