import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { TEXT } from '@argus/contracts/catalogue';
import { App } from './app/App';
import { detectSiteExperience } from './app/site';
import { installGlobalErrorReporting } from './features/analytics/error-reporting';
import { reportWebVitals } from './features/analytics/web-vitals';
import './styles/index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error(TEXT.root.notFound);

installGlobalErrorReporting();
reportWebVitals();
// Registered here rather than by an injected inline script: the server's CSP is script-src 'self'.
registerSW({ immediate: true });

createRoot(rootElement).render(
  <StrictMode>
    <App site={detectSiteExperience()} />
  </StrictMode>,
);
