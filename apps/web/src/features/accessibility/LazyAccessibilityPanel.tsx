import { lazy, Suspense, useState } from 'react';
import { useAccessibility } from './accessibility-context';

const AccessibilityPanel = lazy(async () => ({ default: (await import('./AccessibilityPanel')).AccessibilityPanel }));

/**
 * The accessibility panel, fetched the first time it is opened: its dialog and controls are not
 * part of the first load that /login must keep small on one bar of signal (README, "Build").
 */
export function LazyAccessibilityPanel() {
  const { panelOpen } = useAccessibility();
  const [opened, setOpened] = useState(panelOpen);
  if (panelOpen && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AccessibilityPanel />
    </Suspense>
  );
}
