import { catalogs, type Catalogs, formatMessage, localeOf } from '../i18n.js';

/** A mail text in the recipient's language, from the same catalogs the web app uses. */
export function mailText(locale: string, key: keyof Catalogs['mail'], values: Record<string, string>): string {
  const language = localeOf(locale);
  return formatMessage(catalogs[language].mail[key] ?? catalogs.en.mail[key], language, values);
}
