import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';

// An old service worker could keep serving a stale app; Dutybook registers none.
void navigator.serviceWorker?.getRegistrations().then((registrations) => registrations.forEach((registration) => void registration.unregister()));

if (import.meta.env.DEV) {
  void import('web-vitals').then(({ onCLS, onINP, onFCP, onLCP, onTTFB }) => {
    for (const measure of [onCLS, onINP, onFCP, onLCP, onTTFB]) measure((metric) => console.info('[web-vitals]', metric.name, Math.round(metric.value * 1000) / 1000));
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
