import { describe, expect, it } from 'vitest';
import { formatBusinessDay } from './dates.js';

describe('business dates', () => {
  it('writes the day first in every language, as the imports read it', () => {
    expect(formatBusinessDay({ locale: 'en' }, '2026-03-04')).toBe('04/03/2026');
    expect(formatBusinessDay({ locale: 'vi' }, '2026-03-04')).toBe('04/03/2026');
    expect(formatBusinessDay({ locale: 'ko' }, '2026-03-04')).toMatch(/^2026\. ?03\. ?04\.?$/);
    expect(formatBusinessDay({ locale: 'en' }, 'not a date')).toBe('not a date');
  });
});
