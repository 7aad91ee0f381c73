import { describe, expect, it } from 'vitest';
import { locales } from '../../../common/i18n/locales.js';
import { dayFieldFormats, dayOfValue, unreadableDay, valueOfDay } from './business-day.js';
import { formatBusinessDay } from './dates.js';

describe('a date field\'s value', () => {
  it('reads an ISO day as that calendar day, and nothing else as a day', () => {
    expect(dayOfValue('2025-01-31')?.format('DD/MM/YYYY')).toBe('31/01/2025');
    expect(dayOfValue('')).toBeNull();
    expect(dayOfValue('2025-02-31')).toBeNull();
    expect(dayOfValue('31/01/2025')).toBeNull();
    expect(dayOfValue(unreadableDay)).toBeNull();
  });

  it('hands the form the ISO day, an empty value when cleared, and a value no check takes for a date otherwise', () => {
    const day = dayOfValue('2024-02-29');
    expect(valueOfDay(day)).toBe('2024-02-29');
    expect(valueOfDay(null)).toBe('');
    expect(valueOfDay(day?.add(Number.NaN, 'day') ?? null)).toBe(unreadableDay);
    expect(unreadableDay).not.toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('a date field\'s format', () => {
  it('is the order the language displays a business day in', () => {
    for (const locale of locales) {
      expect(dayOfValue('2026-03-04')!.format(dayFieldFormats[locale])).toBe(formatBusinessDay({ locale }, '2026-03-04'));
    }
  });
});
