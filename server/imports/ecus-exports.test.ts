import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsReport54, groupedListBottom, groupedListTop } from '../../common/imports/ecus-sample-headers.js';
import { runner } from '../db/run.js';
import { settledJobs } from '../jobs/leases.js';
import { effectiveDeclarationsCte } from '../reports/statement-sql.js';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, signUp, type TestApp } from '../test/test-app.js';

/**
 * Real ECUS5 exports imported as they come (docs/imports.md, Known layouts): the 54-column goods report of a processing
 * company, with its title block, Vietnamese numbers as text, a totals row and a signature block; and a forwarder's
 * declaration list with grouped tax headers, English numbers, codes in the descriptions and a cancelled declaration.
 */

type Cell = string | number | null;

/** The goods report: company, title and period above, the report's totals on rows 7–8, the header on row 10. */
async function goodsReportWorkbook(lines: Array<Record<string, Cell>>, below: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('BaoCaoHangChiTiet');
  sheet.getRow(1).values = ['CÔNG TY TNHH ĐIỆN TỬ MINH AN'];
  sheet.getRow(2).values = ['BÁO CÁO CHI TIẾT HÀNG HÓA XUẤT NHẬP KHẨU'];
  sheet.getRow(3).values = ['Từ ngày 01/03/2025 đến ngày 31/03/2025'];
  sheet.getRow(7).values = ['Tổng trị giá:', '', '1.096.000.000'];
  sheet.getRow(8).values = ['Tổng tiền thuế:', '', '0'];
  sheet.getRow(10).values = [...goodsReport54];
  lines.forEach((line, index) => {
    sheet.getRow(11 + index).values = goodsReport54.map((label) => (label === 'STT' ? index + 1 : line[label] ?? null));
  });
  below.forEach((cells, index) => { sheet.getRow(11 + lines.length + index).values = cells; });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The grouped list: a title, then 'Thuế nhập khẩu' and 'Thuế GTGT' merged over their columns on row 3, those on row 4. */
async function groupedListWorkbook(lines: Cell[][], below: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Danh sách tờ khai');
  sheet.getRow(1).values = ['DANH SÁCH TỜ KHAI NHẬP KHẨU THÁNG 04/2025'];
  sheet.getRow(3).values = groupedListTop.map((text) => text || null);
  sheet.getRow(4).values = groupedListBottom.map((text) => text || null);
  sheet.mergeCells('L3:O3');
  sheet.mergeCells('P3:R3');
  [...lines, ...below].forEach((cells, index) => { sheet.getRow(5 + index).values = cells; });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const signature: Cell[][] = [
  [],
  [null, null, null, null, 'Hải Phòng, ngày 31 tháng 03 năm 2025'],
  [null, null, 'Người lập biểu', null, null, null, 'Giám đốc'],
  [null, null, '(Ký, ghi rõ họ tên)', null, null, null, '(Ký, ghi rõ họ tên, đóng dấu)'],
  [null, null, 'Nguyễn Thị Lan', null, null, null, 'Trần Văn Minh'],
];

describe('real ECUS exports imported as they come', { timeout: 180_000 }, () => {
  let t: TestApp;
  let token = '';
  let company = '';
  let folder = '';
  const mail = captureMail();

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    const email = 'clerk@minhan.vn';
    token = await signUp(t.app, mail, email);
    const created = (await call('POST', '/api/clients-api/companies/', { name: 'Minh An Electronics' })).json();
    company = created.slug;
    folder = created.folder_set[0].slug;
  });
  afterAll(async () => t.close());

  function call(method: 'GET' | 'POST', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  }
  const upload = async (name: string, content: Buffer) => {
    const request = multipart({}, { name, content });
    return (await t.app.inject({ method: 'POST', url: '/api/uploads/', payload: request.payload, headers: { ...request.headers, authorization: `Bearer ${token}` } })).json().upload_id as string;
  };
  /** Maps each field to the column headed by its label, as the wizard proposes it (web/imports/header-match.test.ts). */
  const mappingOf = (headers: Record<string, string>, labels: Record<string, string>) => Object.fromEntries(Object.entries(labels).map(([field, label]) => {
    const column = Object.entries(headers).find(([, title]) => title === label)?.[0];
    if (!column) throw new Error(`No column headed ${label}`);
    return [field, { mapping_col_name: column, title: label }];
  }));
  const importSheet = async (uploadId: string, sheet: string, headerFrom: number, headerTo: number, labels: Record<string, string>, extra: object = {}) => {
    const headers = (await call('POST', '/api/balance/get-excel-headers/', { upload_id: uploadId, sheet_name: sheet, header_from: headerFrom, header_to: headerTo })).json();
    const started = await call('POST', '/api/balance/ecus/import_data/', {
      upload_id: uploadId, company_slug: company, folder_slug: folder, sheet_name: sheet, header_from: headerFrom, header_to: headerTo,
      mapping: mappingOf(headers, labels), ...extra,
    });
    expect(started.statusCode, started.body).toBe(202);
    await settledJobs();
    return (await call('GET', `/api/balance/import-record/${started.json().id}/`)).json();
  };
  const lines = async () => (await call('GET', `/api/balance/ecus/?company_slug=${company}&folder_slug=${folder}&ordering=account_number,row_number&page_size=100`)).json().results as Array<Record<string, unknown>>;
  const run = () => runner(t.database);
  const scopeParams = async () => {
    const [scope] = await run()<{ company_id: string; folder_set_id: string }>('SELECT f.company_id, f.id AS folder_set_id FROM folder_sets f JOIN companies c ON c.id = f.company_id WHERE c.slug = $1 AND f.slug = $2', [company, folder]);
    return [scope!.company_id, scope!.folder_set_id, '2000-01-01', '2100-01-01'];
  };

  const goodsLabels = {
    account_number: 'Số TK', registered_date: 'Ngày ĐK', type_code: 'Mã loại hình', row_number: 'STT hàng', code: 'Mã NPL/SP', hs: 'Mã HS',
    item_name: 'Tên hàng', from_country: 'Xuất xứ', unit_price: 'Đơn giá', total: 'Tổng số lượng', unit: 'Đơn vị tính', packages: 'Số lượng kiện',
    packages_unit: 'Mã ĐVT kiện', gross_weight: 'Trọng lượng', gross_weight_unit: 'Mã ĐVT trọng lượng', currency: 'Đơn vị tiền tệ',
    exchange_rate: 'Tỷ giá thanh toán', nt_value: 'Trị giá NT', total_value: 'Tổng trị giá', tariff_schedule: 'Mã biểu thuế XNK',
    tax_rate: 'Thuế suất XNK', tax_cost: 'Tiền thuế XNK', exempted_amount: 'Số tiền miễn thuế XNK', vat_rate: 'Thuế suất VA',
    vat_amount: 'Tiền thuế VAT', partner: 'Tên đối tác', invoice_no: 'Số hóa đơn',
  };
  const declaration = { 'Số TK': '104512345670', 'Ngày ĐK': '05/03/2025', 'Mã loại hình': 'E21', 'Tỷ giá thanh toán': '25.400', 'Đơn vị tiền tệ': 'USD',
    'Số lượng kiện': '142', 'Mã ĐVT kiện': 'CT', 'Trọng lượng': '1.250,5', 'Mã ĐVT trọng lượng': 'KGM', 'Mã doanh nghiệp': '0201234567',
    'Tên doanh nghiệp': 'CÔNG TY TNHH ĐIỆN TỬ MINH AN', 'Tên đối tác': 'SHENZHEN BOARDS LTD', 'Số hóa đơn': 'SZB-0301', 'Mã biểu thuế XNK': 'B61',
    'Thuế suất XNK': '0', 'Tiền thuế XNK': '0', 'Thuế suất VA': 'KCT', 'Tiền thuế VAT': '0', 'Tổng tiền thuế': '0' };

  it('imports the 54-column goods report with the line quantities, Vietnamese numbers by column, and no totals or signature rows', async () => {
    const file = await goodsReportWorkbook([
      { ...declaration, 'STT hàng': '1', 'Mã NPL/SP': 'PCB-01', 'Mã HS': '85340010', 'Tên hàng': 'Bảng mạch in 4 lớp#&PCB-01', 'Xuất xứ': 'CN',
        'Đơn giá': '0,25', 'Tổng số lượng': '50.000', 'Đơn vị tính': 'PCE', 'Trị giá NT': '12.500', 'Tổng trị giá': '317.500.000', 'Số tiền miễn thuế XNK': '31.750.000' },
      { ...declaration, 'STT hàng': '2', 'Mã NPL/SP': 'RES-10K', 'Mã HS': '85331000', 'Tên hàng': 'Điện trở 10K#&RES-10K', 'Xuất xứ': 'CN',
        'Đơn giá': '0,002', 'Tổng số lượng': '100.000', 'Đơn vị tính': 'PCE', 'Trị giá NT': '200', 'Tổng trị giá': '5.080.000', 'Số tiền miễn thuế XNK': '0' },
      { ...declaration, 'Số TK': '104512345680', 'Ngày ĐK': '10/03/2025', 'Số lượng kiện': '12', 'STT hàng': '1', 'Mã NPL/SP': 'PP-RESIN',
        'Mã HS': '39021040', 'Tên hàng': 'Hạt nhựa PP#&PP-RESIN', 'Xuất xứ': 'KR', 'Đơn giá': '1,35', 'Tổng số lượng': '2.000,5', 'Đơn vị tính': 'KGM',
        'Trị giá NT': '2.700,68', 'Tổng trị giá': '68.597.272', 'Mã biểu thuế XNK': 'B18', 'Thuế suất XNK': '0' },
      { ...declaration, 'Số TK': '304512345690', 'Ngày ĐK': '20/03/2025', 'Mã loại hình': 'E52', 'Số lượng kiện': '350', 'STT hàng': '1',
        'Mã NPL/SP': 'FG-AMP', 'Mã HS': '85184000', 'Tên hàng': 'Bộ khuếch đại âm thanh#&FG-AMP', 'Xuất xứ': 'VN', 'Đơn giá': '20',
        'Tổng số lượng': '35.000', 'Đơn vị tính': 'PCE', 'Trị giá NT': '700.000', 'Tổng trị giá': '17.780.000.000', 'Mã biểu thuế XNK': '', 'Thuế suất VA': '' },
    ], [
      [null, 'Tổng cộng:', null, null, null, null, null, null, null, null, null, null, '646', null, null, null, null, null, null, null, null, null, null, null, null, null, '187.000,5'],
      ...signature,
    ]);
    const record = await importSheet(await upload('BaoCaoHangChiTiet.xlsx', file), 'BaoCaoHangChiTiet', 10, 10, goodsLabels);
    expect(record).toMatchObject({ status: 'succeeded', inserted: 4, rejected: 0 });
    // Below the lines: the totals row, then the signature block (its date line, titles, instructions and names).
    expect(record.skipped).toEqual([
      { row: 15, kind: 'totals' }, { row: 17, kind: 'signature' }, { row: 18, kind: 'signature' }, { row: 19, kind: 'signature' }, { row: 20, kind: 'signature' },
    ]);

    const imported = await lines();
    expect(imported.map((line) => [line.code, line.total, line.unit, line.packages])).toEqual([
      ['PCB-01', '50000', 'PCE', '142'], ['RES-10K', '100000', 'PCE', '142'], ['PP-RESIN', '2000.5', 'KGM', '12'], ['FG-AMP', '35000', 'PCE', '350'],
    ]);
    expect(imported[0]).toMatchObject({
      gross_weight: '1250.5', gross_weight_unit: 'KGM', packages_unit: 'CT', currency: 'USD', exchange_rate: '25400', unit_price: '0.25',
      nt_value: '12500', total_value: '317500000', exempted_amount: '31750000', tariff_schedule: 'B61', tax_rate: '0', vat_rate: null,
      extra: expect.objectContaining({ vat_rate: 'KCT', madoanhnghiep: '0201234567' }),
    });
    expect(imported[2]).toMatchObject({ tariff_schedule: 'B18', unit_price: '1.35', nt_value: '2700.68' });

    // What the statements read: the kept monthly sums of the effective lines, in the line quantities.
    const params = await scopeParams();
    const sums = await run()(`SELECT code, type_code, total::text FROM ecus_monthly_sums WHERE company_id = $1 AND folder_set_id = $2 ORDER BY code`, params.slice(0, 2));
    expect(sums).toEqual([
      { code: 'FG-AMP', type_code: 'E52', total: '35000' }, { code: 'PCB-01', type_code: 'E21', total: '50000' },
      { code: 'PP-RESIN', type_code: 'E21', total: '2000.5' }, { code: 'RES-10K', type_code: 'E21', total: '100000' },
    ]);
  });

  it('asks for the decimal mark only when no column tells, and refuses a number written the other way than its column', async () => {
    const line = (quantity: string, weight: string) => ({ ...declaration, 'Số TK': '104512345700', 'Trọng lượng': weight, 'STT hàng': '1', 'Mã NPL/SP': 'CAP-1',
      'Tên hàng': 'Tụ điện', 'Đơn giá': '', 'Trị giá NT': '', 'Tổng trị giá': '', 'Tỷ giá thanh toán': '', 'Tổng số lượng': quantity, 'Đơn vị tính': 'PCE' });
    const ambiguous = await upload('ambiguous.xlsx', await goodsReportWorkbook([line('100.000', '1.200'), { ...line('635.000', '300'), 'Số TK': '104512345710' }], []));
    // The wizard asks: no numeric column of the sheet shows its mark.
    const formats = (query: string) => call('GET', `/api/uploads/${ambiguous}/number-formats/?sheet_name=BaoCaoHangChiTiet&header_to=10&columns=AA,O${query}`);
    expect((await formats('')).json()).toEqual({
      columns: {
        AA: { mark: null, source: null, conflicting: false, examples: [{ text: '100.000', value: null }, { text: '635.000', value: null }] },
        O: { mark: null, source: null, conflicting: false, examples: [{ text: '1.200', value: null }] },
      },
      undecided: ['AA', 'O'],
    });
    expect((await formats('&decimal_mark=,')).json().columns.AA).toEqual({
      mark: ',', source: 'chosen', conflicting: false, examples: [{ text: '100.000', value: '100000' }, { text: '635.000', value: '635000' }],
    });
    const refused = await importSheet(ambiguous, 'BaoCaoHangChiTiet', 10, 10, goodsLabels);
    expect(refused).toMatchObject({ status: 'failed', inserted: 0, rejected: 2 });
    expect(refused.errors[0]).toMatchObject({ row: 11, field: 'total', message: expect.stringContaining('Cannot tell whether the separator groups thousands') });
    const answered = await importSheet(ambiguous, 'BaoCaoHangChiTiet', 10, 10, goodsLabels, { decimal_mark: ',' });
    expect(answered).toMatchObject({ status: 'succeeded', inserted: 2 });
    expect((await lines()).filter((row) => row.code === 'CAP-1').map((row) => [row.total, row.gross_weight])).toEqual([['100000', '1200'], ['635000', '300']]);
    await call('POST', `/api/balance/import-record/${answered.id}/rollback/`);

    // The quantity column writes ',' as its decimal mark ('1.200,75', '3.000,5'): its '2.5' is refused, not read as 2.5 or 25.
    const mixed = await upload('mixed.xlsx', await goodsReportWorkbook([line('1.200,75', '100'), { ...line('2.5', '100'), 'Số TK': '104512345710' }, { ...line('3.000,5', '100'), 'Số TK': '104512345720' }], []));
    const mixedRecord = await importSheet(mixed, 'BaoCaoHangChiTiet', 10, 10, goodsLabels);
    expect(mixedRecord).toMatchObject({ status: 'failed', rejected: 1 });
    expect(mixedRecord.errors).toEqual([{ row: 12, column: 'AA', field: 'total', message: 'Not a number as this column writes them' }]);
  });

  it('imports a grouped declaration list: the group read with its column, English numbers, codes from the descriptions, a cancelled declaration', async () => {
    const row = (n: number, status: string, name: string, hs: string, quantity: string, unit: string, value: string, duty: Cell[], vat: Cell[]): Cell[] =>
      [n, `10500000${String(n).padStart(3, '0')}0`, `0${n + 1}/04/2025`, 'E31', status, name, hs, 'CN', quantity, unit, value, ...duty, ...vat];
    const file = await groupedListWorkbook([
      row(1, 'Đã thông quan', 'Vải dệt thoi 100% cotton khổ 58"#&VAI-C58', '5208.52.90', '1,200.50', 'MTR', '266,700,000', ['12', '0', 'XN210', '32,004,000'], ['10', '26,670,000', null]),
      row(2, 'Hủy', 'Chỉ may polyester 40/2#&CHI-40', '5401.10.90', '3,000', 'CON', '45,000,000', ['5', '0', 'XN210', '2,250,000'], ['KCT', '0', 'KCT']),
      row(3, 'Đã thông quan', 'Nút áo nhựa 4 lỗ#&NUT-01', '9606.21.00', '100,000', 'PCE', '5,000,000', ['0', '0', null, '0'], ['8', '400,000', null]),
    ], [
      [null, 'Tổng cộng', null, null, null, null, null, null, '104,200.50', null, '316,700,000'],
      ...signature,
    ]);
    const uploadId = await upload('danh-sach-to-khai.xlsx', file);
    const record = await importSheet(uploadId, 'Danh sách tờ khai', 3, 4, {
      account_number: 'Số tờ khai', registered_date: 'Ngày đăng ký', type_code: 'Mã loại hình', declaration_status: 'Trạng thái', item_name: 'Tên hàng',
      hs: 'Mã số hàng hóa', from_country: 'Xuất xứ', total: 'Lượng', unit: 'Đơn vị tính', total_value: 'Trị giá tính thuế',
      tax_rate: 'Thuế nhập khẩu Thuế suất (%)', tax_cost: 'Thuế nhập khẩu Số tiền thuế', exemption_code: 'Thuế nhập khẩu Mã miễn / Giảm / Không chịu thuế nhập khẩu',
      exempted_amount: 'Thuế nhập khẩu Số tiền giảm thuế nhập khẩu', vat_rate: 'Thuế GTGT Thuế suất', vat_amount: 'Thuế GTGT Số tiền thuế',
      vat_exemption_code: 'Thuế GTGT Mã miễn / Giảm / Không chịu thuế',
    });
    expect(record).toMatchObject({ status: 'succeeded', inserted: 3, rejected: 0 });
    expect(record.skipped.map((skipped: { kind: string }) => skipped.kind)).toEqual(['totals', 'signature', 'signature', 'signature', 'signature']);

    const imported = (await lines()).filter((line) => String(line.account_number).startsWith('105'));
    expect(imported.map((line) => [line.code, line.hs, line.total, line.tax_rate, line.vat_rate, line.declaration_status])).toEqual([
      ['VAI-C58', '52085290', '1200.50', '12', '10', 'Đã thông quan'],
      ['CHI-40', '54011090', '3000', '5', null, 'Hủy'],
      ['NUT-01', '96062100', '100000', '0', '8', 'Đã thông quan'],
    ]);
    expect(imported[0]).toMatchObject({ exemption_code: 'XN210', exempted_amount: '32004000', vat_amount: '26670000', total_value: '266700000' });
    expect(imported[1]).toMatchObject({ vat_exemption_code: 'KCT', extra: expect.objectContaining({ vat_rate: 'KCT' }) });

    // The cancelled declaration is kept as a cancel import keeps it: listed as cancelled, out of what the statements count.
    const cancelled = (await call('GET', `/api/balance/ecus-cancel/?company_slug=${company}&folder_slug=${folder}`)).json().results;
    expect(cancelled.map((line: Record<string, unknown>) => [line.account_number, line.code, line.cancel_reason])).toEqual([['105000000020', 'CHI-40', 'Hủy']]);
    const params = await scopeParams();
    const effective = await run()(`WITH ${effectiveDeclarationsCte} SELECT code FROM effective WHERE left(account_number, 3) = '105' ORDER BY code`, params);
    expect(effective.map((line) => line.code)).toEqual(['NUT-01', 'VAI-C58']);
    const sums = await run()(`SELECT code FROM ecus_monthly_sums WHERE company_id = $1 AND folder_set_id = $2 AND month = '2025-04-01' ORDER BY code`, params.slice(0, 2));
    expect(sums.map((sum) => sum.code)).toEqual(['NUT-01', 'VAI-C58']);

    // Rolled back, the import takes its cancellations with it.
    const rolledBack = await call('POST', `/api/balance/import-record/${record.id}/rollback/`);
    expect(rolledBack.json()).toMatchObject({ status: 'rolled_back' });
    expect((await call('GET', `/api/balance/ecus-cancel/?company_slug=${company}&folder_slug=${folder}`)).json().results).toEqual([]);
  });

  it('refuses a goods line with a missing field as before, and says so', async () => {
    const file = await groupedListWorkbook([[1, '105000000990', '02/04/2025', 'E31', 'Đã thông quan', 'Vải không có mã', '5208.52.90', 'CN', '', 'MTR']], []);
    const record = await importSheet(await upload('missing.xlsx', file), 'Danh sách tờ khai', 3, 4, {
      account_number: 'Số tờ khai', registered_date: 'Ngày đăng ký', type_code: 'Mã loại hình', item_name: 'Tên hàng', total: 'Lượng', unit: 'Đơn vị tính',
    });
    expect(record).toMatchObject({ status: 'failed', rejected: 1, skipped: [] });
    expect(record.errors.map((error: { field: string }) => error.field).sort()).toEqual(['code', 'total']);
  });
});
