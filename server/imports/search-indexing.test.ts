import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runner } from '../db/run.js';
import { settledJobs } from '../jobs/leases.js';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';
import { claimUnindexedImport, indexImportedRows } from './search-indexing.js';

/** Declaration lines as ECUS lists them: number, date, type code, code, name, quantity, unit. */
async function declarationLines(count: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Tờ khai');
  sheet.addRow(['Số tờ khai', 'Ngày đăng ký', 'Mã loại hình', 'Mã hàng', 'Tên hàng', 'Lượng', 'Đơn vị tính']);
  for (let n = 1; n <= count; n += 1) {
    sheet.addRow([`1059000${String(n).padStart(4, '0')}0`, new Date(Date.UTC(2025, 3, 1 + (n % 28))), 'E31', `NVL-${n}`, n === 7 ? 'Đồng thau lá 0,5 mm' : `Vải cotton lô ${n}`, n, 'KGM']);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const mapping = Object.fromEntries(['account_number', 'registered_date', 'type_code', 'code', 'item_name', 'total', 'unit']
  .map((field, index) => [field, { mapping_col_name: String.fromCharCode(65 + index), title: field }]));

/** Imported rows leave the table's trigram index: their text is kept after the import, and searches find them throughout. */
describe('search over imported rows', { timeout: 120_000 }, () => {
  let t: TestApp;
  let token = '';
  let company = '';
  let folder = '';
  let recordId = 0;
  const mail = captureMail();

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    const email = 'indexing@imports.vn';
    await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Customs-Ledger-2026', name: 'Indexing' } });
    token = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
    const created = (await call('POST', '/api/clients-api/companies/', { name: 'Indexing Co' })).json();
    company = created.slug;
    folder = created.folder_set[0].slug;
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/uploads/', ...withAuth(multipart({}, { name: 'Tờ khai.xlsx', content: await declarationLines(40) })) });
    const started = await call('POST', '/api/balance/ecus/import_data/', {
      upload_id: uploaded.json().upload_id, company_slug: company, folder_slug: folder, sheet_name: 'Tờ khai', header_from: 1, header_to: 1, mapping,
    });
    expect(started.statusCode).toBe(202);
    recordId = started.json().id;
    await settledJobs();
  });
  afterAll(async () => t.close());

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  }
  const withAuth = (request: { payload: Buffer; headers: Record<string, string> }) => ({ payload: request.payload, headers: { ...request.headers, authorization: `Bearer ${token}` } });
  const found = async (search: string) => (await call('GET', `/api/balance/ecus/?company_slug=${company}&folder_slug=${folder}&search=${encodeURIComponent(search)}`)).json();
  const kept = async () => (await runner(t.database)<{ n: number }>(
    "SELECT count(*)::int AS n FROM search_texts WHERE table_name = 'ecus_lines' AND id IN (SELECT id FROM ecus_lines WHERE import_record_id = $1)", [recordId]))[0]!.n;
  const record = async () => (await call('GET', `/api/balance/import-record/${recordId}/`)).json();

  it('keeps the text of every imported line once the import has succeeded, and the record says so', async () => {
    expect(await record()).toMatchObject({ status: 'succeeded', inserted: 40, search_indexed: true });
    expect(await kept()).toBe(40);
    expect((await found('dong thau')).results.map((row: { code: string }) => row.code)).toEqual(['NVL-7']);
  });

  it('finds the lines of an import whose text is not kept yet, and the sweep keeps it', async () => {
    const run = runner(t.database);
    await run("DELETE FROM search_texts WHERE table_name = 'ecus_lines'");
    await run('UPDATE import_records SET search_indexed = false, heartbeat_at = NULL WHERE id = $1', [recordId]);
    expect(await record()).toMatchObject({ status: 'succeeded', search_indexed: false });
    expect((await found('dong thau')).count).toBe(1);
    expect((await found('vai cotton lo 1')).count).toBe(11);
    // A worker keeping it renews the heartbeat: nobody else claims it until that goes stale.
    expect(await claimUnindexedImport(run, 60_000)).toBeNull();
    expect(await claimUnindexedImport(run, 0)).toBe(recordId);
    await indexImportedRows(run, recordId);
    expect(await record()).toMatchObject({ search_indexed: true });
    expect(await kept()).toBe(40);
    expect((await found('dong thau')).count).toBe(1);
  });

  it('keeps an edited line\'s new text and forgets a deleted line\'s', async () => {
    const brass = (await found('dong thau')).results[0];
    expect((await call('PUT', `/api/balance/ecus/${brass.id}/`, { item_name: 'Kẽm thỏi' })).statusCode).toBe(200);
    expect((await found('dong thau')).count).toBe(0);
    expect((await found('kem thoi')).results.map((row: { id: number }) => row.id)).toEqual([brass.id]);
    expect((await call('DELETE', '/api/balance/ecus/bulk-delete/', { company_slug: company, id_list: [brass.id] })).statusCode).toBe(200);
    expect((await found('kem thoi')).count).toBe(0);
    expect(await kept()).toBe(39);
    const gone = await runner(t.database)<{ n: number }>("SELECT count(*)::int AS n FROM search_texts WHERE table_name = 'ecus_lines' AND id = $1", [brass.id]);
    expect(gone[0]!.n).toBe(0);
  });

  it('takes the kept texts out with the rows when the import is rolled back', async () => {
    expect((await call('POST', `/api/balance/import-record/${recordId}/rollback/`)).statusCode).toBe(200);
    expect((await found('vai cotton')).count).toBe(0);
    expect((await runner(t.database)<{ n: number }>("SELECT count(*)::int AS n FROM search_texts WHERE table_name = 'ecus_lines'"))[0]!.n).toBe(0);
  });
});
