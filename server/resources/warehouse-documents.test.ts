import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runner } from '../db/run.js';
import { captureMail, createTestApp, signUp, type TestApp } from '../test/test-app.js';

/** Warehouse receipts and issues carry their own slip: a receipt its number and required date, an issue its number. */
describe('warehouse slips', () => {
  let t: TestApp;
  let token = '';
  let folder = '';
  const company = 'slips-co';
  const mail = captureMail();

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    token = await signUp(t.app, mail, 'keeper@slips.vn');
    folder = (await call('POST', '/api/clients-api/companies/', { name: 'Slips Co' })).json().folder_set[0].slug;
  });
  afterAll(async () => t.close());

  function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  }
  const list = (table: string, query = '') => call('GET', `/api/new-balance/${table}/?company_slug=${company}&folder_slug=${folder}${query}`);
  const exportedHeader = async (table: string, lang: string) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await call('GET', `/api/new-balance/${table}/export/?company_slug=${company}&folder_slug=${folder}&lang=${lang}`)).rawPayload as unknown as ArrayBuffer);
    return (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
  };

  it('keeps an issue\'s voucher number, finds the issue by it and lets it be corrected', async () => {
    const created = await call('POST', '/api/new-balance/wh-take-out/', {
      company_slug: company, folder_slug: folder, item_type: 'material', code: 'VAI-01', name: 'Vải cotton', unit: 'MTR',
      bill_no: 'PXK-2603-007', takeout_date: '2026-03-21', quantity: '120.5', purpose: 'production',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ bill_no: 'PXK-2603-007', takeout_date: '2026-03-21', quantity: '120.5' });

    const found = (await list('wh-take-out', '&search=pxk-2603')).json();
    expect(found.results.map((row: { id: number }) => row.id)).toEqual([created.json().id]);
    expect(found.results[0].bill_no).toBe('PXK-2603-007');

    const corrected = await call('PUT', `/api/new-balance/wh-take-out/${created.json().id}/`, { bill_no: 'PXK-2603-008' });
    expect(corrected.json().bill_no).toBe('PXK-2603-008');
    expect((await list('wh-take-out', '&bill_no=PXK-2603-008')).json().count).toBe(1);
    expect(await exportedHeader('wh-take-out', 'vi')).toEqual(expect.arrayContaining(['Số phiếu xuất', 'Ngày xuất kho']));
  });

  it('refuses a receipt without its date, and keeps its number and date under their own labels', async () => {
    const receipt = { company_slug: company, folder_slug: folder, code: 'VAI-01', name: 'Vải cotton', unit: 'MTR', quantity: '500', bill_no: 'PNK-2603-001' };
    const undated = await call('POST', '/api/new-balance/wh-take-in/', receipt);
    expect(undated.statusCode).toBe(400);
    expect(Object.keys(undated.json().fields)).toEqual(['bill_date']);

    const created = await call('POST', '/api/new-balance/wh-take-in/', { ...receipt, bill_date: '2026-03-02' });
    expect(created.statusCode, created.body).toBe(201);
    expect((await list('wh-take-in')).json().results[0]).toMatchObject({ bill_no: 'PNK-2603-001', bill_date: '2026-03-02' });
    expect(await exportedHeader('wh-take-in', 'vi')).toEqual(expect.arrayContaining(['Số phiếu nhập', 'Ngày nhập kho']));
    expect(await exportedHeader('wh-take-in', 'en')).toEqual(expect.arrayContaining(['Receipt no.', 'Receipt date']));
    expect(await exportedHeader('wh-take-in', 'ko')).toEqual(expect.arrayContaining(['입고번호', '입고일자']));
  });

  it('keeps an older receipt\'s missing date empty, open to correction, while new receipts need one', async () => {
    // A receipt saved before the date was required, as such rows stand after the migrations: its date empty.
    const [older] = await runner(t.database)<{ id: number }>(
      `INSERT INTO warehouse_take_in (company_id, folder_set_id, code, name, unit, quantity, bill_no)
       SELECT f.company_id, f.id, 'CHI-01', 'Chỉ may', 'CON', 40, 'PNK-OLD-1' FROM folder_sets f WHERE f.slug = $1 RETURNING id`, [folder]);
    const row = async () => (await list('wh-take-in', '&bill_no=PNK-OLD-1')).json().results[0];
    expect(await row()).toMatchObject({ id: older!.id, bill_date: null });

    // Another field can be corrected without inventing a date; emptying a date is refused; a real date is taken.
    const renumbered = await call('PUT', `/api/new-balance/wh-take-in/${older!.id}/`, { bill_no: 'PNK-OLD-2' });
    expect(renumbered.statusCode, renumbered.body).toBe(200);
    expect(renumbered.json()).toMatchObject({ bill_no: 'PNK-OLD-2', bill_date: null });
    const dated = await call('PUT', `/api/new-balance/wh-take-in/${older!.id}/`, { bill_date: '2025-12-29' });
    expect(dated.json()).toMatchObject({ bill_no: 'PNK-OLD-2', bill_date: '2025-12-29' });
    const emptied = await call('PUT', `/api/new-balance/wh-take-in/${older!.id}/`, { bill_date: null });
    expect(emptied.statusCode).toBe(400);
    expect(Object.keys(emptied.json().fields)).toEqual(['bill_date']);
  });

  it('exports a decimal column in one format, by its largest scale, under a name in the reader\'s language', async () => {
    // The issue of 120.5 m above, and a whole one beside it.
    const whole = await call('POST', '/api/new-balance/wh-take-out/', {
      company_slug: company, folder_slug: folder, item_type: 'material', code: 'VAI-02', name: 'Vải lót', unit: 'MTR', bill_no: 'PXK-2603-009', takeout_date: '2026-03-22', quantity: '1200', purpose: 'production',
    });
    expect(whole.statusCode, whole.body).toBe(201);
    const exported = await call('GET', `/api/new-balance/wh-take-out/export/?company_slug=${company}&folder_slug=${folder}&lang=en`);
    expect(exported.headers['content-disposition']).toContain(`filename="Warehouse take-out - ${folder}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const quantity = (sheet.getRow(1).values as unknown[]).indexOf('Quantity');
    expect([2, 3].map((row) => [sheet.getCell(row, quantity).value, sheet.getCell(row, quantity).numFmt]).sort()).toEqual([[120.5, '#,##0.0'], [1200, '#,##0.0']]);
    const vietnamese = await call('GET', `/api/new-balance/wh-take-out/export/?company_slug=${company}&folder_slug=${folder}&lang=vi`);
    expect(vietnamese.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`Xuất kho theo thẻ kho - ${folder}.xlsx`)}`);
  });
});
