import { describe, expect, it } from 'vitest';
import { columnFormat, currencyScale, quantityFormat, roundMoney } from './number-format.js';

describe('quantity formats', () => {
  it('shows whole numbers without a separator and others with exactly their decimals', () => {
    expect(quantityFormat('1200')).toBe('#,##0');
    expect(quantityFormat('1200.000')).toBe('#,##0');
    expect(quantityFormat('82.296')).toBe('#,##0.000');
    expect(quantityFormat(0.1 + 0.2)).toBe('#,##0.0');
    expect(quantityFormat('0.0000004')).toBe('#,##0');
    expect(quantityFormat(-3.5, true)).toBe('#,##0.0;[Red]-#,##0.0');
  });

  it('gives a column one format, by the largest scale among its values', () => {
    expect(columnFormat([235, '147.704', null, '', 12.5])).toBe('#,##0.000');
    expect(columnFormat(['1200', 3, undefined])).toBe('#,##0');
    expect(columnFormat([])).toBe('#,##0');
    expect(columnFormat([1.123456789], true)).toBe('#,##0.000000;[Red]-#,##0.000000');
    // Money shows at least its currency's decimals.
    expect(columnFormat([2, 1000], false, currencyScale('USD'))).toBe('#,##0.00');
    expect(columnFormat([2.125], false, currencyScale('USD'))).toBe('#,##0.000');
  });
});

describe('money', () => {
  it('knows each currency\'s scale', () => {
    expect([currencyScale('USD'), currencyScale('eur'), currencyScale('VND'), currencyScale('JPY'), currencyScale('KRW')]).toEqual([2, 2, 0, 0, 0]);
    expect([currencyScale(null), currencyScale(''), currencyScale('not a code')]).toEqual([2, 2, 2]);
  });

  it('rounds an amount to its currency\'s scale, as an invoice states it', () => {
    expect(80.03999999999999 * 100).not.toBe(8004);
    expect(roundMoney(80.03999999999999 * 100, 'USD')).toBe(8004);
    expect(roundMoney(80.04 * 100, 'USD')).toBe(8004);
    expect(roundMoney(1.005, 'USD')).toBe(1.01);
    expect(roundMoney(1_234_567.5, 'VND')).toBe(1_234_568);
    expect(roundMoney(-2.675, 'EUR')).toBe(-2.68);
    expect(Object.is(roundMoney(-0.001, 'USD'), 0)).toBe(true);
  });
});
