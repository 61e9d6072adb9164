import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { TEXT } from '@argus/contracts/catalogue';
import { App } from './app/App';
import { detectSiteExperience } from './app/site';
import { installGlobalErrorReporting } from './features/analytics/error-reporting';
import { registerAfterFirstScreen } from './lib/pwa/register-after-first-screen';
import './styles/index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error(TEXT.root.notFound);

installGlobalErrorReporting();
// The web-vitals observers read buffered entries, so loading them apart from the first load loses nothing.
void import('./features/analytics/web-vitals').then(({ reportWebVitals }) => reportWebVitals());
// Registered here rather than by an injected inline script: the server's CSP is script-src 'self';
// and only once the first screen is usable, so its install does not compete with that screen.
registerAfterFirstScreen(() => void registerSW({ immediate: true }));

createRoot(rootElement).render(
  <StrictMode>
    <App site={detectSiteExperience()} />
  </StrictMode>,
);
