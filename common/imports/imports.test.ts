import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { code, date, decimal, integer, choice } from '../resources/define.js';
import { coerceCell, excelSerialToDate, parseDateText, parseDecimalText } from './coerce.js';
import { columnLetters, columnNumber, extraFieldName, flattenHeader, parseCell, parseColumnRange } from './cells.js';

describe('cell addresses', () => {
  it('turns column letters into numbers and back', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 16_384 }), (n) => columnNumber(columnLetters(n)) === n));
    expect(columnLetters(27)).toBe('AA');
    expect(parseCell(' b12 ')).toEqual({ column: 'B', row: 12 });
    expect(parseCell('C')).toEqual({ column: 'C' });
    expect(parseCell('A0')).toBeNull();
    expect(parseCell('1A')).toBeNull();
    expect(parseColumnRange('a:m')).toEqual(['A', 'M']);
    expect(parseColumnRange('M:A')).toBeNull();
  });

  it('names extra fields from their header without accents, case or punctuation', () => {
    expect(extraFieldName('Số hợp đồng (HĐ)')).toBe('sohopdonghd');
    expect(extraFieldName('Ghi chú / Note 2')).toBe('ghichunote2');
  });

  it('flattens headers merged over several rows', () => {
    expect(flattenHeader([['Số tờ khai', 'Thuế', '', 'Ghi chú'], ['', 'Thuế suất', 'Tiền thuế', '']], 4))
      .toEqual(['Số tờ khai', 'Thuế suất', 'Thuế Tiền thuế', 'Ghi chú']);
    expect(flattenHeader([['Hàng hóa', '', 'Đơn giá'], ['Mã', 'Tên', '']], 3)).toEqual(['Hàng hóa Mã', 'Hàng hóa Tên', 'Đơn giá']);
  });
});

describe('values coerced by field kind', () => {
  it('keeps codes as text with their leading zeros', () => {
    expect(coerceCell(code(), 107808761432)).toEqual({ value: '107808761432' });
    expect(coerceCell(code(), '107808761432.0')).toEqual({ value: '107808761432' });
    expect(coerceCell(code(), ' 0101.21 ')).toEqual({ value: '0101.21' });
  });

  it('reads both decimal conventions', () => {
    expect(parseDecimalText('1.000,50')).toBe('1000.50');
    expect(parseDecimalText('1,000.50')).toBe('1000.50');
    expect(parseDecimalText('1,500')).toBe('1500');
    expect(parseDecimalText('12,5')).toBe('12.5');
    expect(parseDecimalText('1.234.567')).toBe('1234567');
    expect(parseDecimalText('(2,5)')).toBe('-2.5');
    expect(parseDecimalText('abc')).toBeNull();
    expect(coerceCell(decimal(), 0.1 + 0.2)).toEqual({ value: '0.3' });
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
      const fraction = String(cents).padStart(2, '0');
      const vi = `${whole.toLocaleString('de-DE')},${fraction}`;
      const en = `${whole.toLocaleString('en-US')}.${fraction}`;
      return parseDecimalText(vi) === `${whole}.${fraction}` && parseDecimalText(en) === `${whole}.${fraction}`;
    }));
  });

  it('reads dates as serials of either system, as text, and as date cells', () => {
    expect(excelSerialToDate(45292)).toBe('2024-01-01');
    expect(excelSerialToDate(45292 - 1462, true)).toBe('2024-01-01');
    expect(excelSerialToDate(59)).toBe('1900-02-28');
    expect(excelSerialToDate(61)).toBe('1900-03-01');
    expect(parseDateText('05/03/2025')).toBe('2025-03-05');
    expect(parseDateText('5-3-2025 08:30:00')).toBe('2025-03-05');
    expect(parseDateText('2025-03-05')).toBe('2025-03-05');
    expect(parseDateText('31/02/2025')).toBeNull();
    expect(coerceCell(date(), { date: '2025-03-05T00:00:00.000Z' })).toEqual({ value: '2025-03-05' });
    expect(coerceCell(date(), 'soon')).toHaveProperty('error');
  });

  it('rejects formulas without a saved value, error cells and bad numbers', () => {
    expect(coerceCell(decimal(), { formulaWithoutValue: true })).toHaveProperty('error');
    expect(coerceCell(decimal(), { error: '#N/A' })).toHaveProperty('error');
    expect(coerceCell(integer(), '12.5')).toHaveProperty('error');
    expect(coerceCell(integer(), '1.000.000')).toEqual({ value: 1_000_000 });
    expect(coerceCell(decimal(), '')).toEqual({ value: null });
  });

  it('matches choices by value or by a label in any language', () => {
    const itemType = choice(['material', 'product']);
    expect(coerceCell(itemType, 'Material')).toEqual({ value: 'material' });
    expect(coerceCell(itemType, 'nguyen lieu', { choiceLabels: { material: ['Nguyên liệu'] } })).toEqual({ value: 'material' });
    expect(coerceCell(itemType, 'other')).toHaveProperty('error');
    const abbreviated = choice(['material', 'product'], { choiceAliases: { material: ['NVL'], product: ['TP'] } });
    expect(coerceCell(abbreviated, ' nvl ')).toEqual({ value: 'material' });
    expect(coerceCell(abbreviated, 'TP')).toEqual({ value: 'product' });
    expect(coerceCell(itemType, 'NVL')).toHaveProperty('error');
  });
});
