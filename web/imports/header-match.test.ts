import { describe, expect, it } from 'vitest';
import en from '../../common/i18n/en.json' with { type: 'json' };
import { type Catalog, flattenCatalog } from '../../common/i18n/locales.js';
import ko from '../../common/i18n/ko.json' with { type: 'json' };
import vi from '../../common/i18n/vi.json' with { type: 'json' };
import { columnLetters, columnNumber, flattenHeader } from '../../common/imports/cells.js';
import { goodsReport50, goodsReport54, goodsReport55, goodsReport81, groupedListBottom, groupedListTop } from '../../common/imports/ecus-sample-headers.js';
import { fieldLabelKey, type ResourceDefinition } from '../../common/resources/define.js';
import { ecusCancel } from '../../common/resources/ecus-cancel.js';
import { ecus } from '../../common/resources/ecus.js';
import { whTakeIn } from '../../common/resources/wh-take-in.js';
import { whTakeOut } from '../../common/resources/wh-take-out.js';
import { type ColumnMatch, extraFieldName, headerKey, matchColumns, type MatchField, unmappedColumns } from './header-match.js';
import { matchFieldsOf } from './import-fields.js';

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

  it('pairs the strongest exact name in the sheet first, whatever the column order', () => {
    const lines: MatchField[] = [{ name: 'row_number', names: ['STT', 'Số TT hàng'] }, { name: 'code', names: ['Mã hàng'] }];
    expect(matchColumns({ A: 'STT', B: 'Mã hàng', C: 'Số TT hàng' }, lines)).toEqual({
      row_number: { column: 'C', source: 'exact' }, code: { column: 'B', source: 'exact' },
    });
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

const catalogs = { en: flattenCatalog(en as Catalog), vi: flattenCatalog(vi as Catalog), ko: flattenCatalog(ko as Catalog) };
/** The fields a table's import proposes columns for, as the wizard builds them from get_fixed_columns. */
const fieldsOf = (resource: ResourceDefinition, importType: 'IMPORT' | 'CANCEL' = 'IMPORT') => {
  const variant = (resource.imports ?? []).find((candidate) => candidate.importType === importType);
  const names = variant?.fields ? Object.keys(variant.fields) : Object.keys(resource.fields);
  const target = variant?.target === 'ecus-cancel' ? ecusCancel : resource;
  // What get_fixed_columns answers: the label key and the aliases in the three languages.
  const fixed = {
    fields: Object.fromEntries(names.map((name) => {
      const definition = target.fields[name]!;
      const aliases = definition.aliases ?? {};
      return [name, { kind: definition.kind, required: Boolean(definition.required), label: fieldLabelKey(name, definition), aliases: [...aliases.vi ?? [], ...aliases.en ?? [], ...aliases.ko ?? []] }];
    })),
    last_setup: null,
  };
  return matchFieldsOf(fixed, target, catalogs);
};
const columnsOf = (matches: Record<string, ColumnMatch>) => Object.fromEntries(Object.entries(matches).map(([field, match]) => [field, match.column]));
const sheet = (titles: string[]) => Object.fromEntries(titles.map((title, index) => [columnLetters(index + 1), title]));

describe('proposals on ECUS declaration-list exports', () => {

  // An SXXK company's import lines (E31): the report numbers its rows in 'STT', the goods line is 'Số TT hàng'.
  const sxxk = sheet(['STT', 'Số tờ khai', 'Ngày đăng ký', 'Mã loại hình', 'Mã HQ', 'Số TT hàng', 'Mã NPL/SP', 'Mã HS', 'Tên hàng', 'Xuất xứ',
    'Lượng', 'ĐVT', 'Lượng 2', 'ĐVT 2', 'Đơn giá hóa đơn', 'Mã tiền tệ', 'Trị giá hóa đơn', 'Tỷ giá tính thuế', 'Trị giá tính thuế',
    'Thuế suất NK', 'Tiền thuế NK', 'Mã miễn / giảm / không chịu thuế NK', 'Số tiền miễn giảm', 'Thuế suất VAT', 'Tiền thuế VAT', 'Số hóa đơn', 'Ngày hóa đơn']);
  // A processing (GC, E21) company's list: its contract first, short headers, and the line as 'STT hàng'.
  const gc = sheet(['STT', 'Số hợp đồng', 'Ngày hợp đồng', 'Số TK', 'Ngày ĐK', 'Mã LH', 'STT hàng', 'Mã NPL', 'Mã HS', 'Tên hàng', 'Nước xuất xứ',
    'Số lượng', 'Đơn vị tính', 'Đơn giá nguyên tệ', 'Nguyên tệ', 'Trị giá', 'Trị giá tính thuế (VND)', 'Thuế suất', 'Tiền thuế',
    'Mã miễn giảm', 'Thuế suất GTGT', 'Tiền thuế GTGT']);
  // An export-processing enterprise (DNCX, E11/E15) exporting the list in English, and its Korean parent's copy.
  const dncxEnglish = sheet(['No', 'Declaration No', 'Registration date', 'Type code', 'Line no', 'Item code', 'HS code', 'Description', 'Origin',
    'Quantity', 'Unit', 'Quantity 2', 'Unit 2', 'Unit price', 'Currency', 'Invoice value', 'Exchange rate', 'Customs value',
    'Import duty rate', 'Import duty amount', 'Exemption code', 'Exempted amount', 'VAT rate', 'VAT amount']);
  const dncxKorean = sheet(['순번', '신고번호', '신고일자', '신고유형', '란번호', '품목코드', 'HS코드', '품명', '원산지', '수량', '단위', '단가', '통화',
    '송장금액', '과세가격', '관세율', '관세액', '감면코드', '부가세율', '부가세액']);

  it('takes the goods line, not the running number, in every layout', () => {
    for (const headers of [sxxk, gc, dncxEnglish, dncxKorean]) {
      const matches = matchColumns(headers, fieldsOf(ecus));
      expect(matches.row_number?.source, JSON.stringify(headers)).toBe('exact');
      expect(headers[matches.row_number!.column], JSON.stringify(headers)).not.toMatch(/^(STT|No|순번)$/);
    }
  });

  it('maps an SXXK export column by column, the duty, exemption and VAT apart', () => {
    expect(columnsOf(matchColumns(sxxk, fieldsOf(ecus)))).toEqual({
      account_number: 'B', registered_date: 'C', type_code: 'D', customs_office: 'E', row_number: 'F', code: 'G', hs: 'H', item_name: 'I', from_country: 'J',
      total: 'K', unit: 'L', total_2: 'M', unit_2: 'N', unit_price: 'O', currency: 'P', nt_value: 'Q', exchange_rate: 'R', total_value: 'S',
      tax_rate: 'T', tax_cost: 'U', exemption_code: 'V', exempted_amount: 'W', vat_rate: 'X', vat_amount: 'Y', invoice_no: 'Z', bill_date: 'AA',
    });
  });

  it('maps a GC export, proposing its generic names as ones to check', () => {
    const matches = matchColumns(gc, fieldsOf(ecus));
    expect(columnsOf(matches)).toEqual({
      contract: 'B', contract_date: 'C', account_number: 'D', registered_date: 'E', type_code: 'F', row_number: 'G', code: 'H', hs: 'I',
      item_name: 'J', from_country: 'K', total: 'L', unit: 'M', unit_price: 'N', currency: 'O', nt_value: 'P', total_value: 'Q',
      tax_rate: 'R', tax_cost: 'S', exemption_code: 'T', vat_rate: 'U', vat_amount: 'V',
    });
    expect([matches.nt_value?.source, matches.tax_rate?.source, matches.tax_cost?.source]).toEqual(['likely', 'likely', 'likely']);
    expect(matches.account_number?.source).toBe('exact');
  });

  it('maps the English and Korean copies of a DNCX export', () => {
    expect(columnsOf(matchColumns(dncxEnglish, fieldsOf(ecus)))).toEqual({
      account_number: 'B', registered_date: 'C', type_code: 'D', row_number: 'E', code: 'F', hs: 'G', item_name: 'H', from_country: 'I',
      total: 'J', unit: 'K', total_2: 'L', unit_2: 'M', unit_price: 'N', currency: 'O', nt_value: 'P', exchange_rate: 'Q', total_value: 'R',
      tax_rate: 'S', tax_cost: 'T', exemption_code: 'U', exempted_amount: 'V', vat_rate: 'W', vat_amount: 'X',
    });
    expect(columnsOf(matchColumns(dncxKorean, fieldsOf(ecus)))).toEqual({
      account_number: 'B', registered_date: 'C', type_code: 'D', row_number: 'E', code: 'F', hs: 'G', item_name: 'H', from_country: 'I',
      total: 'J', unit: 'K', unit_price: 'L', currency: 'M', nt_value: 'N', total_value: 'O', tax_rate: 'P', tax_cost: 'Q',
      exemption_code: 'R', vat_rate: 'S', vat_amount: 'T',
    });
  });

  it('proposes a running number as the line only when the sheet has no line column, and says to check it', () => {
    const matches = matchColumns(sheet(['STT', 'Số tờ khai', 'Ngày hủy', 'Lý do hủy']), fieldsOf(ecus, 'CANCEL'));
    expect(matches).toEqual({
      row_number: { column: 'A', source: 'likely' }, account_number: { column: 'B', source: 'exact' },
      cancel_date: { column: 'C', source: 'exact' }, cancel_reason: { column: 'D', source: 'exact' },
    });
  });
});

describe('proposals on warehouse books', () => {
  // A stock card's receipts as MISA and FAST export them: the receipt slip's day and number, and the supplier's invoice beside them.
  const receipts = sheet(['STT', 'Ngày nhập kho', 'Số phiếu nhập', 'Mã hàng', 'Tên hàng', 'ĐVT', 'Số lượng nhập', 'Đơn giá', 'Thành tiền',
    'Nhà cung cấp', 'Số hóa đơn', 'Ngày hóa đơn']);
  // Its issues: the issue slip's day and number, and what the goods left for.
  const issues = sheet(['STT', 'Ngày xuất kho', 'Số phiếu xuất', 'Loại hàng', 'Mã hàng', 'Tên hàng', 'ĐVT', 'Số lượng xuất', 'Mục đích xuất']);

  it('takes a receipt\'s own slip number and day, and leaves the invoice\'s to the extra columns', () => {
    const matches = matchColumns(receipts, fieldsOf(whTakeIn));
    expect(columnsOf(matches)).toEqual({
      stt: 'A', bill_date: 'B', bill_no: 'C', code: 'D', name: 'E', unit: 'F', quantity: 'G', don_gia_mua: 'H', tien_hang: 'I', ten_ncc: 'J',
    });
    expect([matches.bill_date?.source, matches.bill_no?.source]).toEqual(['exact', 'exact']);
    expect(unmappedColumns(receipts, Object.values(matches).map((match) => match.column)).map((column) => column.title)).toEqual(['Số hóa đơn', 'Ngày hóa đơn']);
  });

  it('takes an issue\'s slip number and day', () => {
    const matches = matchColumns(issues, fieldsOf(whTakeOut));
    expect(columnsOf(matches)).toEqual({ takeout_date: 'B', bill_no: 'C', item_type: 'D', code: 'E', name: 'F', unit: 'G', quantity: 'H', purpose: 'I' });
    expect([matches.takeout_date?.source, matches.bill_no?.source]).toEqual(['exact', 'exact']);
  });

  it('reads the slips\' English and Korean headers too', () => {
    expect(columnsOf(matchColumns(sheet(['Receipt date', 'Receipt no', 'Item code']), fieldsOf(whTakeIn)))).toEqual({ bill_date: 'A', bill_no: 'B', code: 'C' });
    expect(columnsOf(matchColumns(sheet(['입고일자', '입고번호', '품목코드']), fieldsOf(whTakeIn)))).toEqual({ bill_date: 'A', bill_no: 'B', code: 'C' });
    expect(columnsOf(matchColumns(sheet(['Issue date', 'Issue voucher no.', 'Item code']), fieldsOf(whTakeOut)))).toEqual({ takeout_date: 'A', bill_no: 'B', code: 'C' });
    expect(columnsOf(matchColumns(sheet(['출고일자', '출고번호', '품목코드']), fieldsOf(whTakeOut)))).toEqual({ takeout_date: 'A', bill_no: 'B', code: 'C' });
  });
});

describe('proposals on real ECUS5 exports', () => {
  const byLabel = (titles: readonly string[], matches: Record<string, ColumnMatch>) =>
    Object.fromEntries(Object.entries(matches).map(([field, match]) => [field, titles[columnNumber(match.column) - 1]]));

  it('maps the 54-column goods report by its labels: the line quantity, never the packages', () => {
    const matches = byLabel(goodsReport54, matchColumns(sheet([...goodsReport54]), fieldsOf(ecus)));
    expect(matches).toMatchObject({
      account_number: 'Số TK', registered_date: 'Ngày ĐK', type_code: 'Mã loại hình', row_number: 'STT hàng', code: 'Mã NPL/SP', hs: 'Mã HS',
      item_name: 'Tên hàng', from_country: 'Xuất xứ', unit_price: 'Đơn giá', unit_price_taxed: 'Đơn giá tính thuế',
      total: 'Tổng số lượng', unit: 'Đơn vị tính', total_2: 'Tổng số lượng 2', unit_2: 'Đơn vị tính 2',
      packages: 'Số lượng kiện', packages_unit: 'Mã ĐVT kiện', gross_weight: 'Trọng lượng', gross_weight_unit: 'Mã ĐVT trọng lượng',
      currency: 'Đơn vị tiền tệ', exchange_rate: 'Tỷ giá thanh toán', nt_value: 'Trị giá NT', total_value: 'Tổng trị giá',
      tariff_schedule: 'Mã biểu thuế XNK', tax_rate: 'Thuế suất XNK', tax_cost: 'Tiền thuế XNK', exempted_amount: 'Số tiền miễn thuế XNK',
      excise_rate: 'Thuế suất TTĐB', excise_amount: 'Tiền thuế TTĐB', environment_rate: 'Thuế suất BVMT', environment_amount: 'Tiền thuế MT',
      vat_rate: 'Thuế suất VA', vat_amount: 'Tiền thuế VAT', partner: 'Tên đối tác', invoice_no: 'Số hóa đơn', bill_date: 'Ngày hóa đơn',
      contract: 'Số hợp đồng', contract_date: 'Ngày hợp đồng', unloading_location: 'Địa điểm dỡ hàng', price_condition: 'Điều kiện giá hóa đơn',
    });
    // The company's tax code, the running number and the sum of a line's taxes are none of the line's fields.
    expect(Object.values(matches)).not.toContain('Mã doanh nghiệp');
    expect(Object.values(matches)).not.toContain('STT');
    expect(Object.values(matches)).not.toContain('Tổng tiền thuế');
    // A field takes one column.
    expect(new Set(Object.values(matches)).size).toBe(Object.values(matches).length);
  });

  it('maps the 50-, 55- and 81-column versions alike', () => {
    for (const titles of [goodsReport50, goodsReport55]) {
      expect(byLabel(titles, matchColumns(sheet([...titles]), fieldsOf(ecus)))).toMatchObject({ total: 'Tổng số lượng', packages: 'Số lượng kiện', item_name: 'Tên hàng', code: 'Mã NPL/SP' });
    }
    expect(byLabel(goodsReport50, matchColumns(sheet([...goodsReport50]), fieldsOf(ecus))).gross_weight).toBe('Trọng lượng');
    expect(byLabel(goodsReport81, matchColumns(sheet(goodsReport81), fieldsOf(ecus)))).toMatchObject({
      customs_office: 'Mã HQ', code: 'Mã hàng', total: 'Số lượng', unit_price: 'Đơn giá hóa đơn', nt_value: 'Trị giá hóa đơn',
      total_value: 'Trị giá tính thuế', from_country: 'Nước xuất xứ',
    });
  });

  it('reads a grouped header\'s group with its column', () => {
    const titles = flattenHeader([groupedListTop, groupedListBottom], groupedListTop.length);
    expect(titles.slice(11)).toEqual([
      'Thuế nhập khẩu Thuế suất (%)', 'Thuế nhập khẩu Số tiền thuế', 'Thuế nhập khẩu Mã miễn / Giảm / Không chịu thuế nhập khẩu',
      'Thuế nhập khẩu Số tiền giảm thuế nhập khẩu', 'Thuế GTGT Thuế suất', 'Thuế GTGT Số tiền thuế', 'Thuế GTGT Mã miễn / Giảm / Không chịu thuế',
    ]);
    const matches = byLabel(titles, matchColumns(sheet(titles), fieldsOf(ecus)));
    expect(matches).toMatchObject({
      tax_rate: 'Thuế nhập khẩu Thuế suất (%)', tax_cost: 'Thuế nhập khẩu Số tiền thuế',
      exemption_code: 'Thuế nhập khẩu Mã miễn / Giảm / Không chịu thuế nhập khẩu', exempted_amount: 'Thuế nhập khẩu Số tiền giảm thuế nhập khẩu',
      vat_rate: 'Thuế GTGT Thuế suất', vat_amount: 'Thuế GTGT Số tiền thuế', vat_exemption_code: 'Thuế GTGT Mã miễn / Giảm / Không chịu thuế',
      declaration_status: 'Trạng thái', hs: 'Mã số hàng hóa', total: 'Lượng', total_value: 'Trị giá tính thuế',
    });
    // No code column: the code is read from the description's '#&' part.
    expect(matches.code).toBeUndefined();
  });
});
