import { type ReactNode, useEffect, useState } from 'react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import type { Locale } from '../../../common/i18n/locales.js';
import { useConfig } from '../config/ConfigProvider.js';
import { FullScreenLoader } from '../loading.js';

/**
 * A language's catalog in chunks: what every visitor reads, the signed-in screens' sections, and the few of those the
 * signed-in home and its menu read (web/catalog-parts.ts).
 */
export type CatalogPart = 'public' | 'business' | 'home';

/** A part of a catalog as react-intl takes it: flat `a.b.c` keys, messages parsed at build time. */
export type Messages = Record<string, MessageFormatElement[]>;
type CompiledCatalog = { [key: string]: MessageFormatElement[] | CompiledCatalog };

function flattenCompiled(catalog: CompiledCatalog, prefix = '', into: Messages = {}): Messages {
  for (const [key, value] of Object.entries(catalog)) {
    if (Array.isArray(value)) into[prefix + key] = value;
    else flattenCompiled(value, `${prefix}${key}.`, into);
  }
  return into;
}

/** Each part of each catalog is its own chunk, fetched the first time it is needed (web/catalog-parts.ts). */
const catalogLoaders: Record<Locale, Record<CatalogPart, () => Promise<{ default: CompiledCatalog }>>> = {
  en: { public: () => import('virtual:catalog/en/public'), business: () => import('virtual:catalog/en/business'), home: () => import('virtual:catalog/en/home') },
  vi: { public: () => import('virtual:catalog/vi/public'), business: () => import('virtual:catalog/vi/business'), home: () => import('virtual:catalog/vi/home') },
  ko: { public: () => import('virtual:catalog/ko/public'), business: () => import('virtual:catalog/ko/business'), home: () => import('virtual:catalog/ko/home') },
};

const loaded = new Map<string, Messages>();

/**
 * The messages of one part of the current language, once loaded; null before the first arrives. A switch keeps
 * showing the last part that finished loading until the new one arrives.
 */
export function useCatalog(locale: Locale, part: CatalogPart, wanted = true): { locale: Locale; messages: Messages } | null {
  const key = `${locale}/${part}`;
  const [shown, setShown] = useState<{ locale: Locale; messages: Messages } | null>(null);
  const cached = loaded.get(key);

  useEffect(() => {
    if (!wanted || loaded.has(key)) return;
    let cancelled = false;
    void catalogLoaders[locale][part]().then((module) => {
      loaded.set(key, flattenCompiled(module.default));
      if (!cancelled) setShown({ locale, messages: loaded.get(key) ?? {} });
    });
    return () => { cancelled = true; };
  }, [key, locale, part, wanted]);

  if (!wanted) return null;
  return cached ? { locale, messages: cached } : shown;
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const { locale } = useConfig().config;
  const current = useCatalog(locale, 'public');
  useEffect(() => { document.documentElement.lang = locale; }, [locale]);

  if (!current) return <FullScreenLoader />;
  return <MessagesProvider locale={current.locale} messages={current.messages}>{children}</MessagesProvider>;
}

export function MessagesProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  return <IntlProvider locale={locale} messages={messages} defaultLocale="en" onError={reportMissingMessage}>{children}</IntlProvider>;
}

function reportMissingMessage(error: { code: string; message: string }) {
  if (import.meta.env.DEV) console.warn(error.message);
}
