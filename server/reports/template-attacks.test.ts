import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runner } from '../db/run.js';
import { whileAnswering, workbookOf } from '../test/hostile-files.js';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, signUp, type TestApp } from '../test/test-app.js';

/** Hostile layout templates any company admin may send: each is refused while the server answers other requests. */
describe('hostile layout templates', { timeout: 120_000 }, () => {
  let t: TestApp;
  const mail = captureMail();
  let token = '';
  let slug = '';
  let folderSlug = '';

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    const email = 'admin@hostile-templates.vn';
    token = await signUp(t.app, mail, email);
    const created = (await t.app.inject({ method: 'POST', url: '/api/clients-api/companies/', headers: { authorization: `Bearer ${token}` }, payload: { name: 'Hostile Templates' } })).json();
    slug = created.slug;
    folderSlug = created.folder_set[0].slug;
  });
  afterAll(async () => { await t.close(); });

  const preview = (content: Buffer, name = 'mau.xlsx') => {
    const body = multipart({}, { name, content });
    return t.app.inject({ method: 'POST', url: `/api/new-balance/statement-templates/preview/?company_slug=${slug}`, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  };

  it('previews a plain template, whose names hold constants, words and whole rows', async () => {
    const answer = await preview(workbookOf({
      definedNames: '<definedName name="_xlnm.Print_Titles" localSheetId="0">Mau!$1:$3</definedName><definedName name="Rate">0.1</definedName>'
        + '<definedName name="Ceiling">100000</definedName><definedName name="Alias">Tax</definedName><definedName name="Tax">Mau!$B$2</definedName>'
        + '<definedName name="_xlnm.Print_Area" localSheetId="0">Mau!$A$1:$M$40</definedName>',
      sheetTail: '<dataValidations count="1"><dataValidation type="list" sqref="D2:D500 F:F"><formula1>"a,b"</formula1></dataValidation></dataValidations>',
    }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().sheets[0].rows[0].cells).toEqual({ A: 'STT', B: 'Mã', C: 'Tên' });
  });

  it.each([
    ['a merged range to the sheet\'s end', { sheetTail: '<mergeCells count="1"><mergeCell ref="A10:XFD1048576"/></mergeCells>' }],
    ['a print area over the whole sheet', { definedNames: '<definedName name="_xlnm.Print_Area" localSheetId="0">Mau!$A$1:$XFD$1048576</definedName>' }],
    ['a defined name of millions of cells', { definedNames: '<definedName name="everything">Mau!$A$1:$GR$1000000</definedName>' }],
    ['a data validation of millions of cells', { sheetTail: '<dataValidations count="1"><dataValidation type="whole" sqref="A2:GR100000"><formula1>0</formula1></dataValidation></dataValidations>' }],
    ['merged ranges covering a million cells within the area', { sheetTail: `<mergeCells count="1">${Array.from({ length: 5 }, (_, index) => `<mergeCell ref="A${index * 1000 + 2}:GR${index * 1000 + 1000}"/>`).join('')}</mergeCells>` }],
    ['a cell far to the right below the signature block', { cells: '<row r="40"><c r="XFD40" t="inlineStr"><is><t>x</t></is></c></row>' }],
    ['a dimension over the whole sheet', { dimension: 'A1:XFD1048576' }],
  ])('refuses %s with template_area', async (_name, options) => {
    const content = workbookOf(options);
    expect(content.length).toBeLessThan(4096);
    const { outcome, slowestHealthMs, rssGrowthMb } = await whileAnswering(t, () => preview(content));
    expect(outcome.statusCode, outcome.body).toBe(422);
    expect(outcome.json()).toMatchObject({ code: 'template_area', rows: 5000, columns: 200 });
    expect(slowestHealthMs).toBeLessThan(2000);
    expect(rssGrowthMb).toBeLessThan(1024);
  });

  it('refuses a template whose parts inflate to more than they declare, and one declaring hundreds of megabytes', async () => {
    const lying = workbookOf({ parts: [{ name: 'xl/media/image1.png', text: 'A'.repeat(1024 * 1024), times: 40, declared: 1000 }] });
    const { outcome, slowestHealthMs, rssGrowthMb } = await whileAnswering(t, () => preview(lying));
    expect(outcome.statusCode, outcome.body).toBe(422);
    expect(outcome.json()).toMatchObject({ code: 'unprocessable_file', reason: 'zip_bomb' });
    expect(slowestHealthMs).toBeLessThan(2000);
    expect(rssGrowthMb).toBeLessThan(1024);

    const declared = workbookOf({ parts: [{ name: 'xl/media/image1.png', text: 'A'.repeat(1024 * 1024), times: 450 }] });
    expect(declared.length).toBeLessThan(600 * 1024);
    const refused = await preview(declared);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'unprocessable_file', reason: 'zip_bomb' });
  });

  it('accepts only .xlsx without macros as a template', async () => {
    const macros = workbookOf({ parts: [{ name: 'xl/vbaProject.bin', text: 'VBA' }] });
    const refused = await preview(macros);
    expect(refused.statusCode, refused.body).toBe(415);
    expect(refused.json().code).toBe('template_macros');
    const enabled = await preview(workbookOf({ contentTypes: '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/></Types>' }));
    expect(enabled.json().code).toBe('template_macros');
    // One kept before uploads were checked is not handed out either.
    const run = runner(t.database);
    const [company] = await run<{ id: string }>('SELECT id FROM companies WHERE slug = $1', [slug]);
    const [kept] = await run<{ id: number }>('INSERT INTO statement_templates (company_id, name) VALUES ($1, $2) RETURNING id', [company!.id, 'Macros']);
    await run(`INSERT INTO statement_template_forms (template_id, form, file_name, size, content, sheet_name, header_from, header_to, footer_row, mapping, columns)
               VALUES ($1, '16', 'macros.xlsx', $2, $3, 'Mau', 1, 1, null, '{}', '{}')`, [kept!.id, macros.length, macros]);
    const served = await t.app.inject({ method: 'GET', url: `/api/new-balance/statement-templates/${kept!.id}/forms/16/file/?company_slug=${slug}`, headers: { authorization: `Bearer ${token}` } });
    expect(served.statusCode).toBe(415);
    expect(served.json().code).toBe('template_macros');
    for (const name of ['mau.xlsm', 'mau.html', 'mau']) {
      const renamed = await preview(workbookOf(), name);
      expect(renamed.statusCode, name).toBe(415);
      expect(renamed.json().code).toBe('template_not_xlsx');
    }
  });

  it('refuses to export in a stored template that reaches far to the right, within seconds', async () => {
    const run = runner(t.database);
    const [company] = await run<{ id: string }>('SELECT id FROM companies WHERE slug = $1', [slug]);
    // Stored as an older server kept it, before templates were checked on upload.
    const content = workbookOf({ cells: '<row r="5"><c r="A5" t="inlineStr"><is><t>Người lập</t></is></c></row><row r="6"><c r="XFD6" t="inlineStr"><is><t>x</t></is></c></row>' });
    const [template] = await run<{ id: number }>('INSERT INTO statement_templates (company_id, name) VALUES ($1, $2) RETURNING id', [company!.id, 'Wide']);
    await run(`INSERT INTO statement_template_forms (template_id, form, file_name, size, content, sheet_name, header_from, header_to, footer_row, mapping, columns)
               VALUES ($1, '15', 'wide.xlsx', $2, $3, 'Mau', 1, 1, 5, $4, $5)`,
    [template!.id, content.length, content, JSON.stringify({ stt: 'A', code: 'B', name: 'C' }), JSON.stringify({ A: 'STT', B: 'Mã', C: 'Tên' })]);
    await run('UPDATE folder_sets SET statement_layout = $1 WHERE slug = $2', [`template:${template!.id}`, folderSlug]);
    const started = performance.now();
    const { outcome, slowestHealthMs, rssGrowthMb } = await whileAnswering(t, () => t.app.inject({
      method: 'GET', url: `/api/new-balance/report-statement-15/?company_slug=${slug}&folder_slug=${folderSlug}&format=xlsx`, headers: { authorization: `Bearer ${token}` },
    }));
    expect(outcome.json(), outcome.body).toMatchObject({ code: 'template_area' });
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(slowestHealthMs).toBeLessThan(2000);
    expect(rssGrowthMb).toBeLessThan(1024);
  });
});

