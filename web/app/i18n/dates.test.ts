import { describe, expect, it } from 'vitest';
import { formatBusinessDay, formatDocumentDay } from './dates.js';

describe('business dates', () => {
  it('writes the day first in every language, as the imports read it', () => {
    expect(formatBusinessDay({ locale: 'en' }, '2026-03-04')).toBe('04/03/2026');
    expect(formatBusinessDay({ locale: 'vi' }, '2026-03-04')).toBe('04/03/2026');
    expect(formatBusinessDay({ locale: 'ko' }, '2026-03-04')).toMatch(/^2026\. ?03\. ?04\.?$/);
    expect(formatBusinessDay({ locale: 'en' }, 'not a date')).toBe('not a date');
  });

  it('writes a document\'s date in words in the reader\'s language, day first in English', () => {
    expect(formatDocumentDay({ locale: 'en' }, '2023-05-31')).toBe('31 May 2023');
    expect(formatDocumentDay({ locale: 'vi' }, '2023-05-31')).toBe('31 tháng 5, 2023');
    expect(formatDocumentDay({ locale: 'ko' }, '2023-05-31')).toBe('2023년 5월 31일');
    expect(formatDocumentDay({ locale: 'en' }, '')).toBe('');
  });
});
