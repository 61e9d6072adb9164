import { useSyncExternalStore } from 'react';
import type { SystemPreferences } from './accessibility-settings';

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The operating system's contrast and motion preferences, kept live as the user changes them. */
export function useSystemPreferences(): SystemPreferences {
  return {
    prefersMoreContrast: useMediaQuery('(prefers-contrast: more)'),
    prefersReducedMotion: useMediaQuery('(prefers-reduced-motion: reduce)'),
  };
}
