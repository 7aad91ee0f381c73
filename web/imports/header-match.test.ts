import { describe, expect, it } from 'vitest';
import { extraFieldName, headerKey, matchColumns, type MatchField, unmappedColumns } from './header-match.js';

const fields: MatchField[] = [
  { name: 'account_number', names: ['Declaration no.', 'Số tờ khai', '신고번호', 'Số TK', 'TK', '수입신고번호'] },
  { name: 'registered_date', names: ['Registration date', 'Ngày đăng ký', '신고일', 'Ngày ĐK'] },
  { name: 'type_code', names: ['Type code', 'Mã loại hình', 'Loại hình', '신고유형'] },
  { name: 'code', names: ['Item code', 'Mã hàng', '품목코드', 'Mã NPL/SP'] },
  { name: 'total', names: ['Quantity', 'Lượng', 'Số lượng', '수량'] },
  { name: 'unit', names: ['Unit', 'Đơn vị tính', 'ĐVT', '단위'] },
  { name: 'unit_2', names: ['Unit 2', 'Đơn vị tính 2', 'ĐVT 2'] },
];

describe('normalised header names', () => {
  it('folds accents and case, and collapses punctuation', () => {
    expect(headerKey('  Số TK (*) ')).toBe('so tk');
    expect(headerKey('ĐƠN VỊ TÍNH')).toBe('don vi tinh');
    expect(headerKey('Mã NPL/SP')).toBe('ma npl sp');
  });

  it('names extra fields without accents, case, punctuation or spaces', () => {
    expect(extraFieldName('Số hợp đồng (HĐ)')).toBe('sohopdonghd');
    expect(extraFieldName('Ghi chú')).toBe('ghichu');
    expect(extraFieldName('Trị giá tính thuế (VND)')).toBe('trigiatinhthuevnd');
    expect(extraFieldName('비고')).toBe('비고');
    expect(extraFieldName(' - ')).toBe('');
  });
});

describe('column matching', () => {
  it('matches exact names in any language, with or without accents', () => {
    const headers = { A: 'Số tờ khai', B: 'NGAY DANG KY', C: 'Mã loại hình', D: 'Mã hàng', E: 'Lượng', F: 'Đơn vị tính' };
    expect(matchColumns(headers, fields)).toEqual({
      account_number: { column: 'A', source: 'exact' },
      registered_date: { column: 'B', source: 'exact' },
      type_code: { column: 'C', source: 'exact' },
      code: { column: 'D', source: 'exact' },
      total: { column: 'E', source: 'exact' },
      unit: { column: 'F', source: 'exact' },
    });
  });

  it('prefers an exact match over a header that only contains the name', () => {
    const headers = { A: 'Đơn vị tính 2', B: 'Đơn vị tính' };
    expect(matchColumns(headers, fields)).toEqual({ unit: { column: 'B', source: 'exact' }, unit_2: { column: 'A', source: 'exact' } });
  });

  it('reads flattened merged headers that contain a name, the longest name first', () => {
    const headers = { A: 'Tờ khai Số tờ khai', B: 'Tờ khai Ngày đăng ký', C: 'Hàng hóa Mã hàng', D: 'Hàng hóa Số lượng', E: 'Hàng hóa Đơn vị tính', F: 'Ghi chú' };
    const matches = matchColumns(headers, fields);
    expect(Object.fromEntries(Object.entries(matches).map(([field, match]) => [field, match.column]))).toEqual({
      account_number: 'A', registered_date: 'B', code: 'C', total: 'D', unit: 'E',
    });
    expect(matches.code?.source).toBe('similar');
  });

  it('reads Korean compound headers without spaces', () => {
    expect(matchColumns({ A: '수입신고번호(신고번호)' }, fields).account_number).toEqual({ column: 'A', source: 'similar' });
  });

  it('does not take a column twice, nor guess from bare words', () => {
    const matches = matchColumns({ A: 'Mã hàng', B: 'Mã' }, fields);
    expect(matches).toEqual({ code: { column: 'A', source: 'exact' } });
  });

  it('offers the remembered columns first while their titles still head the sheet', () => {
    const headers = { A: 'Số TK', B: 'Mã hàng', C: 'Mã NPL/SP', D: 'Số lượng' };
    const remembered = {
      code: { mapping_col_name: 'C', title: 'Mã NPL/SP' },
      account_number: { mapping_col_name: 'B', title: 'Số TK' },
      total: { mapping_col_name: 'E', title: 'Lượng thực' },
    };
    expect(matchColumns(headers, fields, remembered)).toEqual({
      code: { column: 'C', source: 'remembered' },
      account_number: { column: 'A', source: 'remembered' },
      total: { column: 'D', source: 'exact' },
    });
  });

  it('lists the columns left over as extra fields', () => {
    const headers = { A: 'Số TK', B: 'Ghi chú', C: '', AA: 'Số hợp đồng (HĐ)' };
    expect(unmappedColumns(headers, ['A'])).toEqual([
      { column: 'B', title: 'Ghi chú', name: 'ghichu' },
      { column: 'AA', title: 'Số hợp đồng (HĐ)', name: 'sohopdonghd' },
    ]);
  });
});
