import { Outlet } from 'react-router';
import { AccessibilityPanel } from '../features/accessibility/AccessibilityPanel';
import { SkipLink } from '../features/accessibility/SkipLink';
import { useKeyboardShortcuts } from '../features/accessibility/useKeyboardShortcuts';
import { VoiceCommands } from '../features/accessibility/VoiceCommands';
import { usePageViews } from '../features/analytics/usePageViews';
import { AuthProvider } from '../features/auth/AuthProvider';
import { SwitchBanner } from '../features/auth/SwitchBanner';
import { useSite } from './site-context';
import { useRouteAnnouncements } from './useRouteAnnouncements';

/** Everything every screen shares that needs the router: session, skip link, banner, panel. */
export function RootLayout() {
  const site = useSite();
  return (
    <AuthProvider enabled={site !== 'api' && site !== 'stream'}>
      <SkipLink />
      <SwitchBanner />
      <Outlet />
      <AccessibilityPanel />
      <VoiceCommands />
      <NavigationEffects />
    </AuthProvider>
  );
}

function NavigationEffects() {
  usePageViews();
  useRouteAnnouncements();
  useKeyboardShortcuts();
  return null;
}
