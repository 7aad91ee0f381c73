import { describe, expect, it } from 'vitest';
import { firstValueText } from './first-value.js';

describe('the first value of a mapped column', () => {
  it('writes a date cell as the reader writes a day', () => {
    expect(firstValueText('2026-03-02', 'date', null, 'vi')).toBe('02/03/2026');
    expect(firstValueText('2026-03-02', 'date', null, 'en')).toBe('02/03/2026');
    expect(firstValueText('2026-03-02', 'date', null, 'ko')).toMatch(/^2026\. ?03\. ?02\.?$/);
    // A date column that holds something else is shown as it stands.
    expect(firstValueText('02/03/2026', 'date', null, 'vi')).toBe('02/03/2026');
    expect(firstValueText('2026-03-02', 'code', null, 'vi')).toBe('2026-03-02');
  });

  it('reads a number by its column mark and writes it with the language grouping', () => {
    expect(firstValueText('1000.5', 'decimal', '.', 'vi')).toBe('1.000,5');
    expect(firstValueText('1000.5', 'decimal', '.', 'en')).toBe('1,000.5');
    expect(firstValueText('100.000', 'decimal', ',', 'vi')).toBe('100.000');
    expect(firstValueText('100.000', 'decimal', ',', 'en')).toBe('100,000');
    expect(firstValueText('2.000,5', 'decimal', ',', 'en')).toBe('2,000.5');
    expect(firstValueText('KCT', 'decimal', ',', 'vi')).toBe('KCT');
  });
});
