/**
 * The catalogs the web app speaks, for what the server writes itself: mails, workbook headers and the labels of
 * choices an import reads in any language. Loaded once for every module.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import en from '../common/i18n/en.json' with { type: 'json' };
import ko from '../common/i18n/ko.json' with { type: 'json' };
import vi from '../common/i18n/vi.json' with { type: 'json' };
import { type Catalog, flattenCatalog, isLocale, type Locale } from '../common/i18n/locales.js';

export type Catalogs = typeof en;

/** The nested catalogs (the keys of the English one, which `npm run i18n:check` holds the others to). */
export const catalogs: Record<Locale, Catalogs> = { en, vi: vi as Catalogs, ko: ko as Catalogs };

/** Every catalog text by its flat key (`fields.code`), per language. */
export const catalogTexts: Record<Locale, Record<string, string>> = {
  en: flattenCatalog(en as Catalog),
  vi: flattenCatalog(vi as Catalog),
  ko: flattenCatalog(ko as Catalog),
};

/** The language a request or a user asked for, or Vietnamese, the market's. */
export const localeOf = (value: unknown): Locale => (isLocale(value) ? value : 'vi');

/** An ICU message with its values filled in. */
export const formatMessage = (message: string, locale: Locale, values: Record<string, string>) =>
  new IntlMessageFormat(message, locale).format(values) as string;
