import { IntlMessageFormat } from 'intl-messageformat';
import en from '../../common/i18n/en.json' with { type: 'json' };
import ko from '../../common/i18n/ko.json' with { type: 'json' };
import vi from '../../common/i18n/vi.json' with { type: 'json' };
import { isLocale, type Locale } from '../../common/i18n/locales.js';

const catalogs: Record<Locale, { mail: Record<string, string> }> = { en, vi, ko };

/** A mail text in the recipient's language, from the same catalogs the web app uses. */
export function mailText(locale: string, key: keyof typeof en.mail, values: Record<string, string>): string {
  const language: Locale = isLocale(locale) ? locale : 'vi';
  return new IntlMessageFormat(catalogs[language].mail[key] ?? en.mail[key], language).format(values) as string;
}
