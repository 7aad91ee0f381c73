import { catalogs, type Catalogs, formatMessage, localeOf } from '../i18n.js';

/** A mail text in the recipient's language, from the same catalogs the web app uses. */
export function mailText(locale: string, key: keyof Catalogs['mail'], values: Record<string, string>): string {
  const language = localeOf(locale);
  return formatMessage(catalogs[language].mail[key] ?? catalogs.en.mail[key], language, values);
}

/** The time zone of the market: a reader in Hà Nội or Hồ Chí Minh City reads a mail's times in it, whatever the server's. */
export const mailTimeZone = 'Asia/Ho_Chi_Minh';

/**
 * A moment as a mail states it, in Vietnam time and the recipient's language, day first in English too (as the web
 * app writes dates); the message around it names the zone.
 */
export function mailTime(locale: string, moment: Date): string {
  const language = localeOf(locale);
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
    timeZone: mailTimeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).format(moment);
}
