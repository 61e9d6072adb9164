import { useEffect } from 'react';
import { useAccessibility } from './accessibility-context';
import { SKIP_LINK_ID } from './SkipLink';

/**
 * With keyboard navigation on, Alt+S focuses the skip link and Alt+A toggles the panel.
 * event.code is used because Alt turns event.key into other characters on several layouts (macOS).
 */
export function useKeyboardShortcuts(): void {
  const { settings, panelOpen, setPanelOpen } = useAccessibility();
  const enabled = settings.keyboardNavigation;

  useEffect(() => {
    if (!enabled) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.code === 'KeyS') {
        event.preventDefault();
        document.getElementById(SKIP_LINK_ID)?.focus();
      } else if (event.code === 'KeyA') {
        event.preventDefault();
        setPanelOpen(!panelOpen);
      }
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [enabled, panelOpen, setPanelOpen]);
}
