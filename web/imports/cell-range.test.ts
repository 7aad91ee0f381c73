import { describe, expect, it } from 'vitest';
import {
  cellText, clickRange, columnLetters, columnNumber, columnsBetween, guessHeaderRange, headerRange, inRange, parseCellRef, type PreviewRow,
} from './cell-range.js';

describe('cell references', () => {
  it('reads a cell in any case, with spaces around', () => {
    expect(parseCellRef('a1')).toEqual({ row: 1, column: 'A' });
    expect(parseCellRef('AB12')).toEqual({ row: 12, column: 'AB' });
    expect(parseCellRef(' m2 ')).toEqual({ row: 2, column: 'M' });
    expect(parseCellRef('XFD1048576')).toEqual({ row: 1_048_576, column: 'XFD' });
  });

  it('refuses what is not one cell', () => {
    for (const text of ['', 'A', '12', 'A0', '1A', 'A-1', 'A1:B2', 'XFE1', 'ABCD1', 'Ă1']) expect(parseCellRef(text)).toBeNull();
  });

  it('converts column letters and numbers both ways', () => {
    expect(columnNumber('A')).toBe(1);
    expect(columnNumber('z')).toBe(26);
    expect(columnNumber('AA')).toBe(27);
    expect(columnNumber('XFD')).toBe(16_384);
    for (const number of [1, 26, 27, 52, 53, 702, 703, 16_384]) expect(columnNumber(columnLetters(number))).toBe(number);
    expect(columnsBetween('Y', 'AB')).toEqual(['Y', 'Z', 'AA', 'AB']);
    expect(cellText({ row: 3, column: 'C' })).toBe('C3');
  });
});

describe('header range', () => {
  it('derives header rows and columns from the Start and End cells', () => {
    expect(headerRange('A1', 'M2')).toEqual({ ok: true, range: { headerFrom: 1, headerTo: 2, colStart: 'A', colEnd: 'M' } });
    expect(headerRange('b5', 'b5')).toEqual({ ok: true, range: { headerFrom: 5, headerTo: 5, colStart: 'B', colEnd: 'B' } });
  });

  it('names what is wrong', () => {
    expect(headerRange('', 'M2')).toEqual({ ok: false, problem: 'start' });
    expect(headerRange('A1', 'M')).toEqual({ ok: false, problem: 'end' });
    expect(headerRange('A3', 'M2')).toEqual({ ok: false, problem: 'rowOrder' });
    expect(headerRange('C1', 'B2')).toEqual({ ok: false, problem: 'columnOrder' });
    expect(headerRange('A1', 'M6')).toEqual({ ok: false, problem: 'tooManyRows' });
    expect(headerRange('A2', 'M6').ok).toBe(true);
  });

  it('tells which cells are inside', () => {
    const range = { headerFrom: 2, headerTo: 3, colStart: 'B', colEnd: 'AA' };
    expect(inRange(range, 2, 'B')).toBe(true);
    expect(inRange(range, 3, 'Z')).toBe(true);
    expect(inRange(range, 1, 'C')).toBe(false);
    expect(inRange(range, 2, 'A')).toBe(false);
    expect(inRange(range, 2, 'AB')).toBe(false);
    expect(inRange(null, 1, 'A')).toBe(false);
  });

  it('starts the header at a clicked row and extends it with shift', () => {
    const columns = { first: 'A', last: 'F' };
    const start = clickRange(null, 4, false, columns);
    expect(start).toEqual({ headerFrom: 4, headerTo: 4, colStart: 'A', colEnd: 'F' });
    expect(clickRange(start, 6, true, columns)).toEqual({ headerFrom: 4, headerTo: 6, colStart: 'A', colEnd: 'F' });
    expect(clickRange({ ...start, colEnd: 'C' }, 2, false, columns)).toEqual({ headerFrom: 2, headerTo: 2, colStart: 'A', colEnd: 'C' });
    expect(clickRange({ ...start, headerTo: 5 }, 3, true, columns)).toEqual({ headerFrom: 3, headerTo: 5, colStart: 'A', colEnd: 'F' });
    expect(clickRange(start, 40, true, columns).headerTo).toBe(8);
  });
});

const preview = (rows: Array<Array<string>>, from = 1): PreviewRow[] =>
  rows.map((cells, index) => ({ row: from + index, cells: Object.fromEntries(cells.map((text, column) => [columnLetters(column + 1), text]).filter(([, text]) => text !== '')) }));

describe('header guess', () => {
  const columns = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];

  it('skips a title and takes the two rows of a merged ECUS header', () => {
    const rows = preview([
      ['DANH SÁCH TỜ KHAI XUẤT NHẬP KHẨU', '', '', '', '', '', ''],
      ['Số tờ khai', 'Ngày đăng ký', 'Mã loại hình', 'Hàng hóa', '', '', ''],
      ['', '', '', 'Mã hàng', 'Lượng', 'Đơn vị tính', ''],
      ['105808761430', '02/03/2026', 'E31', 'NVL-001', '1,200', 'MTR', ''],
      ['105808761431', '03/03/2026', 'E31', 'NVL-002', '50', 'KGM', ''],
    ]);
    expect(guessHeaderRange(rows, columns)).toEqual({ headerFrom: 2, headerTo: 3, colStart: 'A', colEnd: 'F' });
  });

  it('takes a plain one-row header', () => {
    const rows = preview([
      ['Mã hàng', 'Tên hàng', 'ĐVT', 'Số lượng'],
      ['NVL-001', 'Vải cotton', 'MTR', '12.5'],
      ['NVL-002', 'Chỉ may', 'CON', '4'],
    ]);
    expect(guessHeaderRange(rows, columns)).toEqual({ headerFrom: 1, headerTo: 1, colStart: 'A', colEnd: 'D' });
  });

  it('falls back to the first row when every row holds numbers', () => {
    const rows = preview([['1', '2'], ['3', '4']], 7);
    expect(guessHeaderRange(rows, columns)).toEqual({ headerFrom: 7, headerTo: 7, colStart: 'A', colEnd: 'B' });
    expect(guessHeaderRange([], columns)).toBeNull();
  });
});
