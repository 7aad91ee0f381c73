import { type ReactNode, useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { type Catalog, flattenCatalog, type Locale } from '../../../common/i18n/locales.js';
import { useConfig } from '../config/ConfigProvider.js';
import { FullScreenLoader } from '../loading.js';

/** Each catalog is its own chunk, fetched the first time its language is chosen. */
const catalogLoaders: Record<Locale, () => Promise<{ default: Catalog }>> = {
  en: () => import('../../../common/i18n/en.json'),
  vi: () => import('../../../common/i18n/vi.json'),
  ko: () => import('../../../common/i18n/ko.json'),
};

const loaded = new Map<Locale, Record<string, string>>();

export function I18nProvider({ children }: { children: ReactNode }) {
  const { locale } = useConfig().config;
  // The last catalog that finished loading: a switch keeps showing it until the new one arrives.
  const [shown, setShown] = useState<{ locale: Locale; messages: Record<string, string> } | null>(null);
  const cached = loaded.get(locale);
  const current = cached ? { locale, messages: cached } : shown;

  useEffect(() => {
    document.documentElement.lang = locale;
    if (loaded.has(locale)) return;
    let cancelled = false;
    void catalogLoaders[locale]().then((module) => {
      loaded.set(locale, flattenCatalog(module.default));
      if (!cancelled) setShown({ locale, messages: loaded.get(locale) ?? {} });
    });
    return () => { cancelled = true; };
  }, [locale]);

  if (!current) return <FullScreenLoader />;
  return (
    <IntlProvider locale={current.locale} messages={current.messages} defaultLocale="en" onError={reportMissingMessage}>
      {children}
    </IntlProvider>
  );
}

function reportMissingMessage(error: { code: string; message: string }) {
  if (import.meta.env.DEV) console.warn(error.message);
}
