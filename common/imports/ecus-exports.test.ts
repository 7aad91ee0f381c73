import { describe, expect, it } from 'vitest';
import { ecus } from '../resources/ecus.js';
import { flattenHeader, headerKey } from './cells.js';
import { coerceCell, decimalMarkOf, importMessages, parseDecimalText, type SheetRow } from './coerce.js';
import { recogniseLayout, taxColumnOf } from './ecus-layouts.js';
import { declarationList, goodsReport50, goodsReport54, goodsReport55, goodsReport81, groupedListBottom, groupedListTop } from './ecus-sample-headers.js';
import { columnNumberFormats } from './number-format.js';
import { kindOfRefusedRow } from './row-kinds.js';

describe('known ECUS layouts', () => {
  it('recognises each goods report by its labels, whatever its version', () => {
    expect(recogniseLayout(goodsReport54)).toEqual({ id: 'ecus-goods-report', columns: 54, goodsLines: true });
    expect(recogniseLayout(goodsReport50)).toEqual({ id: 'ecus-goods-report', columns: 50, goodsLines: true });
    expect(recogniseLayout(goodsReport55)).toEqual({ id: 'ecus-goods-report', columns: 55, goodsLines: true });
    expect(recogniseLayout(goodsReport81)).toEqual({ id: 'ecus-goods-report-mh', columns: 81, goodsLines: true });
  });

  it('tells a declaration list from goods lines, and a forwarder\'s grouped list from any other sheet', () => {
    expect(recogniseLayout(declarationList)).toMatchObject({ id: 'ecus-declaration-list', goodsLines: false });
    expect(recogniseLayout(flattenHeader([groupedListTop, groupedListBottom], groupedListTop.length))).toMatchObject({ id: 'grouped-declaration-list' });
    expect(recogniseLayout(['Mã hàng', 'Tên hàng', 'Số lượng', 'Thuế suất'])).toBeNull();
  });

  it('reads a tax column from its words, its group heading included', () => {
    const field = (header: string) => taxColumnOf(header)?.field ?? null;
    expect(field('Thuế nhập khẩu Thuế suất (%)')).toBe('tax_rate');
    expect(field('Thuế GTGT Thuế suất')).toBe('vat_rate');
    expect(field('Thuế GTGT Số tiền thuế')).toBe('vat_amount');
    expect(field('Thuế GTGT Mã miễn / Giảm / Không chịu thuế')).toBe('vat_exemption_code');
    expect(field('Thuế nhập khẩu Số tiền giảm thuế nhập khẩu')).toBe('exempted_amount');
    expect(field('Thuế suất VA')).toBe('vat_rate');
    expect(field('Tiền thuế MT')).toBe('environment_amount');
    expect(field('Số tiền miễn thuế XNK')).toBe('exempted_amount');
    expect(field('Mã biểu thuế XNK')).toBe('tariff_schedule');
    // The per-line labels of other ECUS screens (the shared notes' §3).
    expect(field('Mã miễn giảm không chịu thuế XNK')).toBe('exemption_code');
    expect(field('Số tiền giảm thuế XNK')).toBe('exempted_amount');
    expect(field('Mã biểu thuế nhập khẩu')).toBe('tariff_schedule');
    expect(field('Mã biểu thuế VAT')).toBeNull();
    // The sum of a line's taxes, a bare rate and a taxable value are none.
    expect(field('Tổng tiền thuế')).toBeNull();
    expect(field('Thuế suất')).toBeNull();
    expect(field('Trị giá tính thuế')).toBeNull();
    expect(taxColumnOf('Thuế nhập khẩu Thuế suất (%)')?.grouped).toBe(true);
    expect(taxColumnOf('Thuế suất XNK')?.grouped).toBe(false);
  });
});

const rows = (cells: string[][]): SheetRow[] => cells.map((row, index) => ({ row: index + 11, cells: row }));

describe('numbers read by column', () => {
  it('tells what one cell shows of its decimal mark', () => {
    expect(['100.000', '1,500', '2.000,5', '266.700.000', '1,234,567.50', '12,5', '0.500', '7'].map(decimalMarkOf))
      .toEqual(['either', 'either', ',', ',', '.', ',', '.', null]);
  });

  it('reads a column by the mark its other cells show: 100.000 is a hundred thousand beside 2.000,5', () => {
    const sheet = rows([['100.000', '1.200'], ['2.000,5', '635.000'], ['266.700.000', '50']]);
    const { formats, undecided } = columnNumberFormats(sheet, [1, 2]);
    expect(formats.get(1)).toEqual({ mark: ',', source: 'column', conflicting: false });
    // Column 2 alone cannot tell; the sheet's other column can.
    expect(formats.get(2)).toEqual({ mark: ',', source: 'sheet', conflicting: false });
    expect(undecided).toEqual([]);
    const total = ecus.fields.total!;
    expect(['100.000', '1.200', '635.000', '2.000,5'].map((cell) => coerceCell(total, cell, { decimalMark: ',' })))
      .toEqual([{ value: '100000' }, { value: '1200' }, { value: '635000' }, { value: '2000.5' }]);
    expect(coerceCell(total, '1,234,567.50', { decimalMark: '.' })).toEqual({ value: '1234567.50' });
  });

  it('asks only when the file cannot tell, and never reads such a cell without an answer', () => {
    const sheet = rows([['100.000'], ['1.200']]);
    expect(columnNumberFormats(sheet, [1])).toEqual({ formats: new Map([[1, { mark: null, source: null, conflicting: false }]]), undecided: [1] });
    expect(columnNumberFormats(sheet, [1], '.').formats.get(1)).toEqual({ mark: '.', source: 'chosen', conflicting: false });
    expect(coerceCell(ecus.fields.total!, '100.000')).toEqual({ error: importMessages.numberAmbiguous });
    // A cell written the other way than its column is refused, not read another way.
    expect(coerceCell(ecus.fields.total!, '2.5', { decimalMark: ',' })).toEqual({ error: importMessages.numberStyle });
    expect(parseDecimalText('1.23.4', ',')).toBeNull();
  });

  it('keeps a rate word as no rate instead of refusing it', () => {
    expect(coerceCell(ecus.fields.vat_rate!, 'KCT')).toEqual({ value: null, word: 'KCT' });
    expect(coerceCell(ecus.fields.tax_rate!, '*')).toEqual({ value: null, word: '*' });
    expect(coerceCell(ecus.fields.total!, 'KCT')).toEqual({ error: importMessages.number });
  });
});

describe('rows that are no goods lines', () => {
  const header = new Map(goodsReport54.map((label, index) => [index, headerKey(label)]));
  const kind = (cells: string[], afterSignature = false, missingRequired = true) => kindOfRefusedRow(cells, header, { afterSignature, missingRequired });

  it('knows a totals row, a signature block and a repeated header', () => {
    expect(kind(['', 'Tổng cộng:', '', '', '', '', '', '', '', '', '', '', '142'])).toBe('totals');
    expect(kind(['TOTAL', '', '', '50000'])).toBe('totals');
    expect(kind(['', '', 'Người lập biểu', '', '', '', 'Giám đốc'])).toBe('signature');
    expect(kind(['', '', '(Ký, ghi rõ họ tên)'])).toBe('signature');
    expect(kind(['', '', '', '', 'Hải Phòng, ngày 31 tháng 12 năm 2025'])).toBe('signature');
    expect(kind(['', '', 'Nguyễn Thị Lan', '', '', '', 'Park Ji-hoon'], true)).toBe('signature');
    expect(kind([...goodsReport54])).toBe('header');
  });

  it('leaves a goods line refused with its problems, whatever its name', () => {
    expect(kind(['1', '104567891230', '05/01/2025', 'E31', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '1', 'NVL-01', '85340010', 'Tổng thành mạch in'], false, false)).toBeNull();
    expect(kind(['', '', 'Cổng sắt mạ kẽm', '12'])).toBeNull();
    expect(kind(['', '', 'Nguyễn Thị Lan'])).toBeNull();
  });
});
