import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runner } from '../db/run.js';
import { settledJobs } from '../jobs/leases.js';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, signUp, type TestApp } from '../test/test-app.js';

/** A declaration line with what the precedents read; the rest as ECUS would give it. */
const line = (account: string, row: number, day: string, code: string, itemName: string, hs: string, typeCode = 'E31') => ({
  account_number: account, row_number: row, registered_date: day, type_code: typeCode, code, item_name: itemName, hs, total: '10', unit: 'MTR',
});

/** The company's own declarations as classification precedents: ranking, effective lines only, tenancy, import warnings. */
describe('classification precedents', { timeout: 120_000 }, () => {
  let t: TestApp;
  const mail = captureMail();
  let owner = '';
  let stranger = '';
  let company = '';
  let folder = '';
  let otherCompany = '';

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    owner = await signUp(t.app, mail, 'owner@precedents.vn');
    stranger = await signUp(t.app, mail, 'stranger@precedents.vn');
    const created = (await call(owner, 'POST', '/api/clients-api/companies/', { name: 'Precedents Garment' })).json();
    company = created.slug;
    folder = created.folder_set[0].slug;
    const other = (await call(stranger, 'POST', '/api/clients-api/companies/', { name: 'Other Garment' })).json();
    otherCompany = other.slug;
    const scope = { company_slug: company, folder_slug: folder };
    const lines = [
      // Woven cotton fabric, three lines under 5208.32.00 and one older under 5208.39.00 with a name of its own.
      line('105800000010', 1, '2025-03-01', 'NPL-VAI', 'Vải cotton 100% khổ 58"', '52083200'),
      line('105800000020', 1, '2025-04-01', 'NPL-VAI', 'Vải cotton 100% khổ 58"', '52083200'),
      line('105800000030', 1, '2025-05-01', 'NPL-VAI', 'VẢI COTTON 100% KHỔ 58"', '52083200'),
      line('105800000040', 1, '2024-11-01', 'NPL-VAI-XANH', 'Vải dệt thoi cotton màu xanh', '52083900'),
      // Buttons, whose code a query names exactly.
      line('105800000050', 1, '2025-02-01', 'NPL-CUC', 'Cúc nhựa 4 lỗ', '39269099'),
      // A declaration amended: its first version's code no longer counts, its latest does.
      line('105800000060', 1, '2025-06-01', 'NPL-CHI', 'Chỉ may polyester', '54011090'),
      line('105800000061', 1, '2025-06-03', 'NPL-CHI', 'Chỉ may polyester', '54012090'),
      // A line cancelled afterwards.
      line('105800000070', 1, '2025-07-01', 'NPL-KHOA', 'Khóa kéo kim loại', '96071100'),
    ];
    for (const payload of lines) {
      const answer = await call(owner, 'POST', '/api/balance/ecus/', { ...scope, ...payload });
      expect(answer.statusCode, answer.body).toBe(201);
    }
    await cancel(owner, scope, '105800000070');
    // Another company declared the same fabric under a code of its own.
    const otherLine = await call(stranger, 'POST', '/api/balance/ecus/', {
      company_slug: otherCompany, folder_slug: other.folder_set[0].slug, ...line('105800000090', 1, '2025-03-01', 'NPL-VAI', 'Vải cotton 100%', '52085900'),
    });
    expect(otherLine.statusCode, otherLine.body).toBe(201);
  });
  afterAll(async () => t.close());

  function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  }
  const precedents = (query: Record<string, string>, token = owner) => call(token, 'GET', `/api/new-balance/classification-precedents/?${new URLSearchParams({ company_slug: company, ...query })}`);

  async function upload(token: string, name: string, content: Buffer): Promise<{ upload_id: string; sheets: string[] }> {
    const body = multipart({}, { name, content });
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/uploads/', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    return uploaded.json();
  }

  async function cancel(token: string, scope: Record<string, string>, account: string) {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Hủy').addRows([['Số tờ khai', 'Ngày hủy', 'Lý do hủy'], [account, new Date(Date.UTC(2025, 6, 5)), 'Khai sai']]);
    const started = await call(token, 'POST', '/api/balance/ecus/cancel_import_data/', {
      upload_id: (await upload(token, 'huy.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()))).upload_id, ...scope, sheet_name: 'Hủy', header_from: 1,
      mapping: { account_number: { mapping_col_name: 'A', title: '' }, cancel_date: { mapping_col_name: 'B', title: '' }, cancel_reason: { mapping_col_name: 'C', title: '' } },
    });
    expect(started.statusCode, started.body).toBe(202);
    await settledJobs();
    expect((await call(token, 'GET', `/api/balance/import-record/${started.json().id}/`)).json()).toMatchObject({ status: 'succeeded' });
  }

  it('ranks the codes of names holding the whole text first, then by how many lines, folding accents and case', async () => {
    const answer = await precedents({ q: 'vai cotton 100', lang: 'en' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { results } = answer.json();
    expect(results.map((result: { hs: string }) => result.hs)).toEqual(['52083200']);
    expect(results[0]).toMatchObject({ match: 'phrase', lines: 3, first_date: '2025-03-01', last_date: '2025-05-01', codes: ['NPL-VAI'] });
    expect(results[0].examples.map((example: { account_number: string }) => example.account_number)).toEqual(['105800000030']);

    // Every word, not the phrase: both fabrics, the phrase-free one after; more lines rank first within a kind of match.
    const words = (await precedents({ q: 'cotton vải' })).json().results;
    expect(words.map((result: { hs: string; match: string; lines: number }) => [result.hs, result.match, result.lines])).toEqual([['52083200', 'words', 3], ['52083900', 'words', 1]]);
  });

  it('takes an item code exactly first, and a misspelt name for the one it resembles', async () => {
    const byCode = (await precedents({ q: 'npl-cuc' })).json().results;
    expect(byCode[0]).toMatchObject({ hs: '39269099', match: 'code', codes: ['NPL-CUC'] });
    const typo = (await precedents({ q: 'cuc nhua 4 lo0' })).json().results;
    expect(typo[0]).toMatchObject({ hs: '39269099', match: 'similar' });
    const underCode = (await precedents({ hs: '5208' })).json().results;
    expect(underCode.map((result: { hs: string }) => result.hs)).toEqual(['52083200', '52083900']);
    expect((await precedents({ q: 'vai', type_code: 'A12' })).json().results).toEqual([]);
  });

  it('counts neither the superseded version of an amended declaration nor a cancelled line', async () => {
    const thread = (await precedents({ q: 'NPL-CHI' })).json().results;
    expect(thread.map((result: { hs: string; lines: number }) => [result.hs, result.lines])).toEqual([['54012090', 1]]);
    expect((await precedents({ q: 'khoa keo' })).json().results).toEqual([]);
  });

  it("never shows another company's lines, and a company the caller is not a member of is not found", async () => {
    const fabric = (await precedents({ q: 'vai cotton' })).json().results;
    expect(fabric.map((result: { hs: string }) => result.hs)).not.toContain('52085900');
    const theirs = (await precedents({ company_slug: otherCompany, q: 'vai cotton' }, owner));
    expect(theirs.statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/new-balance/classification-consistency/?company_slug=${otherCompany}`)).statusCode).toBe(404);
    const own = (await precedents({ company_slug: otherCompany, q: 'vai cotton' }, stranger)).json().results;
    expect(own.map((result: { hs: string }) => result.hs)).toEqual(['52085900']);
  });

  it('says in an import that adds a code under a second HS code, and lists it in the consistency report with its export', async () => {
    expect((await call(owner, 'GET', `/api/new-balance/classification-consistency/?company_slug=${company}`)).json().results).toEqual([]);
    const csv = Buffer.from([
      'account_number,registered_date,code,item_name,hs,total',
      '105800000100,2025-08-01,NPL-VAI,Vải cotton 100% khổ 58",52085200,5',
      '105800000110,2025-08-02,NPL-CUC,Cúc nhựa 4 lỗ,39269099,5',
    ].join('\n'));
    const columns = ['account_number', 'registered_date', 'code', 'item_name', 'hs', 'total'];
    const uploaded = await upload(owner, 'tk.csv', csv);
    const started = await call(owner, 'POST', '/api/balance/ecus/import_data/', {
      upload_id: uploaded.upload_id, company_slug: company, folder_slug: folder, sheet_name: uploaded.sheets[0], header_from: 1,
      mapping: Object.fromEntries(columns.map((name, index) => [name, { mapping_col_name: String.fromCharCode(65 + index), title: name }])),
      extra_fields: { type_code: 'E31', unit: 'MTR' },
    });
    expect(started.statusCode, started.body).toBe(202);
    await settledJobs();
    const record = (await call(owner, 'GET', `/api/balance/import-record/${started.json().id}/`)).json();
    expect(record).toMatchObject({ status: 'succeeded', inserted: 2 });
    expect(record.classification_conflicts).toEqual({ count: 1, items: [{ kind: 'code', code: 'NPL-VAI', item_name: 'Vải cotton 100% khổ 58"', hs_codes: ['52083200', '52085200'] }] });

    const report = (await call(owner, 'GET', `/api/new-balance/classification-consistency/?company_slug=${company}`)).json().results;
    expect(report).toEqual([
      {
        kind: 'code', code: 'NPL-VAI', codes: ['NPL-VAI'], item_names: ['Vải cotton 100% khổ 58"'], last_date: '2025-08-01',
        hs_codes: [{ hs: '52083200', lines: 3, last_date: '2025-05-01' }, { hs: '52085200', lines: 1, last_date: '2025-08-01' }],
      },
    ]);
    const exported = await call(owner, 'GET', `/api/new-balance/classification-consistency/?company_slug=${company}&format=xlsx&lang=vi`);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(exported.headers['content-disposition']))).toContain('Mã hàng khai nhiều mã HS');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect([sheet.getCell(4, 2).value, sheet.getCell(4, 4).value, sheet.getCell(4, 5).value, sheet.getCell(5, 4).value]).toEqual(['NPL-VAI', '5208.32.00', 3, '5208.52.00']);
  });

  it('keeps the classifications through the writers of declaration lines only: an HS code edited shows in the next search, a BOM row touches none', async () => {
    const run = runner(t.database);
    const scope = { company_slug: company, folder_slug: folder };
    // Each kept row as it is stored: a row rewritten, even with the same values, is a new version of it.
    const stored = () => run<{ version: string }>(
      `SELECT k.ctid::text || k.xmin::text AS version FROM ecus_classifications k JOIN companies c ON c.id = k.company_id WHERE c.slug = $1 ORDER BY 1`, [company]);
    const before = await stored();
    expect(before.length).toBeGreaterThan(0);
    const bom = await call(owner, 'POST', '/api/balance/bom/', { ...scope, code: 'SP-AO', material_code: 'NPL-VAI', material_name: 'Vải cotton 100% khổ 58"', bom_value: '1.2' });
    expect(bom.statusCode, bom.body).toBe(201);
    expect(await stored()).toEqual(before);

    const added = await call(owner, 'POST', '/api/balance/ecus/', { ...scope, ...line('105800000120', 1, '2025-09-01', 'NPL-NHAN', 'Nhãn dệt', '58071000') });
    expect(added.statusCode, added.body).toBe(201);
    expect((await precedents({ q: 'nhan det' })).json().results.map((result: { hs: string; lines: number }) => [result.hs, result.lines])).toEqual([['58071000', 1]]);
    const edited = await call(owner, 'PUT', `/api/balance/ecus/${added.json().id}/`, { hs: '58079090' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await precedents({ q: 'nhan det' })).json().results.map((result: { hs: string; lines: number }) => [result.hs, result.lines])).toEqual([['58079090', 1]]);
    // Only the edited code's classifications were written again.
    const after = new Set((await stored()).map((row) => row.version));
    expect(before.filter((row) => !after.has(row.version))).toEqual([]);
  });
});
