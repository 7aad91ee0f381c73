import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../common/i18n/en.json' with { type: 'json' };
import ko from '../../common/i18n/ko.json' with { type: 'json' };
import { type Catalog, flattenCatalog, type Locale, locales } from '../../common/i18n/locales.js';
import vi from '../../common/i18n/vi.json' with { type: 'json' };
import { columnLetters } from '../../common/imports/cells.js';
import { type FieldDefinition, importVariantsOf, type ResourceDefinition } from '../../common/resources/define.js';
import { resources } from '../../common/resources/index.js';
import { matchColumns } from '../../web/imports/header-match.js';
import { matchFieldsOf, readFixedColumns } from '../../web/imports/import-fields.js';
import { settledJobs } from '../jobs/leases.js';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, signUp, type TestApp } from '../test/test-app.js';

const catalogs: Record<Locale, Record<string, string>> = { en: flattenCatalog(en as Catalog), vi: flattenCatalog(vi as Catalog), ko: flattenCatalog(ko as Catalog) };

/** What a user types under each header of a template: text, as the template's text columns keep it, a choice by its label. */
function typedValue(name: string, definition: FieldDefinition, locale: Locale): string {
  switch (definition.kind) {
    case 'code': return '012';
    case 'text': return `Mẫu ${name}`.slice(0, definition.maxLength ?? 255);
    case 'decimal': return '1.250,5';
    case 'integer': return '3';
    case 'date': return '31/01/2026';
    case 'choice': return catalogs[locale][`choices.${name}.${definition.choices![0]}`]!;
  }
}

/** The value the API answers for what `typedValue` typed. */
function storedValue(definition: FieldDefinition): string | number {
  switch (definition.kind) {
    case 'code': return '012';
    case 'decimal': return '1250.5';
    case 'integer': return 3;
    case 'date': return '2026-01-31';
    case 'choice': return definition.choices![0]!;
    case 'text': return '';
  }
}

const importable = resources.filter((resource) => importVariantsOf(resource).length > 0);
/** Each table's imports by type: BOM's calculator import and its plain one read the same columns. */
const importTypesOf = (resource: ResourceDefinition) => [...new Set(importVariantsOf(resource).map((variant) => variant.importType))];

describe('import templates', { timeout: 600_000 }, () => {
  let t: TestApp;
  let token = '';
  let stranger = '';
  let folder = '';
  const company = 'template-co';
  const mail = captureMail();

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    token = await signUp(t.app, mail, 'owner@templates.vn');
    stranger = await signUp(t.app, mail, 'stranger@templates.vn');
    folder = (await call('POST', '/api/clients-api/companies/', { name: 'Template Co' })).json().folder_set[0].slug;
  });
  afterAll(async () => t.close());

  function call(method: 'GET' | 'POST', url: string, payload?: object, as = token) {
    return t.app.inject({ method, url, headers: { authorization: `Bearer ${as}` }, ...(payload ? { payload } : {}) });
  }
  const templateUrl = (resource: ResourceDefinition, query: string) => `/api/${resource.family}/${resource.name}/import_template/?company_slug=${company}${query}`;
  async function template(resource: ResourceDefinition, query = '', as = token) {
    const answer = await call('GET', templateUrl(resource, query), undefined, as);
    expect(answer.statusCode, answer.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    return { answer, workbook, header: (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1) };
  }
  const resource = (name: string) => resources.find((candidate) => candidate.name === name)!;

  it('answers a header row of the table screen\'s labels in the language asked for, required columns marked', async () => {
    const receipts = resource('wh-take-in');
    const expected: Record<Locale, string[]> = {
      vi: ['STT', 'Ngày nhập kho *', 'Số phiếu nhập', 'Mã hàng *'],
      en: ['No.', 'Receipt date *', 'Receipt no.', 'Item code *'],
      ko: ['순번', '입고일자 *', '입고번호', '품목코드 *'],
    };
    for (const locale of locales) {
      const { answer, workbook, header } = await template(receipts, `&lang=${locale}`);
      expect(answer.headers['content-type']).toContain('spreadsheetml');
      expect(answer.headers['content-disposition']).toContain(encodeURIComponent(`${catalogs[locale]['resources.wh-take-in']}`));
      expect(header.slice(0, 4)).toEqual(expected[locale]);
      expect(header).toHaveLength(Object.keys(receipts.fields).length);
      expect(header.filter((name) => String(name).endsWith(' *'))).toEqual([expected[locale][1], expected[locale][3], expect.any(String)]);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([catalogs[locale]['resources.wh-take-in'], catalogs[locale]['imports.template.instructions']]);
    }
    // Without a language the template is Vietnamese, as the other workbooks.
    expect((await template(receipts)).header.slice(0, 4)).toEqual(expected.vi);
  });

  it('explains every column on a sheet of instructions: required or not, and what it takes', async () => {
    const { workbook } = await template(resource('ecus'), '&lang=vi');
    const help = workbook.getWorksheet('Hướng dẫn')!;
    expect(String(help.getCell('A1').value)).toContain('“Tờ khai hải quan”');
    const rows = new Map<string, unknown[]>();
    help.eachRow((row, number) => { if (number > 3) rows.set(String(row.getCell(2).value), (row.values as unknown[]).slice(1)); });
    expect(rows.get('Số tờ khai *')).toEqual(['A', 'Số tờ khai *', 'Có', 'Mã, giữ nguyên như khi nhập (kể cả số 0 ở đầu)']);
    expect(rows.get('Ngày đăng ký *')).toEqual(['C', 'Ngày đăng ký *', 'Có', 'Ngày: dd/mm/yyyy (31/01/2026), yyyy-mm-dd hoặc ô định dạng ngày']);
    expect(rows.get('Mã HS')?.slice(2)).toEqual(['Không', 'Mã HS: các chữ số, có hoặc không có dấu chấm (8516.60.10)']);
    expect(rows.get('Lượng *')?.[3]).toBe('Số, ví dụ 1.250,5 hoặc 1250.5');
    const english = (await template(resource('wh-take-out'), '&lang=en')).workbook.getWorksheet('Instructions')!;
    const purpose = english.getRow(english.rowCount).values as unknown[];
    expect(purpose.slice(2)).toEqual(['Purpose', 'No', 'One of: Production, Export, Other']);
  });

  it('offers the amendment and cancellation imports their own columns, and no table an import it lacks', async () => {
    const declarations = resource('ecus');
    expect((await template(declarations, '&import_type=AMA&lang=en')).header).toEqual(['Declaration no. *', 'Line no.', 'Item code *', 'Unit', 'Quantity *']);
    const cancel = await template(declarations, '&import_type=CANCEL&lang=en');
    expect(cancel.header[0]).toBe('Declaration no. *');
    expect(cancel.workbook.worksheets[0]!.name).toBe('Cancelled declarations');
    expect((await call('GET', templateUrl(resource('purchase'), '&import_type=AMA'))).statusCode).toBe(404);
  });

  it('answers "not found" to someone outside the company, as the other table routes do', async () => {
    const answer = await call('GET', templateUrl(resource('ecus'), ''), undefined, stranger);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().code).toBe('not_found');
    expect((await t.app.inject({ method: 'GET', url: templateUrl(resource('ecus'), '') })).statusCode).toBe(401);
  });

  it('is described in the API reference for every importable table', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, { get?: { parameters: Array<{ name: string }>; responses: Record<string, unknown> } }> };
    for (const table of importable) {
      const operation = document.paths[`/api/${table.family}/${table.name}/import_template/`]?.get;
      expect(operation?.parameters.map((parameter) => parameter.name), table.name).toEqual(['company_slug', 'import_type', 'lang']);
    }
    // A table no sheet loads has none.
    expect(document.paths['/api/fta/ecus-stock/import_template/']).toBeUndefined();
  });

  const fixedColumns = async (table: ResourceDefinition, importType: string) =>
    readFixedColumns((await call('GET', `/api/${table.family}/${table.name}/get_fixed_columns/?company_slug=${company}&import_type=${importType}`)).json())!;
  const targetOf = (table: ResourceDefinition, importType: string) =>
    (importType === 'IMPORT' ? table : resource(importVariantsOf(table).find((variant) => variant.importType === importType)!.target!));
  /** Every column proposed for the field it was written for, as exact names. */
  const everyColumnOwn = (names: string[]) => Object.fromEntries(names.map((name, index) => [name, { column: columnLetters(index + 1), source: 'exact' }]));

  it('proposes every column of every table\'s and import\'s template for its own field, in every language', async () => {
    for (const table of importable) {
      for (const importType of importTypesOf(table)) {
        const fixed = await fixedColumns(table, importType);
        for (const locale of locales) {
          const { header } = await template(table, `&import_type=${importType}&lang=${locale}`);
          const headers = Object.fromEntries(header.map((title, index) => [columnLetters(index + 1), String(title)]));
          const proposed = matchColumns(headers, matchFieldsOf(fixed, targetOf(table, importType), catalogs));
          expect(proposed, `${table.name} ${importType} ${locale}`).toEqual(everyColumnOwn(Object.keys(fixed.fields)));
        }
      }
    }
  });

  const withAuth = (request: { payload: Buffer; headers: Record<string, string> }) => ({ payload: request.payload, headers: { ...request.headers, authorization: `Bearer ${token}` } });

  it('imports the filled-in template of every table as the wizard reads and proposes it', async () => {
    const started = [];
    for (const [index, table] of importable.entries()) {
      // The languages take turns, so that each passes through the server's reader.
      const locale = locales[index % locales.length]!;
      const { workbook } = await template(table, `&lang=${locale}`);
      const fixed = await fixedColumns(table, 'IMPORT');
      const names = Object.keys(fixed.fields);
      workbook.worksheets[0]!.addRow(names.map((name) => typedValue(name, table.fields[name]!, locale)));
      const content = Buffer.from(await workbook.xlsx.writeBuffer());
      const upload = await t.app.inject({ method: 'POST', url: '/api/uploads/', ...withAuth(multipart({}, { name: `${table.name}.xlsx`, content })) });
      expect(upload.statusCode, `${table.name}: ${upload.body}`).toBe(201);
      const uploaded = upload.json();
      const sheet = uploaded.sheets[0];
      const headers = (await call('POST', `/api/${table.family}/get-excel-headers/`, { upload_id: uploaded.upload_id, sheet_name: sheet, header_from: 1 })).json();
      const proposed = matchColumns(headers, matchFieldsOf(fixed, table, catalogs), fixed.last_setup?.mapping);
      expect(proposed, `${table.name} ${locale}`).toEqual(everyColumnOwn(names));

      const mapping = Object.fromEntries(Object.entries(proposed).map(([field, match]) => [field, { mapping_col_name: match.column, title: headers[match.column] }]));
      const answer = await call('POST', `/api/${table.family}/${table.name}/import_data/`, { upload_id: uploaded.upload_id, company_slug: company, folder_slug: folder, sheet_name: sheet, header_from: 1, mapping });
      expect(answer.statusCode, `${table.name}: ${answer.body}`).toBe(202);
      started.push({ table, locale, id: answer.json().id as number });
    }
    await settledJobs();
    for (const { table, locale, id } of started) {
      const record = (await call('GET', `/api/balance/import-record/${id}/`)).json();
      expect(record, `${table.name}: ${JSON.stringify(record.errors)}`).toMatchObject({ status: 'succeeded', inserted: 1, rejected: 0 });
      const [row] = (await call('GET', `/api/${table.family}/${table.name}/?company_slug=${company}&folder_slug=${folder}`)).json().results;
      for (const [name, definition] of Object.entries(table.fields)) {
        expect(row[name], `${table.name}.${name}`).toEqual(definition.kind === 'text' ? typedValue(name, definition, locale) : storedValue(definition));
      }
    }
  });
});
