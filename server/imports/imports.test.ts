import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';
import { runner } from '../db/run.js';
import { effectiveDeclarationsCte } from '../reports/statement-sql.js';
import { readHeaders } from './headers.js';
import { outlineWorkbook } from '../spreadsheets/read-sheet.js';
import { settledJobs } from '../jobs/leases.js';
import { sweepInterruptedImports } from './import-jobs.js';
import { sniffFormat } from '../spreadsheets/sniff.js';
import { UnreadableFile } from '../spreadsheets/unreadable.js';

/** An ECUS-like workbook: a title row, a header merged over two rows, then declaration lines. */
async function ecusWorkbook(lines: Array<Array<string | number | Date | null>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Tờ khai');
  sheet.addRow(['DANH SÁCH TỜ KHAI XUẤT NHẬP KHẨU']);
  sheet.addRow(['Tờ khai', '', '', 'Hàng hóa', '', 'Lượng', 'Đơn vị tính', 'Ghi chú']);
  sheet.addRow(['Số tờ khai', 'Ngày đăng ký', 'Mã loại hình', 'Mã hàng', 'Tên hàng', '', '', '']);
  sheet.mergeCells('A2:C2');
  sheet.mergeCells('D2:E2');
  for (const line of lines) sheet.addRow(line);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const line = (n: number, overrides: Partial<Record<number, string | number | Date | null>> = {}) => {
  const cells: Array<string | number | Date | null> = [`1058000${String(n).padStart(4, '0')}0`, new Date(Date.UTC(2025, 2, n)), 'E31', `0NVL-${n}`, `Vải ${n}`, `1.000,${n}`, 'MTR', `ghi chú ${n}`];
  for (const [index, value] of Object.entries(overrides)) cells[Number(index)] = value ?? null;
  return cells;
};

const mapping = {
  account_number: { mapping_col_name: 'A', title: 'Số tờ khai' },
  registered_date: { mapping_col_name: 'B', title: 'Ngày đăng ký' },
  type_code: { mapping_col_name: 'C', title: 'Mã loại hình' },
  code: { mapping_col_name: 'D', title: 'Mã hàng' },
  item_name: { mapping_col_name: 'E', title: 'Tên hàng' },
  total: { mapping_col_name: 'F', title: 'Lượng' },
  unit: { mapping_col_name: 'G', title: 'Đơn vị tính' },
};

describe('Excel imports', { timeout: 180_000 }, () => {
  let t: TestApp;
  let token = '';
  let stranger = '';
  let folder = '';
  const company = 'import-co';
  const mail = captureMail();

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000, uploadMaxBytes: 2 * 1024 * 1024, importMaxRows: 50, importMaxColumns: 20 }, mail);
    for (const who of ['importer', 'stranger']) {
      const email = `${who}@imports.vn`;
      await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Customs-Ledger-2026', name: who } });
      const confirmed = await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } });
      if (who === 'importer') token = confirmed.json().token.access_token; else stranger = confirmed.json().token.access_token;
    }
    const created = await call('POST', '/api/clients-api/companies/', { name: 'Import Co' });
    folder = created.json().folder_set[0].slug;
  });
  afterAll(async () => t.close());

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) {
    return t.app.inject({ method, url, headers: { authorization: `Bearer ${as}` }, ...(payload ? { payload } : {}) });
  }
  const upload = (name: string, content: Buffer) => t.app.inject({ method: 'POST', url: '/api/uploads/', ...withAuth(multipart({}, { name, content })) });
  const withAuth = (request: { payload: Buffer; headers: Record<string, string> }) => ({ payload: request.payload, headers: { ...request.headers, authorization: `Bearer ${token}` } });
  const settled = async (record: { id: number }) => {
    await settledJobs();
    return (await call('GET', `/api/balance/import-record/${record.id}/`)).json();
  };
  const startImport = (uploadId: string, extra: Record<string, unknown> = {}, route = 'import_data') =>
    call('POST', `/api/balance/ecus/${route}/`, { upload_id: uploadId, company_slug: company, folder_slug: folder, sheet_name: 'Tờ khai', header_from: 2, header_to: 3, mapping, ...extra });
  const ecusRows = async (query = '') => (await call('GET', `/api/balance/ecus/?company_slug=${company}&folder_slug=${folder}&ordering=row_number,account_number${query}`)).json();

  it('uploads once, previews, reads merged headers and remembers the mapping', async () => {
    const uploaded = await upload('to-khai.xlsx', await ecusWorkbook([line(1), line(2)]));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ format: 'xlsx', sheets: ['Tờ khai'], file_name: 'to-khai.xlsx' });
    const id = uploaded.json().upload_id;
    const preview = await call('GET', `/api/uploads/${id}/preview/?from_row=2&rows=3`);
    expect(preview.json().rows[1]).toEqual({ row: 3, cells: expect.objectContaining({ A: 'Số tờ khai', D: 'Mã hàng' }) });
    expect((await call('GET', `/api/uploads/${id}/preview/`, undefined, stranger)).statusCode).toBe(404);

    const headers = await call('POST', '/api/balance/get-excel-headers/', { upload_id: id, sheet_name: 'Tờ khai', header_from: 2, header_to: 3 });
    expect(headers.json()).toEqual({ A: 'Tờ khai Số tờ khai', B: 'Tờ khai Ngày đăng ký', C: 'Tờ khai Mã loại hình', D: 'Hàng hóa Mã hàng', E: 'Hàng hóa Tên hàng', F: 'Lượng', G: 'Đơn vị tính', H: 'Ghi chú' });
    const limited = await t.app.inject({ method: 'POST', url: '/api/new-balance/get-excel-headers/', ...withAuth(multipart({ sheet_name: 'Tờ khai', header_from: '3', use_cols: 'D:E' }, { name: 'again.xlsx', content: await ecusWorkbook([]) })) });
    expect(limited.json()).toEqual({ D: 'Mã hàng', E: 'Tên hàng' });

    const refused = await call('POST', '/api/balance/ecus/setup/', { company_slug: company, code: { mapping_col_name: 'D', title: 'Mã hàng' } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields)).toEqual(expect.arrayContaining(['account_number', 'total']));
    expect((await call('POST', '/api/balance/ecus/setup/', { company_slug: company, ...mapping })).statusCode).toBe(200);
    expect((await call('GET', `/api/balance/ecus/get_fixed_columns/?company_slug=${company}`)).json()).toMatchObject({
      fields: { code: { kind: 'code', required: true, label: 'fields.code' } }, last_setup: { mapping },
    });
  });

  it('imports all or nothing, keeps codes and numbers right, keeps unmapped columns, and detects the same file again', async () => {
    const bad = await ecusWorkbook([line(1), line(2, { 5: 'nhiều' }), line(3, { 1: 'sometime' })]);
    const failedUpload = (await upload('bad.xlsx', bad)).json().upload_id;
    const failed = await settled((await startImport(failedUpload)).json());
    expect(failed).toMatchObject({ status: 'failed', inserted: 0, rejected: 2, total_rows: 3, import_type: 'IMPORT', failure: { code: 'rows_refused', values: { refused: 2, total: 3 } } });
    expect(failed.errors).toEqual([
      expect.objectContaining({ row: 5, column: 'F', field: 'total' }),
      expect.objectContaining({ row: 6, column: 'B', field: 'registered_date' }),
    ]);
    expect((await ecusRows()).count).toBe(0);

    const kept = await settled((await startImport(failedUpload, { keep_posting: true })).json());
    expect(kept).toMatchObject({ status: 'succeeded', inserted: 1, rejected: 2 });
    const rejectedSheet = async (lang: string) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await call('GET', `/api/balance/import-record/${kept.id}/rejected/?lang=${lang}`)).rawPayload as unknown as ArrayBuffer);
      return workbook.worksheets[0]!;
    };
    const english = await rejectedSheet('en');
    expect(english.getRow(1).values).toEqual(expect.arrayContaining(['Row', 'Message', 'Tờ khai Số tờ khai']));
    expect(english.rowCount).toBe(3);
    expect(english.getRow(2).getCell(2).value).toBe('F Lượng: Not a number');
    const vietnamese = await rejectedSheet('vi');
    expect(vietnamese.getRow(1).values).toEqual(expect.arrayContaining(['Dòng', 'Thông báo']));
    expect(vietnamese.getRow(2).getCell(2).value).toBe('F Lượng: Không phải là số');
    expect((await call('POST', `/api/balance/import-record/${kept.id}/rollback/`)).json()).toMatchObject({ status: 'rolled_back' });
    expect((await ecusRows()).count).toBe(0);

    const good = (await upload('good.xlsx', await ecusWorkbook([line(1), line(2), [], []]))).json().upload_id;
    const done = await settled((await startImport(good)).json());
    expect(done).toMatchObject({ status: 'succeeded', inserted: 2, rejected: 0, progress: 100 });
    const rows = (await ecusRows()).results;
    expect(rows[0]).toMatchObject({ account_number: '105800000010', registered_date: '2025-03-01', code: '0NVL-1', total: '1000.1', import_record_id: done.id, extra: { ghichu: 'ghi chú 1' } });

    const again = await startImport(good);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'duplicate_import', earlier_import: { id: done.id } });
    const replaced = await settled((await startImport(good, { on_duplicate: 'replace' })).json());
    expect(replaced.status).toBe('succeeded');
    expect((await ecusRows()).count).toBe(2);
    // The history tells the import the Replace took out from one the user rolled back by hand.
    expect((await call('GET', `/api/balance/import-record/${done.id}/`)).json()).toMatchObject({ status: 'rolled_back', replaced_by: replaced.id });
    expect((await call('GET', `/api/balance/import-record/${kept.id}/`)).json()).toMatchObject({ status: 'rolled_back', replaced_by: null });
    const history = await call('GET', `/api/balance/import-record/?company_slug=${company}&folder_slug=${folder}&table=ecus`);
    expect(history.json().count).toBe(4);
    expect((await call('GET', `/api/balance/import-record/?company_slug=${company}`, undefined, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/api/balance/import-record/${replaced.id}/rollback/`, undefined, stranger)).statusCode).toBe(404);
  });

  it('keeps the monthly sums of the effective lines as imports add lines, newer versions and versions of their own', async () => {
    const own = (await call('POST', '/api/clients-api/companies/', { name: 'Sums Co' })).json();
    const importInto = async (name: string, lines: Array<Array<string | number | Date | null>>) => settled((await call('POST', '/api/balance/ecus/import_data/', {
      upload_id: (await upload(name, await ecusWorkbook(lines))).json().upload_id, company_slug: own.slug, folder_slug: own.folder_set[0].slug,
      sheet_name: 'Tờ khai', header_from: 2, header_to: 3, mapping,
    })).json());
    // The kept sums, one row a month, type code, code and unit, and the effective lines summed afresh.
    const [scope] = await runner(t.database)<{ company_id: string; folder_set_id: string }>(
      'SELECT f.company_id, f.id AS folder_set_id FROM folder_sets f JOIN companies c ON c.id = f.company_id WHERE c.slug = $1', [own.slug]);
    const params = [scope!.company_id, scope!.folder_set_id, '2000-01-01', '2100-01-01'];
    const kept = () => runner(t.database)(`SELECT month::text, type_code, code, unit, total::text, lines, name, last_day::text, last_line FROM ecus_monthly_sums
      WHERE company_id = $1 AND folder_set_id = $2 AND month BETWEEN $3 AND $4 ORDER BY 1, 2, 3, 4`, params);
    const fresh = () => runner(t.database)(`WITH ${effectiveDeclarationsCte}
      SELECT date_trunc('month', registered_date)::date::text AS month, type_code, code, unit, sum(total)::text AS total, count(*)::int AS lines,
             max(item_name) AS name, max(registered_date)::text AS last_day, (array_agg(id ORDER BY registered_date DESC, id DESC))[1] AS last_line
        FROM effective GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`, params);

    expect(await importInto('first.xlsx', [line(1), line(2), line(3, { 3: '0NVL-1' }), line(4)])).toMatchObject({ status: 'succeeded', inserted: 4 });
    expect(await kept()).toEqual(await fresh());
    // A newer version of declaration 1 (its 12th digit) in another month, more of a code and month already summed, a
    // new code, and a declaration whose two versions come in the same sheet.
    const second = await importInto('second.xlsx', [
      line(1, { 0: '105800000011', 1: new Date(Date.UTC(2025, 3, 2)), 5: 7 }), line(5, { 3: '0NVL-2', 4: 'Vải Z' }), line(6),
      line(7, { 3: '0NVL-2' }), line(7, { 0: '105800000071', 3: '0NVL-2', 5: 3 }),
    ]);
    expect(second).toMatchObject({ status: 'succeeded', inserted: 5 });
    const sums = await kept();
    expect(sums).toEqual(await fresh());
    expect(sums).toContainEqual(expect.objectContaining({ month: '2025-03-01', code: '0NVL-2', lines: 3, total: '2003.7', name: 'Vải Z' }));
    expect(sums).toContainEqual(expect.objectContaining({ month: '2025-04-01', code: '0NVL-1', lines: 1, total: '7' }));
    // The tables of its own an import keeps while it runs are gone.
    expect(await runner(t.database)("SELECT tablename FROM pg_tables WHERE tablename ~ '^import_(sums|declarations|summed|judged)_'")).toEqual([]);
  });

  it('adds a warehouse import\'s issues to the monthly sums of its book when it succeeds', async () => {
    const own = (await call('POST', '/api/clients-api/companies/', { name: 'Books Co' })).json();
    // An item type as the catalog names it, by one of the two things its label names, in English, in Korean, or as the books abbreviate it.
    const itemTypes = ['Nguyên liệu, vật tư', 'Nguyên liệu', 'vật tư', 'Material', '원자재', 'NVL'];
    let typed = 0;
    const issues = async (name: string, lines: Array<[string, string, number, string]>) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Xuất kho');
      sheet.addRow(['Loại', 'Mã hàng', 'Tên hàng', 'Đơn vị tính', 'Ngày xuất kho', 'Số lượng xuất kho', 'Mục đích']);
      for (const [code, day, quantity, purpose] of lines) sheet.addRow([itemTypes[typed++ % itemTypes.length], code, `Chỉ ${code}`, 'KG', day, quantity, purpose]);
      const uploaded = (await upload(name, Buffer.from(await workbook.xlsx.writeBuffer()))).json();
      const columns = ['item_type', 'code', 'name', 'unit', 'takeout_date', 'quantity', 'purpose'];
      return settled((await call('POST', '/api/new-balance/wh-take-out/import_data/', {
        upload_id: uploaded.upload_id, company_slug: own.slug, folder_slug: own.folder_set[0].slug, sheet_name: 'Xuất kho', header_from: 1, header_to: 1,
        mapping: Object.fromEntries(columns.map((field, index) => [field, { mapping_col_name: String.fromCharCode(65 + index), title: field }])),
      })).json());
    };
    const [scope] = await runner(t.database)<{ company_id: string; folder_set_id: string }>(
      'SELECT f.company_id, f.id AS folder_set_id FROM folder_sets f JOIN companies c ON c.id = f.company_id WHERE c.slug = $1', [own.slug]);
    const kept = () => runner(t.database)(`SELECT month::text, code, purpose, quantity::text, lines, name, last_day::text FROM book_monthly_sums
      WHERE company_id = $1 AND folder_set_id = $2 AND book = 'warehouse_take_out' ORDER BY 1, 2, 3`, [scope!.company_id, scope!.folder_set_id]);

    expect(await issues('issues-1.xlsx', [['C1', '05/03/2025', 10, 'Sản xuất'], ['C1', '25/03/2025', 5, 'Sản xuất'], ['C2', '02/04/2025', 7, 'Sản xuất'], ['C2', '03/04/2025', 1, 'Sản xuất']]))
      .toMatchObject({ errors: [], status: 'succeeded', inserted: 4 });
    // A second import adds to a month's sum the first one made, and opens another.
    expect(await issues('issues-2.xlsx', [['C1', '28/03/2025', 100, 'Sản xuất'], ['C1', '01/05/2025', 1, 'Sản xuất'], ['C1', '02/05/2025', 2, 'Sản xuất'], ['C1', '03/05/2025', 3, 'Sản xuất'], ['C1', '04/05/2025', 4, 'Sản xuất']]))
      .toMatchObject({ errors: [], status: 'succeeded', inserted: 5 });
    expect(await kept()).toEqual([
      { month: '2025-03-01', code: 'C1', purpose: 'production', quantity: '115', lines: 3, name: 'Chỉ C1', last_day: '2025-03-28' },
      { month: '2025-04-01', code: 'C2', purpose: 'production', quantity: '8', lines: 2, name: 'Chỉ C2', last_day: '2025-04-03' },
      { month: '2025-05-01', code: 'C1', purpose: 'production', quantity: '10', lines: 4, name: 'Chỉ C1', last_day: '2025-05-04' },
    ]);
  });

  it('applies amendments over the original lines, cancels declarations, and rolls back in order', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('AMA');
    sheet.addRow(['Số tờ khai', 'Mã hàng', 'Lượng']);
    sheet.addRow(['105800000011', '0NVL-1', 1500]);
    sheet.addRow(['105800000991', '0NVL-9', 1]);
    sheet.addRow(['105800000010', '0NVL-7', 2]);
    const amaUpload = (await upload('ama.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()))).json().upload_id;
    const amaMapping = { account_number: { mapping_col_name: 'A', title: 'Số tờ khai' }, code: { mapping_col_name: 'B', title: 'Mã hàng' }, total: { mapping_col_name: 'C', title: 'Lượng' } };
    const ama = (route: string, extra: object) => call('POST', `/api/balance/ecus/${route}/`, { upload_id: amaUpload, company_slug: company, folder_slug: folder, sheet_name: 'AMA', header_from: 1, mapping: amaMapping, ...extra });
    const strict = await settled((await ama('ama_import_data', {})).json());
    expect(strict, strict.traceback).toMatchObject({ status: 'failed', rejected: 2, failure: { code: 'lines_unmatched', values: { count: 2 } } });
    expect(strict.errors).toEqual([
      { row: 3, column: 'A', field: 'account_number', message: 'No declaration of this folder set has the number 10580000099' },
      { row: 4, column: 'B', field: 'code', message: 'The declaration is in this folder set, but has no line with the code 0NVL-7' },
    ]);
    // What the statements read of a code: the monthly sums of its effective lines, kept by every import.
    const summed = async (code: string) => (await runner(t.database)<{ total: string | null }>(
      'SELECT sum(s.total)::text AS total FROM ecus_monthly_sums s JOIN companies c ON c.id = s.company_id WHERE c.slug = $1 AND s.code = $2', [company, code]))[0]!.total;
    expect(await summed('0NVL-1')).toBe('1000.1');
    const amended = await settled((await ama('ama_import_data', { keep_posting: true })).json());
    expect(amended).toMatchObject({ status: 'succeeded', import_type: 'AMA' });
    expect((await ecusRows('&code=0NVL-1')).results[0].total).toBe('1500');
    expect(await summed('0NVL-1')).toBe('1500');
    const records = await call('GET', `/api/balance/ecus-ama/?company_slug=${company}&folder_slug=${folder}&import_record_id=${amended.id}`);
    expect(records.json().results).toEqual([expect.objectContaining({ total: '1500', previous_total: '1000.1', account_number: '105800000011' })]);
    expect((await call('PUT', `/api/balance/ecus-ama/${records.json().results[0].id}/`, {})).statusCode).toBe(501);

    const ecusImport = (await ecusRows()).results[0].import_record_id;
    const blocked = await call('POST', `/api/balance/import-record/${ecusImport}/rollback/`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('import_in_use');
    await call('POST', `/api/balance/import-record/${amended.id}/rollback/`);
    expect((await ecusRows('&code=0NVL-1')).results[0].total).toBe('1000.1');
    expect(await summed('0NVL-1')).toBe('1000.1');

    const cancel = await settled((await call('POST', '/api/balance/ecus/cancel_import_data/', {
      upload_id: amaUpload, company_slug: company, folder_slug: folder, sheet_name: 'AMA', header_from: 1, keep_posting: true,
      mapping: { account_number: { mapping_col_name: 'A', title: 'Số tờ khai' } },
    })).json());
    expect(cancel).toMatchObject({ status: 'succeeded', import_type: 'CANCEL' });
    expect(await summed('0NVL-1')).toBeNull();
    expect(await summed('0NVL-2')).not.toBeNull();
    expect((await call('GET', `/api/balance/ecus-cancel/?company_slug=${company}&folder_slug=${folder}`)).json().results).toEqual([expect.objectContaining({ code: '0NVL-1' })]);
    const stock = (await call('GET', `/api/fta/ecus-stock/?company_slug=${company}&folder_slug=${folder}`)).json().results.map((row: { code: string }) => row.code);
    expect(stock).toEqual(['0NVL-2']);
  });

  it('lists no row of an import still loading, and a stopped import loses the rows it had loaded', async () => {
    const run = runner(t.database);
    const [scope] = await run<{ company_id: string; folder_set_id: string }>(
      'SELECT c.id AS company_id, f.id AS folder_set_id FROM companies c JOIN folder_sets f ON f.company_id = c.id WHERE c.slug = $1 AND f.slug = $2', [company, folder]);
    const before = await ecusRows();
    const [loading] = await run<{ id: number }>(
      `INSERT INTO import_records (company_id, folder_set_id, resource, import_type, status, from_file, file_sha256, options)
       VALUES ($1, $2, 'ecus', 'IMPORT', 'running', 'loading.xlsx', 'x', '{}') RETURNING id`, [scope!.company_id, scope!.folder_set_id]);
    await run(
      `INSERT INTO ecus_lines (company_id, folder_set_id, import_record_id, account_number, row_number, registered_date, type_code, code, total, unit)
       VALUES ($1, $2, $3, '105800009990', 1, '2025-04-01', 'E31', '0NVL-LOADING', 5, 'LOADING')`, [scope!.company_id, scope!.folder_set_id, loading!.id]);
    expect((await ecusRows()).count).toBe(before.count);
    expect((await ecusRows('&code=0NVL-LOADING')).count).toBe(0);
    const stock = (await call('GET', `/api/fta/ecus-stock/?company_slug=${company}&folder_slug=${folder}`)).json().results.map((row: { code: string }) => row.code);
    expect(stock).not.toContain('0NVL-LOADING');
    const units = (await call('GET', `/api/balance/ecus/get_selectable_values/?company_slug=${company}&folder_slug=${folder}`)).json().unit;
    expect(units).toEqual(expect.arrayContaining(['MTR']));
    expect(units).not.toContain('LOADING');
    const suggested = (await call('POST', '/api/balance/ecus/autofill/', { company_slug: company, folder_slug: folder, code: '0NVL-LOA' })).json();
    expect(suggested).toEqual([]);

    // Halfway through 20,000 rows after 10 seconds: 1,000 rows a second.
    await run(`UPDATE import_records SET progress = 50, total_rows = 20000, created_at = now() - interval '10 seconds' WHERE id = $1`, [loading!.id]);
    expect((await call('GET', `/api/balance/import-record/${loading!.id}/`)).json().rows_per_second).toBeCloseTo(1000, -2);

    await sweepInterruptedImports(run, 0);
    expect(await run('SELECT id FROM ecus_lines WHERE import_record_id = $1', [loading!.id])).toEqual([]);
    expect((await call('GET', `/api/balance/import-record/${loading!.id}/`)).json()).toMatchObject({ status: 'interrupted', failure: { code: 'interrupted' } });
    expect((await ecusRows()).count).toBe(before.count);
  });

  it('reads CSV in Vietnamese code pages and refuses hostile files with their reasons', async () => {
    const csv = Buffer.from(new TextEncoder().encode('Số tờ khai;Mã hàng\n105800000031;0ABC\n'));
    const csvUpload = await upload('lines.csv', csv);
    expect(csvUpload.json()).toMatchObject({ format: 'csv', sheets: ['CSV'] });
    expect((await call('POST', '/api/balance/get-excel-headers/', { upload_id: csvUpload.json().upload_id, sheet_name: 'CSV', header_from: 1 })).json()).toEqual({ A: 'Số tờ khai', B: 'Mã hàng' });

    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0, 1, 2]);
    const renamed = await upload('declarations.xlsx', png);
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json()).toMatchObject({ code: 'unprocessable_file', reason: 'not_a_spreadsheet' });
    expect((await upload('notes.xlsx', Buffer.from('just some text'))).json().reason).toBe('not_a_spreadsheet');
    expect((await upload('broken.xlsx', (await ecusWorkbook([line(1)])).subarray(0, 2000))).json().reason).toBe('corrupt');

    const bomb = new JSZip();
    bomb.file('xl/workbook.xml', '<workbook/>');
    bomb.file('xl/worksheets/sheet1.xml', '0'.repeat(60 * 1024 * 1024));
    const bombBytes = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    expect(bombBytes.length).toBeLessThan(2 * 1024 * 1024);
    expect((await upload('bomb.xlsx', bombBytes)).json().reason).toBe('zip_bomb');

    const wide = await upload('wide.csv', Buffer.from(`${Array.from({ length: 30 }, (_, i) => `c${i}`).join(',')}\n`));
    expect(wide.json()).toMatchObject({ code: 'unprocessable_file', reason: 'too_many_columns' });
    const long = await upload('long.csv', Buffer.from(['Số tờ khai,Mã hàng,Lượng', ...Array.from({ length: 60 }, (_, i) => `10580000${i},X${i},1`)].join('\n')));
    const tooLong = await settled((await call('POST', '/api/balance/ecus/import_data/', {
      upload_id: long.json().upload_id, company_slug: company, folder_slug: folder, sheet_name: 'CSV', header_from: 1,
      mapping: { account_number: { mapping_col_name: 'A', title: '' }, code: { mapping_col_name: 'B', title: '' }, total: { mapping_col_name: 'C', title: '' } },
      extra_fields: { registered_date: '2025-01-01', type_code: 'E31' },
    })).json());
    expect(tooLong).toMatchObject({ status: 'failed', inserted: 0 });
    expect(tooLong.traceback).toContain('more than 50 rows');
    expect(tooLong.failure).toEqual({ code: 'unreadable', values: { reason: 'too_many_rows', limit: 50 } });

    const big = await upload('big.csv', Buffer.alloc(3 * 1024 * 1024, 'a'));
    expect(big.statusCode).toBe(413);

    const corpus = path.resolve('../shared/data/spreadsheet-corpus/pass_protected.xlsx');
    if (fs.existsSync(corpus)) expect((await upload('pass_protected.xlsx', fs.readFileSync(corpus))).json().reason).toBe('encrypted');
  });
});

describe('the spreadsheet corpus', () => {
  const dir = path.resolve('../shared/data/spreadsheet-corpus');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.endsWith('.md')) : [];
  it.skipIf(files.length === 0)('gives headers or a clear reason for every file, without crashing or hanging', { timeout: 180_000 }, async () => {
    const outcomes: Record<string, string> = {};
    for (const name of files) {
      const file = path.join(dir, name);
      try {
        const format = await sniffFormat(file, name, 50 * 1024 * 1024);
        const outline = await Promise.race([
          outlineWorkbook(file, format, 20, { rows: 1_000_000, columns: 500 }),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${name} hung`)), 20_000)),
        ]);
        const sheet = outline.sheets.find((candidate) => candidate.rows.length > 0);
        if (!sheet) { outcomes[name] = 'no rows'; continue; }
        const upload = { id: name, userId: '', fileName: name, size: 0, format, sha256: '', outline, path: file };
        const headers = await readHeaders(upload, { sheet_name: sheet.name, header_from: sheet.rows[0]!.row }).catch((error: Error) => ({ error: error.message }));
        outcomes[name] = 'error' in headers ? `no header: ${String(headers.error)}` : `${Object.keys(headers).length} headers`;
      } catch (error) {
        if (!(error instanceof UnreadableFile)) throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
        outcomes[name] = error.reason;
      }
    }
    const withHeaders = Object.values(outcomes).filter((outcome) => outcome.endsWith('headers')).length;
    console.log(`corpus: ${withHeaders} of ${files.length} files gave headers`);
    expect(Object.keys(outcomes)).toHaveLength(files.length);
    // The corpus is mostly readable workbooks: a reader that refused them wholesale would be broken.
    expect(withHeaders).toBeGreaterThan(files.length * 0.6);
  });
});
