import dayjs, { type Dayjs } from 'dayjs';
import type { Locale } from '../../../common/i18n/locales.js';

/** How the imports read a business date: day first, as Vietnamese documents and ECUS exports write it. */
export const dayInputFormat = 'DD/MM/YYYY';

/**
 * How a date field reads and writes a business date, the order its language displays one (formatBusinessDay): day
 * first in Vietnamese and English, year first in Korean (2026. 03. 04.).
 */
export const dayFieldFormats: Record<Locale, string> = { en: dayInputFormat, vi: dayInputFormat, ko: 'YYYY. MM. DD.' };

/**
 * What a date field hands its form while what is typed is not a date (31/02, or a half-typed day): never a date, so
 * the form's own checks refuse it with their message instead of saving an empty or stale day.
 */
export const unreadableDay = 'invalid-date';

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A form's value (`YYYY-MM-DD`, or '' for none) as the picker's day; anything that is not an ISO day is none. */
export function dayOfValue(value: string): Dayjs | null {
  const match = isoDay.exec(value);
  if (!match) return null;
  // Built from its parts so that no time zone or lenient parsing moves the day (dayjs('2025-02-31') is March 3rd).
  const day = dayjs(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.format('YYYY-MM-DD') === value ? day : null;
}

/** The picker's day as the value a form keeps and the API is sent: `YYYY-MM-DD`, '' when cleared. */
export function valueOfDay(day: Dayjs | null): string {
  if (day === null) return '';
  return day.isValid() ? day.format('YYYY-MM-DD') : unreadableDay;
}
