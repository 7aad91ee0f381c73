import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { runtimeConfig } from './runtime-config.js';

declare global {
  interface Window { dataLayer?: unknown[] }
}

let tagManagerLoaded = false;

/** Loads the tag manager once, and only when a container id is configured. */
function loadTagManager(containerId: string): void {
  if (tagManagerLoaded) return;
  tagManagerLoaded = true;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  document.head.appendChild(script);
}

/** On every path change: scroll smoothly to the top and, when configured, send a page view. */
export function usePathChangeEffects(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    const containerId = runtimeConfig.gtmId;
    if (!containerId) return;
    loadTagManager(containerId);
    window.dataLayer?.push({ event: 'page_view', page_path: pathname });
  }, [pathname]);
}

/** Sets the document title and meta description for the current page, in the current language. */
export function usePageMeta(titleId: string, descriptionId?: string, values?: Record<string, string | number>): void {
  const intl = useIntl();
  const title = intl.formatMessage({ id: titleId }, values);
  const description = descriptionId ? intl.formatMessage({ id: descriptionId }, values) : undefined;
  const appName = intl.formatMessage({ id: 'shell.appName' });
  useEffect(() => {
    document.title = title === appName ? appName : `${title} · ${appName}`;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description, appName]);
}
