import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runner } from '../db/run.js';
import { setAdministrator } from '../reports-bi/admin-cli.js';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

const password = 'Quayside-Ledger-5521';
const thin: Partial<ExcelJS.Borders> = { top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } };

/**
 * A form as a company might receive it: a title block (merged, with two `{{…}}` texts), a two-row header whose columns
 * come in another order than Circular 39's with one column Dutybook does not compute (HS code), two empty bordered
 * data rows, a signature block, and a second sheet of notes.
 */
async function officialWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Mẫu 15');
  sheet.getCell('A1').value = 'TỔNG CỤC HẢI QUAN';
  sheet.mergeCells('A1:C1');
  sheet.getCell('K1').value = 'Mẫu số 15/BCQT-NVL/GSQL';
  sheet.getCell('A2').value = 'BÁO CÁO QUYẾT TOÁN NGUYÊN LIỆU, VẬT TƯ';
  sheet.getCell('A2').font = { bold: true, size: 14 };
  sheet.mergeCells('A2:M2');
  sheet.getCell('A3').value = 'Tên tổ chức, cá nhân: {{company}} — MST {{tax_code}}';
  sheet.getCell('A4').value = 'Kỳ báo cáo: từ ngày {{period_start}} đến ngày {{period_end}}';
  const captions = ['STT', 'Tên nguyên liệu, vật tư', 'Mã nguyên liệu, vật tư', 'Đơn vị tính', 'Lượng tồn kho cuối kỳ', 'Lượng tồn đầu kỳ', 'Lượng nhập trong kỳ',
    'Tái xuất', 'Chuyển mục đích sử dụng, tiêu thụ nội địa, tiêu hủy', 'Xuất kho để sản xuất', 'Xuất kho khác', 'Mã HS', 'Ghi chú'];
  captions.forEach((caption, index) => {
    const cell = sheet.getCell(6, index + 1);
    cell.value = caption;
    cell.font = { bold: true };
    cell.border = thin;
    const number = sheet.getCell(7, index + 1);
    number.value = `(${index + 1})`;
    number.border = thin;
    for (const row of [8, 9]) sheet.getCell(row, index + 1).border = thin;
    sheet.getColumn(index + 1).width = 12 + index * 2;
  });
  sheet.getCell('B10').value = 'Người lập biểu';
  sheet.getCell('J10').value = 'Người đại diện theo pháp luật';
  sheet.mergeCells('J10:L10');
  sheet.getCell('B11').value = '(Ký, ghi rõ họ tên)';
  workbook.addWorksheet('Hướng dẫn').getCell('A1').value = 'Cách ghi';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const mapping = {
  stt: 'A', name: 'B', code: 'C', unit: 'D', end_value: 'E', begin_value: 'F', take_in: 'G', re_export: 'H', re_purpose: 'I', export_to_produce: 'J', other_export: 'K', note: 'M',
};
/** Where the Circular 39 export puts each computed column (its numbered columns). */
const tt39Columns: Record<string, number> = {
  stt: 1, code: 2, name: 3, unit: 4, begin_value: 5, take_in: 6, re_export: 7, re_purpose: 8, export_to_produce: 9, other_export: 10, end_value: 11, note: 12,
};
const settings = { sheet_name: 'Mẫu 15', header_from: 6, header_to: 7, footer_row: 10, mapping };

describe('statement layout templates', { timeout: 120_000 }, () => {
  let t: TestApp;
  const mail = captureMail();
  const tokens: Record<string, string> = {};
  const slugs: Record<string, string> = {};
  let folderSlug = '';
  let template = 0;
  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const call = (who: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` }, ...(payload ? { payload } : {}) });
  const upload = (who: string, method: Method, url: string, fields: Record<string, string>, file: { name: string; content: Buffer }) => {
    const body = multipart(fields, file);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${tokens[who]}` } });
  };
  const company = () => `company_slug=${slugs.company}`;
  const workbookOf = async (payload: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    return workbook;
  };

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    for (const name of ['owner', 'viewer', 'outsider', 'admin']) {
      const email = `${name}@templates.vn`;
      await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password, name } });
      tokens[name] = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
    }
    await setAdministrator(runner(t.database), 'grant', 'admin@templates.vn');
    const created = (await call('owner', 'POST', '/api/clients-api/companies/', { name: 'Phu Thanh Garment', tax_code: '0301234567', address: 'KCN Tân Bình' })).json();
    slugs.company = created.slug;
    slugs.other = (await call('outsider', 'POST', '/api/clients-api/companies/', { name: 'Other Trading' })).json().slug;
    await call('owner', 'POST', `/api/clients-api/companies/${slugs.company}/members/`, { email: 'viewer@templates.vn', role: 'viewer' });
    await call('viewer', 'POST', `/api/clients-api/invitations/${slugs.company}/accept/`);
    folderSlug = (await call('owner', 'POST', `/api/clients-api/companies/${slugs.company}/folder-sets/`, { name: 'FY2025', year: 2025, date_start: '2025-01-01', date_end: '2025-12-31', type_code: 'SXXK' })).json().slug;
    const scope = { company_slug: slugs.company, folder_slug: folderSlug };
    const add = async (path: string, body: object) => expect((await call('owner', 'POST', path, { ...scope, ...body })).statusCode).toBe(201);
    // Three materials, so the data need one row more than the template's two: the signature block moves down.
    await add('/api/balance/begin/', { item_type: 'material', code: 'YARN-01', name: 'Cotton yarn', unit: 'KGM', begin_value: '40.5' });
    await add('/api/balance/begin/', { item_type: 'material', code: 'BTN-02', name: 'Buttons', unit: 'PCE', begin_value: '12000' });
    await add('/api/balance/ecus/', { account_number: '105800000010', registered_date: '2025-02-01', type_code: 'E31', code: 'YARN-01', item_name: 'Cotton yarn', total: '1500.25', unit: 'KGM', hs: '52051200' });
    await add('/api/balance/ecus/', { account_number: '105800000020', registered_date: '2025-03-01', type_code: 'E31', code: 'ZIP-03', item_name: 'Zippers', total: '800', unit: 'PCE', hs: '96071100' });
    await add('/api/new-balance/wh-take-out/', { item_type: 'material', code: 'YARN-01', name: 'Cotton yarn', unit: 'KGM', takeout_date: '2025-04-01', quantity: '1600', purpose: 'production' });
  });
  afterAll(async () => { await t.close(); });

  const statementUrl = () => `/api/new-balance/report-statement-15/?company_slug=${slugs.company}&folder_slug=${folderSlug}&format=xlsx`;

  it('previews an upload\'s sheets without keeping it, to its admins and owners only', async () => {
    const preview = await upload('owner', 'POST', `/api/new-balance/statement-templates/preview/?${company()}`, {}, { name: 'mau-15.xlsx', content: await officialWorkbook() });
    expect(preview.statusCode).toBe(200);
    const sheets = preview.json().sheets as Array<{ name: string; rows: Array<{ row: number; cells: Record<string, string> }> }>;
    expect(sheets.map((sheet) => sheet.name)).toEqual(['Mẫu 15', 'Hướng dẫn']);
    // A merged title reads in its first cell only, as the import wizard sees it.
    expect(sheets[0]!.rows.find((row) => row.row === 2)!.cells).toEqual({ A: 'BÁO CÁO QUYẾT TOÁN NGUYÊN LIỆU, VẬT TƯ' });
    expect(sheets[0]!.rows.find((row) => row.row === 6)!.cells.L).toBe('Mã HS');

    const viewer = await upload('viewer', 'POST', `/api/new-balance/statement-templates/preview/?${company()}`, {}, { name: 'mau-15.xlsx', content: await officialWorkbook() });
    expect(viewer.statusCode).toBe(403);
    expect((await call('viewer', 'POST', `/api/new-balance/statement-templates/?${company()}`, { name: 'Mine' })).statusCode).toBe(403);
  });

  it('refuses a file that is not an .xlsx by its bytes, whatever its name', async () => {
    const created = (await call('owner', 'POST', `/api/new-balance/statement-templates/?${company()}`, { name: 'Scratch' })).json();
    for (const file of [
      { name: 'mau-15.xlsx', content: Buffer.from('STT;Mã;Tên\n1;A;B\n') },
      { name: 'mau-15.csv', content: Buffer.from('STT,Mã,Tên\n1,A,B\n') },
      { name: 'mau-15.xlsx', content: Buffer.from('%PDF-1.7\n\u0000\u0001binary') },
    ]) {
      const refused = await upload('owner', 'PUT', `/api/new-balance/statement-templates/${created.id}/forms/15/?${company()}`, { settings: JSON.stringify(settings) }, file);
      expect(refused.statusCode, file.name).toBe(415);
      expect(refused.json()).toMatchObject({ code: 'template_not_xlsx', fields: { excel_file: ['A template must be an Excel workbook (.xlsx).'] } });
    }
    const tooLarge = await upload('owner', 'POST', `/api/new-balance/statement-templates/preview/?${company()}`, {}, { name: 'big.xlsx', content: Buffer.alloc(2 * 1024 * 1024 + 1, 7) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('payload_too_large');
    expect((await call('owner', 'DELETE', `/api/new-balance/statement-templates/${created.id}/?${company()}`)).statusCode).toBe(204);
  });

  it('checks the mapping against the workbook\'s header', async () => {
    template = (await call('owner', 'POST', `/api/new-balance/statement-templates/?${company()}`, { name: 'TT 121/2025' })).json().id;
    const url = `/api/new-balance/statement-templates/${template}/forms/15/?${company()}`;
    const content = await officialWorkbook();
    const wrong = await upload('owner', 'PUT', url, { settings: JSON.stringify({ ...settings, mapping: { name: 'B', unit: 'N', note: 'B', invented: 'L' } }) }, { name: 'mau-15.xlsx', content });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields).sort()).toEqual(['mapping.code', 'mapping.invented', 'mapping.note', 'mapping.unit']);
    const noSheet = await upload('owner', 'PUT', url, { settings: JSON.stringify({ ...settings, sheet_name: 'Sheet9' }) }, { name: 'mau-15.xlsx', content });
    expect(noSheet.json().fields).toEqual({ sheet_name: ['The workbook has no sheet named Sheet9.'] });

    const saved = await upload('owner', 'PUT', url, { settings: JSON.stringify(settings) }, { name: 'mau-15.xlsx', content });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ form: '15', file_name: 'mau-15.xlsx', header_from: 6, header_to: 7, footer_row: 10, mapping });
    expect(saved.json().columns).toMatchObject({ A: 'STT (1)', L: 'Mã HS (12)' });
    // Mapped again without sending the workbook: the stored one is read.
    const remapped = await call('owner', 'PUT', url, { ...settings, mapping: { ...mapping, note: 'L' } });
    expect(remapped.json().mapping.note).toBe('L');
    expect((await call('owner', 'PUT', url, settings)).statusCode).toBe(200);
  });

  it('fills the template on export: title and header as uploaded, the figures of the Circular 39 export in the mapped columns, the signature below', async () => {
    const tt39 = await workbookOf((await call('viewer', 'GET', statementUrl())).rawPayload);
    const tt39Sheet = tt39.worksheets[0]!;
    const tt39Rows = [12, 13, 14].map((number) => tt39Sheet.getRow(number));
    expect(tt39Rows.map((row) => row.getCell(2).value)).toEqual(['BTN-02', 'YARN-01', 'ZIP-03']);

    const folderSet = await call('owner', 'PATCH', `/api/clients-api/companies/${slugs.company}/folder-sets/${folderSlug}/`, { statement_layout: `template:${template}` });
    expect(folderSet.json().statement_layout).toBe(`template:${template}`);
    const response = await call('viewer', 'GET', statementUrl());
    expect(response.statusCode).toBe(200);
    const filled = await workbookOf(response.rawPayload);
    const original = (await workbookOf(await officialWorkbook())).getWorksheet('Mẫu 15')!;
    expect(filled.worksheets.map((sheet) => sheet.name)).toEqual(['Mẫu 15']);
    const sheet = filled.worksheets[0]!;

    for (const number of [1, 2, 6, 7]) expect(sheet.getRow(number).values, `row ${number}`).toEqual(original.getRow(number).values);
    expect(sheet.getCell('A2').font).toMatchObject({ bold: true, size: 14 });
    expect(sheet.model.merges).toEqual(expect.arrayContaining(['A1:C1', 'A2:M2']));
    for (let column = 1; column <= 13; column += 1) expect(sheet.getColumn(column).width).toBe(12 + (column - 1) * 2);
    expect(sheet.getCell('A3').value).toBe('Tên tổ chức, cá nhân: Phu Thanh Garment — MST 0301234567');
    expect(sheet.getCell('A4').value).toBe('Kỳ báo cáo: từ ngày 01/01/2025 đến ngày 31/12/2025');

    tt39Rows.forEach((tt39Row, index) => {
      const row = sheet.getRow(8 + index);
      for (const [key, letter] of Object.entries(mapping)) {
        const expected = tt39Row.getCell(tt39Columns[key]!);
        const cell = row.getCell(letter);
        expect(cell.value || null, `${key} of row ${index + 1}`).toEqual(expected.value || null);
        if (typeof expected.value === 'number' && key !== 'stt') expect(cell.numFmt, `${key} format`).toBe(expected.numFmt);
      }
      expect(row.getCell('L').value, 'the column no computed column maps to').toBeNull();
      expect(row.getCell('L').border).toEqual(thin);
    });
    // 40.5 opened + 1,500.25 imported − 1,600 issued: a negative closing, in red as in the Circular 39 export.
    expect(sheet.getCell('E9').value).toBe(-59.25);
    expect(sheet.getCell('E9').numFmt).toBe('#,##0.00;[Red]-#,##0.00');

    // Three rows where the template left two: the signature block moved down by one, merged as it was.
    expect(sheet.getCell('C10').value).toBe('ZIP-03');
    expect(sheet.getCell('B11').value).toBe('Người lập biểu');
    expect(sheet.getCell('J11').value).toBe('Người đại diện theo pháp luật');
    expect(sheet.model.merges).toContain('J11:L11');
    expect(sheet.getCell('B12').value).toBe('(Ký, ghi rõ họ tên)');
  });

  it('answers 404 to a member of another company, and says which form a template lacks', async () => {
    expect((await call('outsider', 'GET', `/api/new-balance/statement-templates/?${company()}`)).statusCode).toBe(404);
    expect((await call('outsider', 'GET', `/api/new-balance/statement-templates/${template}/forms/15/file/?${company()}`)).statusCode).toBe(404);
    expect((await call('outsider', 'GET', `/api/new-balance/statement-templates/${template}/forms/15/file/?company_slug=${slugs.other}`)).statusCode).toBe(404);
    const theirs = (await call('outsider', 'GET', `/api/clients-api/companies/${slugs.other}/folder-sets/`)).json();
    const otherFolder = (Array.isArray(theirs) ? theirs : theirs.results)[0].slug as string;
    const borrowed = await call('outsider', 'PATCH', `/api/clients-api/companies/${slugs.other}/folder-sets/${otherFolder}/`, { statement_layout: `template:${template}` });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().fields.statement_layout).toBeDefined();

    const lacking = await call('viewer', 'GET', `/api/new-balance/report-statement-15A/?company_slug=${slugs.company}&folder_slug=${folderSlug}&format=xlsx`);
    expect(lacking.statusCode).toBe(409);
    expect(lacking.json()).toMatchObject({ code: 'template_incomplete', form: '15a' });
    const inUse = await call('owner', 'DELETE', `/api/new-balance/statement-templates/${template}/?${company()}`);
    expect(inUse.json()).toMatchObject({ code: 'template_in_use', folder_sets: 1 });
    const list = (await call('viewer', 'GET', `/api/new-balance/statement-templates/?${company()}`)).json();
    expect(list.results).toEqual([expect.objectContaining({ id: template, name: 'TT 121/2025', layout: `template:${template}`, scope: 'company', used_by: 1 })]);
  });

  it('lets platform administrators offer a template to every company, under /api/admin/ only', async () => {
    expect((await call('owner', 'GET', '/api/admin/statement-templates/')).statusCode).toBe(404);
    expect((await call('owner', 'POST', '/api/admin/statement-templates/', { name: 'Platform' })).statusCode).toBe(404);
    const platform = (await call('admin', 'POST', '/api/admin/statement-templates/', { name: 'Thông tư 121/2025 (nền tảng)' })).json();
    const saved = await upload('admin', 'PUT', `/api/admin/statement-templates/${platform.id}/forms/15/`, { settings: JSON.stringify(settings) }, { name: 'mau-15.xlsx', content: await officialWorkbook() });
    expect(saved.statusCode).toBe(200);

    const seen = (await call('outsider', 'GET', `/api/new-balance/statement-templates/?company_slug=${slugs.other}`)).json().results;
    expect(seen).toEqual([expect.objectContaining({ id: platform.id, scope: 'platform', used_by: 0 })]);
    // A company reads the platform's workbook but cannot change it.
    expect((await call('outsider', 'GET', `/api/new-balance/statement-templates/${platform.id}/forms/15/file/?company_slug=${slugs.other}`)).statusCode).toBe(200);
    expect((await call('outsider', 'PATCH', `/api/new-balance/statement-templates/${platform.id}/?company_slug=${slugs.other}`, { name: 'Mine now' })).statusCode).toBe(404);

    const folder = await call('owner', 'PATCH', `/api/clients-api/companies/${slugs.company}/folder-sets/${folderSlug}/`, { statement_layout: `template:${platform.id}` });
    expect(folder.statusCode).toBe(200);
    expect((await call('viewer', 'GET', statementUrl())).statusCode).toBe(200);
    // A company's choice cannot keep the platform from retiring its template: the company's exports fall back to the
    // official layout and say so.
    expect((await call('admin', 'DELETE', `/api/admin/statement-templates/${platform.id}/`)).statusCode).toBe(204);
    const fallback = await call('viewer', 'GET', statementUrl());
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['x-statement-layout-retired']).toBe(`template:${platform.id}`);
    expect(fallback.headers['x-statement-layout']).toBe('tt39_2018');
    expect((await workbookOf(fallback.rawPayload)).worksheets[0]!.getCell('A1').value).not.toBe('TỔNG CỤC HẢI QUAN');
    await call('owner', 'PATCH', `/api/clients-api/companies/${slugs.company}/folder-sets/${folderSlug}/`, { statement_layout: 'tt39_2018' });
    // Each change is in the audit log under the template's name.
    const logged = await runner(t.database)<{ subject: string; change: string; form: string | null }>(
      `SELECT subject, details->>'change' AS change, details->>'form' AS form FROM audit_events
        WHERE action = 'statement_template_changed' AND company_id IS NULL ORDER BY id`);
    expect(logged).toEqual([
      { subject: 'Thông tư 121/2025 (nền tảng)', change: 'created', form: null },
      { subject: 'Thông tư 121/2025 (nền tảng)', change: 'form_uploaded', form: '15' },
      { subject: 'Thông tư 121/2025 (nền tảng)', change: 'deleted', form: null },
    ]);
  });
});
