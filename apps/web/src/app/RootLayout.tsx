import { Outlet } from 'react-router';
import { LazyAccessibilityPanel } from '../features/accessibility/LazyAccessibilityPanel';
import { SkipLink } from '../features/accessibility/SkipLink';
import { useKeyboardShortcuts } from '../features/accessibility/useKeyboardShortcuts';
import { lazy, Suspense } from 'react';
import { useAccessibility } from '../features/accessibility/accessibility-context';
import { usePageViews } from '../features/analytics/usePageViews';
import { AuthProvider } from '../features/auth/AuthProvider';
import { SwitchBanner } from '../features/auth/SwitchBanner';
import { DeviceBanner } from '../features/auth/DeviceBanner';
import { useSite } from './site-context';
import { useRouteAnnouncements } from './useRouteAnnouncements';

/** Everything every screen shares that needs the router: session, skip link, banner, panel. */
export function RootLayout() {
  const site = useSite();
  return (
    <AuthProvider enabled={site !== 'api' && site !== 'stream'}>
      <SkipLink />
      <SwitchBanner />
      <DeviceBanner />
      <Outlet />
      <LazyAccessibilityPanel />
      <VoiceCommandsWhenOn />
      <NavigationEffects />
    </AuthProvider>
  );
}

// Fetched only by those who turn voice commands on, so /login's first load stays small (README, "Build").
const VoiceCommands = lazy(async () => ({ default: (await import('../features/accessibility/VoiceCommands')).VoiceCommands }));

function VoiceCommandsWhenOn() {
  const { settings } = useAccessibility();
  if (!settings.voiceCommands) return null;
  return (
    <Suspense fallback={null}>
      <VoiceCommands />
    </Suspense>
  );
}

function NavigationEffects() {
  usePageViews();
  useRouteAnnouncements();
  useKeyboardShortcuts();
  return null;
}
