import type { IntlShape } from 'react-intl';

/**
 * A business date (`YYYY-MM-DD`, a calendar day) as the reader's language writes it with digits, day first in
 * English too (24/11/2026): the order Vietnamese documents, customs and the imports use, never the American
 * month-first one a reader of a Vietnamese declaration would misread.
 */
export function formatBusinessDay(intl: Pick<IntlShape, 'locale'>, isoDay: string): string {
  const time = Date.parse(`${isoDay.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(time)) return isoDay;
  const locale = intl.locale === 'en' ? 'en-GB' : intl.locale;
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(time);
}
