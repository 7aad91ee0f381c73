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

/**
 * A document's date in words in the reader's language (31 May 2023, 31 tháng 5, 2023, 2023년 5월 31일): how a
 * regulation or ruling is cited, where the digits of a business day would read as a figure. Day first in English.
 */
export function formatDocumentDay(intl: Pick<IntlShape, 'locale'>, isoDay: string): string {
  const time = Date.parse(`${isoDay.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(time)) return isoDay;
  const locale = intl.locale === 'en' ? 'en-GB' : intl.locale;
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'long' }).format(time);
}
