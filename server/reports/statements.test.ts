import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDataChanged } from '../db/data-version.js';
import { copyInto, type Run, runner } from '../db/run.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';
import { parseDutyRate } from '../../common/lookup/duty-rate.js';
import { replaceTariffYear } from '../lookup/replace-lookup-data.js';
import { addImportedBookSums, summedBooks } from '../resources/book-sums.js';
import { refreshTouched, touchedBy } from '../resources/derived-rows.js';
import { refreshDeclarations } from '../resources/declaration-versions.js';
import { effectiveDeclarationsCte } from './statement-sql.js';

/**
 * A year of an SXXK company (domain §2, §2a, §3, §4.6, §5, §6), small enough to work out by hand:
 * an amended declaration (12th digit), a cancelled one, one outside the period, an ignored and an unmapped
 * type code, re-export and change of purpose, warehouse issues by purpose, one under an internal code
 * (map-code yards → metres) and one in a unit that cannot be converted, a two-level BOM whose norm changes
 * mid-year, exports, and the year-end count.
 */
describe('customs finalization reports', () => {
  let t: TestApp;
  let run: Run;
  const mail = captureMail();
  const tokens: Record<string, string> = {};
  let company = { id: '', slug: '' };
  const periods: Record<string, { id: string; slug: string }> = {};

  const call = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` }, ...(payload ? { payload } : {}) });
  const scope = (period: string) => `company_slug=${company.slug}&folder_slug=${periods[period]!.slug}`;

  async function insert(table: string, period: string, rows: Array<Record<string, unknown>>): Promise<number[]> {
    const ids: number[] = [];
    for (const row of rows) {
      const names = Object.keys(row);
      const [inserted] = await run<{ id: number }>(
        `INSERT INTO ${table} (company_id, folder_set_id, ${names.map((name) => `"${name}"`).join(', ')})
         VALUES ($1, $2, ${names.map((_, index) => `$${index + 3}`).join(', ')}) RETURNING id`,
        [company.id, periods[period]!.id, ...names.map((name) => row[name])]);
      ids.push(inserted!.id);
    }
    // As the table API does after its writes.
    await refreshTouched(run, { table }, company.id, await touchedBy(run, { table }, company.id, ids));
    await companyDataChanged(run, company.id);
    return ids;
  }

  /** The kept monthly sums of a folder set's whole months equal its effective lines summed afresh. */
  async function expectSumsOfLines(folderSetId: string, from: string, to: string): Promise<void> {
    const params = [company.id, folderSetId, from, to];
    const fresh = await run(`WITH ${effectiveDeclarationsCte}
      SELECT type_code, code, unit, sum(total)::text AS total, count(*)::int AS lines FROM effective GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`, params);
    const kept = await run(`SELECT type_code, code, unit, sum(total)::text AS total, sum(lines)::int AS lines FROM ecus_monthly_sums
      WHERE company_id = $1 AND folder_set_id = $2 AND month BETWEEN $3 AND $4 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`, params);
    expect(kept).toEqual(fresh);
    expect(fresh.length).toBeGreaterThan(0);
  }

  /** The kept sums of the warehouse books of a folder set equal their visible lines summed afresh. */
  async function expectBookSumsOfLines(folderSetId: string): Promise<void> {
    const sums = (book: string, day: string) => run(
      `SELECT date_trunc('month', ${day})::date::text AS month, item_type, code, unit, purpose, sum(quantity)::text AS quantity, count(*)::int AS lines,
              max(name) AS name, max(${day})::text AS last_day
         FROM ${book} WHERE company_id = $1 AND folder_set_id = $2
          AND (import_record_id IS NULL OR import_record_id NOT IN (SELECT id FROM import_records WHERE status IN ('queued', 'running')))
        GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`, [company.id, folderSetId]);
    for (const [book, day] of Object.entries(summedBooks)) {
      const kept = await run(`SELECT month::text, item_type, code, unit, purpose, quantity::text, lines, name, last_day::text FROM book_monthly_sums
        WHERE company_id = $1 AND folder_set_id = $2 AND book = $3 ORDER BY 1, 2, 3, 4, 5`, [company.id, folderSetId, book]);
      expect(kept).toEqual(await sums(book, day));
    }
  }

  async function signUp(name: string): Promise<void> {
    const email = `${name}@statements.vn`;
    await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Tidewater-Ledger-7781', name } });
    tokens[name] = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
  }

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    run = runner(t.database);
    await signUp('accountant');
    await signUp('viewer');
    const created = (await call('accountant', 'POST', '/api/clients-api/companies/', { name: 'Phu Thanh Garment', tax_code: '0301234567', address: 'KCN Tân Bình' })).json();
    company = { id: (await run<{ id: string }>('SELECT id FROM companies WHERE slug = $1', [created.slug]))[0]!.id, slug: created.slug };
    await call('accountant', 'POST', `/api/clients-api/companies/${company.slug}/members/`, { email: 'viewer@statements.vn', role: 'viewer' });
    await call('viewer', 'POST', `/api/clients-api/invitations/${company.slug}/accept/`);
    for (const [key, body] of Object.entries({
      y2025: { name: 'FY2025', year: 2025, date_start: '2025-01-01', date_end: '2025-12-31', type_code: 'SXXK' },
      gc: { name: 'GC 2025', year: 2025, date_start: '2025-01-01', date_end: '2025-12-31', type_code: 'GC' },
      dncx: { name: 'DNCX 2025', year: 2025, date_start: '2025-01-01', date_end: '2025-12-31', type_code: 'DNCX' },
    })) {
      const set = (await call('accountant', 'POST', `/api/clients-api/companies/${company.slug}/folder-sets/`, body)).json();
      periods[key] = { slug: set.slug, id: (await run<{ id: string }>('SELECT id FROM folder_sets WHERE slug = $1 AND company_id = $2', [set.slug, company.id]))[0]!.id };
    }

    await insert('opening_balances', 'y2025', [
      { item_type: 'material', code: 'M1', name: 'Vải chính', unit: 'KG', begin_value: 100 },
      { item_type: 'material', code: 'M2', name: 'Dây kéo', unit: 'MTR', begin_value: 50 },
      { item_type: 'product', code: 'P1', name: 'Áo khoác', unit: 'PCE', begin_value: 10 },
    ]);
    const line = (account_number: string, registered_date: string, type_code: string, code: string, total: number, extra: Record<string, unknown> = {}) =>
      ({ account_number, row_number: 1, registered_date, type_code, code, total, unit: code.startsWith('P') ? 'PCE' : code === 'M2' ? 'MTR' : 'KG', ...extra });
    const ecus = await insert('ecus_lines', 'y2025', [
      line('100000000010', '2025-02-01', 'E31', 'M1', 500),
      { ...line('100000000010', '2025-02-01', 'E31', 'M2', 200), row_number: 2 },
      // The amendment (12th digit 1) replaces both lines of version 0.
      line('100000000011', '2025-02-02', 'E31', 'M1', 450, { total_value: 9_000_000, tax_rate: 5 }),
      { ...line('100000000011', '2025-02-02', 'E31', 'M2', 200, { total_value: 2_000_000, tax_rate: 0 }), row_number: 2 },
      line('100000000020', '2025-03-01', 'E31', 'M1', 100),
      // Corrected by an AMA record at import, as stored.
      line('100000000030', '2025-04-01', 'E31', 'M1', 300, { total_value: 6_000_000, tax_rate: 5 }),
      line('100000000040', '2025-05-01', 'B13', 'M2', 20),
      line('100000000050', '2025-05-02', 'A42', 'M1', 10),
      line('100000000060', '2025-05-03', 'A11', 'M1', 999),
      line('100000000070', '2024-12-31', 'E31', 'M1', 50),
      line('300000000010', '2025-06-01', 'E62', 'P1', 100),
      line('100000000080', '2025-06-02', 'A42', 'P1', 2),
      line('100000000090', '2025-06-03', 'Z99', 'M1', 5),
    ]);
    await insert('ecus_cancel_records', 'y2025', [{ ecus_id: ecus[4], account_number: '100000000020', registered_date: '2025-03-01', type_code: 'E31', code: 'M1', total: 100 }]);
    await insert('code_maps', 'y2025', [{ code: 'M2', unit: 'MTR', internal_code: 'INT-M2', internal_unit: 'YRD', factor: 0.9144 }]);
    await insert('warehouse_take_out', 'y2025', [
      { item_type: 'material', code: 'M1', name: 'Vải chính', unit: 'KG', takeout_date: '2025-03-10', quantity: 600, purpose: 'production' },
      { item_type: 'material', code: 'M1', name: 'Vải chính', unit: 'KG', takeout_date: '2025-03-11', quantity: 5, purpose: 'other' },
      { item_type: 'material', code: 'INT-M2', name: 'Zipper', unit: 'YRD', takeout_date: '2025-03-12', quantity: 90, purpose: 'production', bill_no: 'PXK-0312' },
      { item_type: 'material', code: 'M2', name: 'Dây kéo', unit: 'KG', takeout_date: '2025-03-13', quantity: 10, purpose: 'production' },
      { item_type: 'product', code: 'P1', name: 'Áo khoác', unit: 'PCE', takeout_date: '2025-07-01', quantity: 3, purpose: 'other' },
      { item_type: 'product', code: 'P1', name: 'Áo khoác', unit: 'PCE', takeout_date: '2025-06-01', quantity: 100, purpose: 'export' },
    ]);
    await insert('warehouse_take_in', 'y2025', [{ item_type: 'product', purpose: 'production', code: 'P1', name: 'Áo khoác', unit: 'PCE', bill_date: '2025-05-20', quantity: 95 }]);
    await insert('bom_lines', 'y2025', [
      { code: 'P1', material_code: 'S1', material_unit: 'PCE', bom_value: 2 },
      { code: 'S1', material_code: 'M1', material_unit: 'KG', bom_value: 3, loss_rate: 10 },
      { code: 'P1', material_code: 'M2', material_unit: 'MTR', bom_value: 1, valid_to: '2025-05-31' },
      { code: 'P1', material_code: 'M2', material_unit: 'MTR', bom_value: 0.8, valid_from: '2025-06-01' },
    ]);
    await insert('warehouse_counts', 'y2025', [
      { code: 'M1', unit: 'KG', inventory_date: '2025-12-31', inventory_quantity: 100 },
      { code: 'M2', unit: 'MTR', inventory_date: '2025-12-31', inventory_quantity: 60 },
      { code: 'M1', unit: 'KG', inventory_date: '2025-06-30', inventory_quantity: 999 },
    ]);

    await insert('ecus_lines', 'gc', [
      line('100000001010', '2025-02-01', 'E21', 'M3', 100),
      line('100000001020', '2025-02-02', 'E23', 'M3', 10),
      line('300000001030', '2025-02-03', 'E54', 'M3', 5),
      line('300000001040', '2025-02-04', 'E52', 'P3', 7),
      line('100000001050', '2025-02-05', 'E31', 'M3', 1000),
    ]);
    await insert('ecus_lines', 'dncx', [
      line('100000002010', '2025-03-01', 'E11', 'M6', 70),
      line('100000002020', '2025-03-02', 'E15', 'M6', 30),
      line('100000002030', '2025-03-03', 'E13', 'M6', 500),
      line('300000002040', '2025-03-04', 'E42', 'P6', 12),
      line('300000002050', '2025-03-05', 'E62', 'P6', 99),
    ]);
  });
  afterAll(async () => t.close());

  const statement15 = async (period = 'y2025') => (await call('viewer', 'GET', `/api/new-balance/report-statement-15/?${scope(period)}`)).json();
  const byCode = (rows: Array<{ code: string } & Record<string, unknown>>) => Object.fromEntries(rows.map((row) => [row.code, row])) as Record<string, Record<string, unknown>>;

  it('computes Statement 15 from effective declarations, openings and warehouse issues, with the identity on every row', async () => {
    const answer = await statement15();
    expect(answer.period).toEqual({ date_start: '2025-01-01', date_end: '2025-12-31', regime: 'SXXK', previous_folder_slug: null, generation: 'tt39' });
    const rows = byCode(answer.results);
    expect(Object.keys(rows)).toEqual(['M1', 'M2']);
    expect(rows.M1).toMatchObject({ name: 'Vải chính', unit: 'KG', begin_value: '100', take_in: '750', re_export: '0', re_purpose: '10', export_to_produce: '600', other_export: '5', end_value: '235', negative: false, problems: [] });
    expect(rows.M2).toMatchObject({ unit: 'MTR', begin_value: '50', take_in: '200', re_export: '20', re_purpose: '0', export_to_produce: '82.296', end_value: '147.704' });
    expect(rows.M2?.problems).toEqual([{ kind: 'unit_mismatch', detail: 'wh-take-out: KG' }]);
    for (const row of answer.results) {
      const identity = Number(row.begin_value) + Number(row.take_in) - Number(row.re_export) - Number(row.re_purpose) - Number(row.export_to_produce) - Number(row.other_export);
      expect(Number(row.end_value)).toBeCloseTo(identity, 6);
    }
    // A total per unit: kilograms and metres are never added together.
    expect(answer.totals).toEqual([
      expect.objectContaining({ unit: 'KG', begin_value: '100', take_in: '750', end_value: '235' }),
      expect.objectContaining({ unit: 'MTR', begin_value: '50', take_in: '200', end_value: '147.704' }),
    ]);
    expect(answer.unmapped_type_codes).toEqual([{ type_code: 'Z99', lines: 1 }]);
    await expectSumsOfLines(periods.y2025!.id, '2024-12-01', '2025-12-31');
  });

  it('computes Statement 15A for products: received from production, exported, changed purpose, other issues', async () => {
    const answer = (await call('viewer', 'GET', `/api/new-balance/report-statement-15A/?${scope('y2025')}`)).json();
    expect(answer.results).toEqual([expect.objectContaining({ code: 'P1', unit: 'PCE', begin_quantity: '10', take_in: '95', re_purpose: '2', exportt: '100', other_export: '3', end_quantity: '0', negative: false })]);
  });

  it('follows the GC presets: E21 and E23 in, E54 re-exported, E52 exported, an SXXK code ignored', async () => {
    const rows = byCode((await statement15('gc')).results);
    expect(rows.M3).toMatchObject({ take_in: '110', re_export: '5', end_value: '105' });
    const products = (await call('viewer', 'GET', `/api/new-balance/report-statement-15A/?${scope('gc')}`)).json().results;
    expect(products).toEqual([expect.objectContaining({ code: 'P3', exportt: '7', end_quantity: '-7', negative: true, problems: [{ kind: 'negative_closing' }] })]);
  });

  it('follows the DNCX presets: E11 and E15 in, E13 tools left out, E42 exported, an SXXK export ignored', async () => {
    expect(byCode((await statement15('dncx')).results).M6).toMatchObject({ take_in: '100', end_value: '100' });
    const products = (await call('viewer', 'GET', `/api/new-balance/report-statement-15A/?${scope('dncx')}`)).json();
    expect(products.results).toEqual([expect.objectContaining({ code: 'P6', exportt: '12' })]);
    expect(products.unmapped_type_codes).toEqual([]);
  });

  it('opens a cell onto its source lines', async () => {
    const drilled = (await call('viewer', 'GET', `/api/new-balance/report-statement-15/?${scope('y2025')}&code=M1&drill=take_in`)).json();
    expect(drilled.results.map((line: { document: string; quantity: string }) => `${line.document}:${line.quantity}`)).toEqual(['100000000011:450', '100000000030:300']);
    expect(drilled.results[0]).toMatchObject({ source: 'ecus', column: 'take_in', counted: true });
    const issued = (await call('viewer', 'GET', `/api/new-balance/report-statement-15/?${scope('y2025')}&code=M2&drill=export_to_produce`)).json();
    expect(issued.results.map((line: { counted: boolean; unit: string }) => `${line.unit}:${line.counted}`)).toEqual(['MTR:true', 'KG:false']);
    // An issue names its voucher, and no document when it has none.
    expect(issued.results.map((line: { document: string | null }) => line.document)).toEqual(['PXK-0312', null]);
    expect((await call('viewer', 'GET', `/api/new-balance/report-statement-15/?${scope('y2025')}&code=M1&drill=nonsense`)).statusCode).toBe(400);
  });

  it('lets a company decide a type code the presets do not know, and go back to the preset', async () => {
    const rule = { regime: 'SXXK', type_code: 'z99', form: '15', column: 'take_in' };
    expect((await call('viewer', 'PUT', `/api/new-balance/type-code-rules/?company_slug=${company.slug}`, rule)).statusCode).toBe(403);
    expect((await call('accountant', 'PUT', `/api/new-balance/type-code-rules/?company_slug=${company.slug}`, { ...rule, column: 'exportt' })).json().code).toBe('validation_error');
    expect((await call('accountant', 'PUT', `/api/new-balance/type-code-rules/?company_slug=${company.slug}`, rule)).json()).toMatchObject({ type_code: 'Z99', source: 'company' });
    const changed = await statement15();
    expect(byCode(changed.results).M1?.take_in).toBe('755');
    expect(changed.unmapped_type_codes).toEqual([]);
    const rules = (await call('viewer', 'GET', `/api/new-balance/type-code-rules/?company_slug=${company.slug}&regime=SXXK`)).json().results;
    expect(rules).toContainEqual({ regime: 'SXXK', type_code: 'E31', form: '15', column: 'take_in', source: 'preset' });
    expect((await call('accountant', 'DELETE', `/api/new-balance/type-code-rules/?company_slug=${company.slug}&regime=SXXK&type_code=Z99&form=15`)).statusCode).toBe(204);
    expect(byCode((await statement15()).results).M1?.take_in).toBe('750');
  });

  it('reconciles consumption and counts in the check statement, with the duty at stake, and keeps reviews', async () => {
    const url = `/api/new-balance/check-statement/?${scope('y2025')}`;
    const check = (await call('viewer', 'GET', url)).json();
    const rows = byCode(check.results);
    // M1: 100 exported P1 × 2 S1 × 3 kg × 1.10 loss = 660 kg; M2: 100 × 0.8 m (the norm valid on the export day).
    expect(rows.M1).toMatchObject({ issued_to_production: '600', theoretical_consumption: '660', difference: '-60', book_end: '235', counted: '100', count_difference: '-135', status: 'open', exposure_quantity: '135', duty_exposure: '135000' });
    expect(rows.M2).toMatchObject({ theoretical_consumption: '80', counted: '60', status: 'open', duty_exposure: '0' });
    expect(check).toMatchObject({ total_duty_exposure: '135000', open_rows: 2, tolerance: 1 });

    expect((await call('viewer', 'PATCH', `/api/new-balance/check-statement/M1/?${scope('y2025')}`, { status: 'explained' })).statusCode).toBe(403);
    const reviewed = await call('accountant', 'PATCH', `/api/new-balance/check-statement/M1/?${scope('y2025')}`, { status: 'explained', explanation: 'Fabric scrapped under record 12/2025' });
    expect(reviewed.json()).toEqual({ code: 'M1', status: 'explained', explanation: 'Fabric scrapped under record 12/2025' });
    const after = (await call('viewer', 'GET', url)).json();
    expect(byCode(after.results).M1).toMatchObject({ status: 'explained', explanation: 'Fabric scrapped under record 12/2025', duty_exposure: '0' });
    expect(after.total_duty_exposure).toBe('0');
  });

  it('opens a period with the computed closing of the period it follows', async () => {
    const next = (await call('accountant', 'POST', `/api/clients-api/companies/${company.slug}/folder-sets/`, {
      name: 'FY2026', year: 2026, date_start: '2026-01-01', date_end: '2026-12-31', type_code: 'DNCX', previous_folder_slug: periods.y2025!.slug,
    })).json();
    expect(next.previous_folder_slug).toBe(periods.y2025!.slug);
    periods.y2026 = { slug: next.slug, id: '' };
    const answer = await statement15('y2026');
    expect(answer.period.previous_folder_slug).toBe(periods.y2025!.slug);
    expect(answer.results.map((row: { code: string; begin_value: string; end_value: string }) => `${row.code}:${row.begin_value}:${row.end_value}`))
      .toEqual(['M1:235:235', 'M2:147.704:147.704']);
    const loop = await call('accountant', 'PATCH', `/api/clients-api/companies/${company.slug}/folder-sets/${periods.y2025!.slug}/`, { previous_folder_slug: next.slug });
    expect(loop.json().fields.previous_folder_slug).toBeDefined();
  });

  it('exports Statement 15 in the official layout of Circular 39/2018', async () => {
    const response = await call('viewer', 'GET', `/api/new-balance/report-statement-15/?${scope('y2025')}&format=xlsx&lang=vi`);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    // Named in the reader's language, the folder set telling two periods apart.
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`Mẫu 15 (nguyên liệu) - ${periods.y2025!.slug}.xlsx`).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
    const english = await call('viewer', 'GET', `/api/new-balance/report-statement-15/?${scope('y2025')}&format=xlsx&lang=en`);
    expect(english.headers['content-disposition']).toContain(`filename="Statement 15 (materials) - ${periods.y2025!.slug}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell(1, 1).value).toBe('Tên tổ chức, cá nhân: Phu Thanh Garment');
    expect(sheet.getCell(1, 12).value).toBe('Mẫu số 15/BCQT-NVL/GSQL');
    expect(sheet.getCell(6, 1).value).toBe('Kỳ báo cáo: từ ngày 01/01/2025 đến ngày 31/12/2025');
    expect(sheet.getCell(11, 11).value).toBe('(11)');
    expect([sheet.getCell(12, 2).value, sheet.getCell(12, 11).value]).toEqual(['M1', 235]);
    // One format a column, by its largest scale: M1's whole 235 shows the three decimals of M2's 147.704 beneath it.
    expect([sheet.getCell(13, 2).value, sheet.getCell(13, 11).value, sheet.getCell(13, 9).value]).toEqual(['M2', 147.704, 82.296]);
    expect([sheet.getCell(12, 11).numFmt, sheet.getCell(13, 11).numFmt]).toEqual(['#,##0.000;[Red]-#,##0.000', '#,##0.000;[Red]-#,##0.000']);
    for (let column = 5; column <= 11; column += 1) expect(sheet.getCell(12, column).numFmt, `column ${column}`).toBe(sheet.getCell(13, column).numFmt);
    // Long names wrap within their column on the printed form.
    expect([sheet.getCell(12, 3).alignment?.wrapText, sheet.getCell(13, 3).alignment?.wrapText]).toEqual([true, true]);
    const check = await call('viewer', 'GET', `/api/new-balance/check-statement/?${scope('y2025')}&format=xlsx&lang=en`);
    expect(check.statusCode).toBe(200);
  });

  it('reports Form 16: BOM norms reconciled to what production was issued, in the official layout', async () => {
    const answer = (await call('viewer', 'GET', `/api/new-balance/report-form-16/?${scope('y2025')}`)).json();
    // One exported product, so each actual norm is the issues over the 100 exported: 600 kg and 82.296 m.
    expect(answer.results).toEqual([
      { product_code: 'P1', product_name: null, product_unit: 'PCE', material_code: 'M1', material_name: 'Vải chính', material_unit: 'KG', actual_norm: '6', bom_norm: '6.6', deviation_percent: '-9.09', note: null },
      { product_code: 'P1', product_name: null, product_unit: 'PCE', material_code: 'M2', material_name: 'Dây kéo', material_unit: 'MTR', actual_norm: '0.82296', bom_norm: '0.8', deviation_percent: '2.87', note: null },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await call('viewer', 'GET', `/api/new-balance/report-form-16/?${scope('y2025')}&format=xlsx`)).rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect([sheet.getCell(1, 9).value, sheet.getCell(10, 5).value, sheet.getCell(10, 8).value]).toEqual(['Mẫu số 16/ĐMTT/GSQL', 'M1', 6]);
  });

  it('follows the forms of the period\'s generation: Circular 121 splits Form 15a\'s intake and marks TH and SPTN in Form 16', async () => {
    const statement15a = async () => (await call('viewer', 'GET', `/api/new-balance/report-statement-15A/?${scope('y2025')}`)).json();
    const form16Notes = async () => (await call('viewer', 'GET', `/api/new-balance/report-form-16/?${scope('y2025')}`)).json().results
      .map((row: { material_code: string; note: string | null }) => [row.material_code, row.note]);
    // A period ending 31/12/2025 follows Circular 39 unless the company says otherwise.
    const before = await statement15a();
    expect(before.period.generation).toBe('tt39');
    expect(before.results[0]).toMatchObject({ code: 'P1', take_in: '95', take_in_production: '95', take_in_returned: '0' });
    const [bomLine] = await run<{ id: number }>(`SELECT id FROM bom_lines WHERE folder_set_id = $1 AND code = 'P1' AND material_code = 'M2' LIMIT 1`, [periods.y2025!.id]);
    await run(`UPDATE bom_lines SET note = 'th' WHERE id = $1`, [bomLine!.id]);
    await companyDataChanged(run, company.id);
    expect(await form16Notes()).toEqual([['M1', null], ['M2', null]]);

    const chosen = await call('accountant', 'PATCH', `/api/clients-api/companies/${company.slug}/`, { form_generation: 'tt121' });
    expect(chosen.json()).toMatchObject({ form_generation: 'tt121' });
    expect((await statement15a()).period.generation).toBe('tt121');
    expect(await form16Notes()).toEqual([['M1', null], ['M2', 'TH']]);
    expect((await call('accountant', 'PATCH', `/api/clients-api/companies/${company.slug}/`, { form_generation: 'tt33' })).statusCode).toBe(400);

    await call('accountant', 'PATCH', `/api/clients-api/companies/${company.slug}/`, { form_generation: null });
    await run(`UPDATE bom_lines SET note = NULL WHERE id = $1`, [bomLine!.id]);
    await companyDataChanged(run, company.id);
    expect((await statement15a()).period.generation).toBe('tt39');

    // A period ending after 01/02/2026 follows Circular 121: products received from production and a returned lot
    // declared back in (A31) are shown apart within the intake.
    const set = (await call('accountant', 'POST', `/api/clients-api/companies/${company.slug}/folder-sets/`, { name: 'FY2027', year: 2027, date_start: '2027-01-01', date_end: '2027-12-31', type_code: 'SXXK' })).json();
    periods.returns = { slug: set.slug, id: (await run<{ id: string }>('SELECT id FROM folder_sets WHERE slug = $1 AND company_id = $2', [set.slug, company.id]))[0]!.id };
    await insert('warehouse_take_in', 'returns', [{ item_type: 'product', purpose: 'production', code: 'P9', name: 'Áo sơ mi', unit: 'PCE', bill_date: '2027-03-02', quantity: 40 }]);
    await insert('ecus_lines', 'returns', [{ account_number: '100000009990', row_number: 1, registered_date: '2027-04-01', type_code: 'A31', code: 'P9', unit: 'PCE', total: 5 }]);
    const fy2026 = (await call('viewer', 'GET', `/api/new-balance/report-statement-15A/?${scope('returns')}`)).json();
    expect(fy2026.period.generation).toBe('tt121');
    expect(fy2026.results).toEqual([expect.objectContaining({ code: 'P9', take_in: '45', take_in_production: '40', take_in_returned: '5', end_quantity: '45' })]);
    expect(fy2026.totals).toEqual([expect.objectContaining({ unit: 'PCE', take_in: '45', take_in_production: '40', take_in_returned: '5' })]);
  });

  it('reviews a BOM and makes only the safe fixes, on request', async () => {
    const [first, second] = await insert('bom_lines', 'gc', [
      { code: 'P3', material_code: 'M3', bom_value: 1 },
      { code: 'P3', material_code: 'M3', bom_value: 1 },
      { code: 'P3', material_code: 'M4', material_unit: 'KG', bom_value: 2 },
      { code: 'P3', material_code: 'M4', material_unit: 'KG', bom_value: 3 },
      { code: 'P3', material_code: 'M5', material_unit: 'KG', bom_value: 0 },
      { code: 'A', material_code: 'B', bom_value: 1 },
      { code: 'B', material_code: 'A', bom_value: 1 },
    ]);
    const url = `/api/balance/bom/fix/?${scope('gc')}`;
    const dry = (await call('viewer', 'POST', url, {})).json();
    expect(dry).toMatchObject({ applied: false, fixes: { removed_duplicates: 0, filled_units: 0 }, cycles: [['A', 'B', 'A']], never_imported: ['M4', 'M5'] });
    expect(dry.duplicates.map((group: { material_code: string; identical: boolean }) => `${group.material_code}:${group.identical}`)).toEqual(['M3:true', 'M4:false']);
    expect(dry.zero_norms).toEqual([expect.objectContaining({ material_code: 'M5', bom_value: '0' })]);
    expect(dry.unit_mismatches).toEqual([{ code: 'P3', material_code: 'M3', material_unit: null, declared_unit: 'KG', ids: [first, second] }]);

    expect((await call('viewer', 'POST', url, { apply: true })).statusCode).toBe(403);
    const applied = (await call('accountant', 'POST', url, { apply: true })).json();
    expect(applied).toMatchObject({ applied: true, fixes: { removed_duplicates: 1, filled_units: 1 }, unit_mismatches: [] });
    expect(applied.duplicates.map((group: { material_code: string }) => group.material_code)).toEqual(['M4']);
    expect(await run('SELECT material_unit FROM bom_lines WHERE id = ANY($1::int[])', [[first, second]])).toEqual([{ material_unit: 'KG' }]);
  });

  it('tells what a folder set holds and counts the company\'s rows', async () => {
    const overview = (await call('viewer', 'GET', `/api/clients-api/companies/${company.slug}/overview/?folder_slug=${periods.y2025!.slug}`)).json();
    const rows = Object.fromEntries(overview.tables.map((table: { resource: string; rows: number }) => [table.resource, table.rows]));
    expect(rows).toMatchObject({ ecus: 13, begin: 3, 'wh-take-out': 6, 'statement-15': 0 });
    const details = (await call('viewer', 'GET', `/api/clients-api/companies/${company.slug}/`)).json();
    expect(details.balance_count).toBeGreaterThanOrEqual(13 + 3 + 6);
    expect(details.statement_count).toBe(0);
  });

  it('charts the period\'s declarations as the statements count them', async () => {
    const dashboard = (await call('viewer', 'GET', `/api/clients-api/companies/${company.slug}/dashboard/?folder_slug=${periods.y2025!.slug}`)).json();
    // The amended declaration counts once (its latest version), the cancelled one and the one outside the period not at all.
    // Three of its lines carry no value: counted, left out of the value.
    expect(dashboard.top_materials[0]).toEqual({ code: 'M1', name: null, value: '15000000', lines: 5, derived_lines: 0, missing_lines: 3 });
    expect(dashboard.by_month.filter((row: { month: string }) => row.month === '2025-02')).toEqual([{ month: '2025-02', direction: 'import', type_code: 'E31', lines: 2, value: '11000000', derived_lines: 0, missing_lines: 0 }]);
    expect(dashboard.duty.find((row: { month: string }) => row.month === '2025-04')).toEqual({ month: '2025-04', paid: '0', exempted_value: '6000000', derived_lines: 0, missing_lines: 0 });
  });

  it('checks the import lines against the tariff valid on their date: unknown codes, C/O forms, rates that differ and exempt lines', async () => {
    const rate = (text: string) => parseDutyRate(text);
    // Only 2023 is loaded: the 2024 declarations (read by the current tariff, stored as 2025) are checked against it,
    // the nearest loaded year before theirs.
    await replaceTariffYear({
      database: t.database, year: 2023,
      lines: [{ id: '09', parentId: null, section: 'II' }, { id: '0901', parentId: '09', section: 'II' }, { id: '09011120', parentId: '0901', section: 'II' }],
      rates: [['MFN', '15'], ['ATIGA', '0'], ['AC', '0 (-MM, TH, CN)'], ['EV', '0'], ['UKV', '2'], ['AK', '*']]
        .map(([schedule, text]) => ({ lineId: '09011120', schedule: schedule!, rate: rate(text!) })),
    });
    const set = (await call('accountant', 'POST', `/api/clients-api/companies/${company.slug}/folder-sets/`, { name: 'FY2024', year: 2024, date_start: '2024-01-01', date_end: '2024-12-31', type_code: 'SXXK' })).json();
    periods.tariff = { slug: set.slug, id: (await run<{ id: string }>('SELECT id FROM folder_sets WHERE slug = $1 AND company_id = $2', [set.slug, company.id]))[0]!.id };
    const coffee = (account_number: string, extra: Record<string, unknown>) =>
      ({ account_number, row_number: 1, registered_date: '2024-06-01', type_code: 'A12', code: 'CF', unit: 'KG', total: 1000, hs: '09011120', total_value: 100_000_000, ...extra });
    await insert('ecus_lines', 'tariff', [
      coffee('100000000100', { tax_rate: 15 }),
      coffee('100000000110', { tax_rate: 0, co_form: 'D' }),
      coffee('100000000120', { tax_rate: 0, co_form: 'E', from_country: 'CN' }),
      coffee('100000000130', { tax_rate: 2, co_form: 'EUR.1', from_country: 'GB' }),
      coffee('100000000140', { tax_rate: 10 }),
      coffee('100000000150', { tax_rate: 0, co_form: 'ZZ' }),
      coffee('100000000160', { tax_rate: 15, co_form: 'AK' }),
      coffee('100000000170', { hs: '09011199', tax_rate: 15 }),
      // Exempt under the SXXK regime (E31), or by its exemption code: no rate mismatch at 0 %, but the duty a refused
      // exemption would cost. Under a form claiming 0 % nothing is at stake.
      coffee('100000000190', { type_code: 'E31', tax_rate: 0, tax_cost: 0 }),
      coffee('100000000200', { tax_rate: 0, exemption_code: 'XN210' }),
      coffee('100000000210', { type_code: 'E31', tax_rate: 0, co_form: 'D' }),
      // An export is not checked against the import tariff.
      coffee('300000000180', { type_code: 'E62', tax_rate: 99 }),
      // The schedule a line names is the rate it is judged by: ACFTA's 0 % claimed with no C/O on the line costs the MFN
      // duty if the preference is refused; B01 is MFN whatever C/O form the line shows; B30 owes none; B14 (out of quota)
      // is a rate the lookup does not hold.
      coffee('100000000220', { tax_rate: 0, tariff_schedule: 'B05', from_country: 'ID' }),
      coffee('100000000230', { tax_rate: 0, tariff_schedule: 'B04', co_form: 'D' }),
      coffee('100000000240', { tax_rate: 0, tariff_schedule: 'b01 ', co_form: 'D' }),
      coffee('100000000250', { tax_rate: 0, tariff_schedule: 'B30' }),
      coffee('100000000260', { tax_rate: 5, tariff_schedule: 'B14' }),
    ]);
    const response = await call('viewer', 'GET', `/api/new-balance/report-tariff-check/?${scope('tariff')}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.checked_lines).toBe(16);
    expect(answer.tariff_years).toEqual([2023]);
    expect(answer.results.map((row: { account_number: string; problem: string; expected_rate: string | null; duty_at_risk: string | null }) =>
      [row.account_number, row.problem, row.expected_rate === null ? null : Number(row.expected_rate), row.duty_at_risk === null ? null : Number(row.duty_at_risk)])).toEqual([
      // Form E excludes goods from China: MFN applies, 15% of 100,000,000 was not paid.
      ['100000000120', 'rate_differs', 15, 15_000_000],
      ['100000000140', 'rate_differs', 15, 5_000_000],
      ['100000000150', 'unknown_co_form', 15, null],
      ['100000000170', 'unknown_code', null, null],
      ['100000000220', 'preference_without_co', 0, 15_000_000],
      ['100000000240', 'rate_differs', 15, 15_000_000],
      ['100000000190', 'exempt', 15, 15_000_000],
      ['100000000200', 'exempt', 15, 15_000_000],
    ]);
    expect(answer.results[4]).toMatchObject({ tariff_schedule: 'B05', schedules: ['AC'] });
    expect(answer.results[5]).toMatchObject({ tariff_schedule: 'B01', schedules: ['MFN'] });
    expect(answer.results[7]).toMatchObject({ type_code: 'A12', exemption_code: 'XN210', declared_rate: '0' });
    expect(answer.results[0]).toMatchObject({ tariff_year: 2023, schedules: ['MFN'], declared_rate: '0', co_form: 'E' });
    expect(answer).toMatchObject({ count: 8, next: null, previous: null, disagreeing_lines: 6, exempt_lines: 2, exempt_duty_at_risk: '30000000' });
    // A page at a time, in the same order, with the counts of every listed line on each page.
    const pages = [1, 2, 3].map(async (page) => (await call('viewer', 'GET', `/api/new-balance/report-tariff-check/?${scope('tariff')}&page_size=3&page=${page}`)).json());
    const [first, second, last] = await Promise.all(pages);
    expect([...first.results, ...second.results, ...last.results].map((row: { ecus_id: string }) => row.ecus_id)).toEqual(answer.results.map((row: { ecus_id: string }) => row.ecus_id));
    expect(last.results).toHaveLength(2);
    expect(first.next).toContain('page=2');
    expect(first.next).toContain('page_size=3');
    expect(first.previous).toBeNull();
    expect(last).toMatchObject({ next: null, count: 8, disagreeing_lines: 6, exempt_lines: 2, exempt_duty_at_risk: '30000000', checked_lines: 16 });
    expect(last.previous).toContain('page=2');
    expect((await call('viewer', 'GET', `/api/new-balance/report-tariff-check/?${scope('tariff')}&page_size=5000`)).statusCode).toBe(400);

    const workbook = new ExcelJS.Workbook();
    const file = await call('viewer', 'GET', `/api/new-balance/report-tariff-check/?${scope('tariff')}&format=xlsx&lang=en`);
    expect(file.headers['content-disposition']).toContain(`filename="Tariff check - ${periods.tariff!.slug}.xlsx"`);
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(3).getCell(12).value).toBe('Problem');
    expect(sheet.getRow(4).getCell(12).value).toBe('Duty rate differs from the tariff');
    // The value the duty was computed on says where it came from, before the duty itself.
    expect(sheet.getRow(3).getCell(17).value).toBe('Value from');
    expect(sheet.getRow(4).getCell(17).value).toBe('Declared');
    expect(sheet.getRow(3).getCell(18).value).toBe('Duty at risk');
    expect(sheet.getRow(4).getCell(18).value).toBe(15_000_000);
  });

  it('puts at risk in the check statement the duty the tariff gives a shortfall of exempt materials, not their declared 0 %', async () => {
    // The tariff of 2023 (loaded by the test above) gives coffee 15 % MFN; an SXXK company imports it exempt (E31).
    const set = (await call('accountant', 'POST', `/api/clients-api/companies/${company.slug}/folder-sets/`, { name: 'FY2021', year: 2021, date_start: '2021-01-01', date_end: '2021-12-31', type_code: 'SXXK' })).json();
    periods.exempt = { slug: set.slug, id: (await run<{ id: string }>('SELECT id FROM folder_sets WHERE slug = $1 AND company_id = $2', [set.slug, company.id]))[0]!.id };
    await insert('ecus_lines', 'exempt', [
      { account_number: '100000000300', row_number: 1, registered_date: '2021-05-01', type_code: 'E31', code: 'CF', unit: 'KG', total: 1000, hs: '09011120', total_value: 100_000_000, tax_rate: 0, tax_cost: 0 },
    ]);
    // 400 kg counted of the 1,000 kg in the books: 600 kg missing, each of 100,000 VND taxable value.
    await insert('warehouse_counts', 'exempt', [{ code: 'CF', unit: 'KG', inventory_date: '2021-12-31', inventory_quantity: 400 }]);
    const check = (await call('viewer', 'GET', `/api/new-balance/check-statement/?${scope('exempt')}`)).json();
    expect(byCode(check.results).CF).toMatchObject({ book_end: '1000', counted: '400', exposure_quantity: '600', duty_rate: '15', duty_exposure: '9000000' });
    expect(check.total_duty_exposure).toBe('9000000');
  });

  it('keeps a row in the unit of the books when a late line is declared in another, and never subtracts a count in another unit', async () => {
    const set = (await call('accountant', 'POST', `/api/clients-api/companies/${company.slug}/folder-sets/`, { name: 'FY2020', year: 2020, date_start: '2020-01-01', date_end: '2020-12-31', type_code: 'SXXK' })).json();
    periods.units = { slug: set.slug, id: (await run<{ id: string }>('SELECT id FROM folder_sets WHERE slug = $1 AND company_id = $2', [set.slug, company.id]))[0]!.id };
    const declared = (account_number: string, registered_date: string, code: string, unit: string, total: number) =>
      ({ account_number, row_number: 1, registered_date, type_code: 'E31', code, unit, total });
    await insert('opening_balances', 'units', [{ item_type: 'material', code: 'TAPE', name: 'Băng keo', unit: 'KGM', begin_value: 100 }]);
    await insert('ecus_lines', 'units', [
      declared('100000000400', '2020-03-01', 'TAPE', 'KGM', 500),
      // The last line of the year, in rolls: no map code converts them.
      declared('100000000410', '2020-12-20', 'TAPE', 'CUON', 2),
      // Never in the books: the unit of most of its declared quantity.
      declared('100000000420', '2020-02-01', 'LACE', 'MTR', 1000), declared('100000000430', '2020-11-01', 'LACE', 'YRD', 5),
    ]);
    await insert('warehouse_take_out', 'units', [{ item_type: 'material', code: 'TAPE', name: 'Băng keo', unit: 'KGM', takeout_date: '2020-06-01', quantity: 300, purpose: 'production' }]);
    await insert('warehouse_counts', 'units', [
      { code: 'TAPE', unit: 'KGM', inventory_date: '2020-12-31', inventory_quantity: 290 },
      { code: 'TAPE', unit: 'CUON', inventory_date: '2020-12-31', inventory_quantity: 1 },
    ]);
    const rows = byCode((await statement15('units')).results);
    expect(rows.TAPE).toMatchObject({ unit: 'KGM', begin_value: '100', take_in: '500', export_to_produce: '300', end_value: '300', problems: [{ kind: 'unit_mismatch', detail: 'ecus: CUON' }] });
    expect(rows.LACE).toMatchObject({ unit: 'MTR', take_in: '1000', problems: [{ kind: 'unit_mismatch', detail: 'ecus: YRD' }] });
    const check = byCode((await call('viewer', 'GET', `/api/new-balance/check-statement/?${scope('units')}`)).json().results);
    expect(check.TAPE).toMatchObject({ unit: 'KGM', book_end: '300', counted: '290', count_difference: '-10', status: 'open' });
    expect(check.TAPE?.unit_problems).toEqual(expect.arrayContaining(['ecus: CUON', 'wh-counting: CUON']));
  });

  it('counts the latest version of a declaration after every writer: inserts, an import, edits, deletes, a rollback, a loading import', async () => {
    const set = (await call('accountant', 'POST', `/api/clients-api/companies/${company.slug}/folder-sets/`, { name: 'FY2023', year: 2023, date_start: '2023-01-01', date_end: '2023-12-31', type_code: 'SXXK' })).json();
    const versions = { slug: set.slug, id: (await run<{ id: string }>('SELECT id FROM folder_sets WHERE slug = $1 AND company_id = $2', [set.slug, company.id]))[0]!.id };
    periods.versions = versions;
    const owner = { companyId: company.id, folderSetId: versions.id };
    const takeIn = async () => byCode((await statement15('versions')).results).M9?.take_in;
    const version = (account_number: string, total: number) => ({ account_number, row_number: 1, registered_date: '2023-08-01', type_code: 'E31', code: 'M9', unit: 'KG', total });
    const startImport = async (status: string) => (await run<{ id: number }>(
      `INSERT INTO import_records (company_id, folder_set_id, resource, import_type, status, from_file, file_sha256, options)
       VALUES ($1, $2, 'ecus', 'IMPORT', $3, 'versions.xlsx', '', '{}') RETURNING id`, [company.id, versions.id, status]))[0]!.id;
    // As the import's final transaction does once it has succeeded.
    const importSucceeded = async (id: number) => {
      await refreshDeclarations(run, company.id, { importRecordId: id });
      await companyDataChanged(run, company.id);
    };

    const [first] = await insert('ecus_lines', 'versions', [version('100000009000', 100)]);
    expect(await takeIn()).toBe('100');
    // An import's batches arrive by COPY (on the embedded database with the foreign-key triggers off).
    const copied = await startImport('succeeded');
    await copyInto(t.database, 'ecus_lines', ['company_id', 'folder_set_id', 'import_record_id', 'account_number', 'row_number', 'registered_date', 'type_code', 'code', 'unit', 'total'],
      `${company.id}\t${versions.id}\t${copied}\t100000009001\t1\t2023-08-02\tE31\tM9\tKG\t80\n`, owner);
    await importSucceeded(copied);
    expect(await takeIn()).toBe('80');

    // A newer version still loading is no one's yet: the latest visible version counts until its import succeeds.
    const loading = await startImport('running');
    await run(`UPDATE ecus_lines SET account_number = '100000009002', import_record_id = $1 WHERE id = $2`, [loading, first]);
    await insert('ecus_lines', 'versions', [{ ...version('100000009003', 70), import_record_id: loading }]);
    expect(await takeIn()).toBe('80');
    await run(`UPDATE import_records SET status = 'succeeded' WHERE id = $1`, [loading]);
    await importSucceeded(loading);
    expect(await takeIn()).toBe('70');

    // Rolled back, the loading import's versions leave and version 1 is the latest again.
    expect((await call('accountant', 'POST', `/api/balance/import-record/${loading}/rollback/`)).json().status).toBe('rolled_back');
    expect(await takeIn()).toBe('80');

    // Edited through the table API into another declaration, a line is that declaration's latest version; deleted, it is gone.
    const [edited] = await insert('ecus_lines', 'versions', [version('100000009009', 60)]);
    expect(await takeIn()).toBe('60');
    expect((await call('accountant', 'PUT', `/api/balance/ecus/${edited}/`, { account_number: '100000009100' })).statusCode).toBe(200);
    expect(await takeIn()).toBe('140');
    expect((await call('accountant', 'DELETE', '/api/balance/ecus/bulk-delete/', { company_slug: company.slug, id_list: [edited] })).statusCode).toBeLessThan(300);
    expect(await takeIn()).toBe('80');

    // Moved to another code, a line leaves the sums of its old code for those of its new one.
    const [moved] = await insert('ecus_lines', 'versions', [version('100000009200', 30)]);
    expect(await takeIn()).toBe('110');
    expect((await call('accountant', 'PUT', `/api/balance/ecus/${moved}/`, { code: 'M8' })).statusCode).toBe(200);
    expect(await takeIn()).toBe('80');
    expect(byCode((await statement15('versions')).results).M8?.take_in).toBe('30');
    await expectSumsOfLines(versions.id, '2023-01-01', '2023-12-31');

    // Edited together, lines are judged on what all of them touched before and after: the amendment moved to another
    // declaration gives its own back its original and supersedes the other's line, edited in the same request.
    const [, amendment, other] = await insert('ecus_lines', 'versions', [version('100000009300', 5), version('100000009301', 7), version('100000009400', 9)]);
    expect(await takeIn()).toBe('96');
    const bulk = await call('accountant', 'PUT', '/api/balance/ecus/bulk-update/', {
      company_slug: company.slug, rows: [{ id: amendment, account_number: '100000009401' }, { id: other, code: 'M8' }],
    });
    expect(bulk.json()).toEqual({ updated: 2 });
    expect(await takeIn()).toBe('92');
    expect(byCode((await statement15('versions')).results).M8?.take_in).toBe('30');
    await expectSumsOfLines(versions.id, '2023-01-01', '2023-12-31');
  });

  it('reads the whole months of a period from the kept sums and its partial first and last months from their lines', async () => {
    const set = (await call('accountant', 'POST', `/api/clients-api/companies/${company.slug}/folder-sets/`, { name: 'FY2022', year: 2022, date_start: '2022-01-15', date_end: '2022-12-20', type_code: 'SXXK' })).json();
    periods.partial = { slug: set.slug, id: (await run<{ id: string }>('SELECT id FROM folder_sets WHERE slug = $1 AND company_id = $2', [set.slug, company.id]))[0]!.id };
    const imported = (account_number: string, registered_date: string, total: number) => ({ account_number, row_number: 1, registered_date, type_code: 'E31', code: 'M7', unit: 'KG', total });
    await insert('ecus_lines', 'partial', [
      imported('100000007010', '2022-01-10', 1), imported('100000007020', '2022-01-20', 10), imported('100000007030', '2022-06-01', 100),
      imported('100000007040', '2022-12-19', 1000), imported('100000007050', '2022-12-25', 10000),
    ]);
    expect(byCode((await statement15('partial')).results).M7?.take_in).toBe('1110');
    await expectSumsOfLines(periods.partial.id, '2022-01-01', '2022-12-31');
  });

  it('applies to each export the norm and the map code valid on its day, whether a validity changes mid-month or on the period\'s last day', async () => {
    const set = (await call('accountant', 'POST', `/api/clients-api/companies/${company.slug}/folder-sets/`, { name: 'FY2019', year: 2019, date_start: '2019-02-10', date_end: '2019-11-20', type_code: 'SXXK' })).json();
    periods.validity = { slug: set.slug, id: (await run<{ id: string }>('SELECT id FROM folder_sets WHERE slug = $1 AND company_id = $2', [set.slug, company.id]))[0]!.id };
    await insert('bom_lines', 'validity', [
      { code: 'P9', material_code: 'M9A', material_unit: 'KG', bom_value: 2, valid_to: '2019-05-14' },
      { code: 'P9', material_code: 'M9A', material_unit: 'KG', bom_value: 3, valid_from: '2019-05-15' },
      { code: 'P9', material_code: 'INT-9B', material_unit: 'KG', bom_value: 1 },
      { code: 'P9', material_code: 'M9C', material_unit: 'KG', bom_value: 1, valid_from: '2019-11-20' },
    ]);
    await insert('code_maps', 'validity', [{ code: 'M9B', unit: 'KG', internal_code: 'INT-9B', internal_unit: 'KG', factor: 2, valid_from: '2019-07-10' }]);
    const exported = (account_number: string, registered_date: string, total: number) => ({ account_number, row_number: 1, registered_date, type_code: 'E62', code: 'P9', unit: 'PCE', total });
    const ids = await insert('ecus_lines', 'validity', [
      exported('300000009010', '2019-02-09', 7), exported('300000009020', '2019-02-10', 1), exported('300000009030', '2019-03-05', 10),
      exported('300000009040', '2019-05-14', 100), exported('300000009050', '2019-05-15', 1000),
      // Amended in May: only version 1 counts; and a cancelled export the same month.
      exported('300000009060', '2019-05-31', 70000), exported('300000009061', '2019-05-31', 20000), exported('300000009070', '2019-05-20', 400000),
      exported('300000009080', '2019-07-09', 10000), exported('300000009090', '2019-07-10', 100000),
      exported('300000009100', '2019-11-20', 1000000), exported('300000009110', '2019-11-21', 5),
    ]);
    await insert('ecus_cancel_records', 'validity', [{ ecus_id: ids[7], account_number: '300000009070', registered_date: '2019-05-20', type_code: 'E62', code: 'P9', total: 400000 }]);
    const issued = (takeout_date: string, quantity: number) => ({ item_type: 'material', code: 'INT-9B', name: 'Zipper', unit: 'KG', takeout_date, quantity, purpose: 'production' });
    await insert('warehouse_take_out', 'validity', [
      issued('2019-02-09', 1), issued('2019-02-10', 10), issued('2019-03-05', 100), issued('2019-07-09', 1000),
      issued('2019-07-10', 10000), issued('2019-08-01', 100000), issued('2019-11-20', 1000000), issued('2019-11-21', 10000000),
    ]);
    // Issues are mapped on their day as well, whether summed by month or read line by line in a partial or remapped month.
    const issuedRows = byCode((await statement15('validity')).results);
    expect(issuedRows['INT-9B']?.export_to_produce).toBe('1110');
    expect(issuedRows.M9B?.export_to_produce).toBe('2220000');
    await expectBookSumsOfLines(periods.validity.id);
    const rows = byCode((await call('viewer', 'GET', `/api/new-balance/check-statement/?${scope('validity')}`)).json().results);
    // M9A: 2 a piece to 14 May (1 + 10 + 100), 3 from 15 May (1,000 + 20,000 + 10,000 + 100,000 + 1,000,000).
    expect(rows.M9A?.theoretical_consumption).toBe('3393222');
    // INT-9B is its own code until its map code starts on 10 July, then 2 kg of M9B a piece.
    expect(rows['INT-9B']?.theoretical_consumption).toBe('31111');
    expect(rows.M9B?.theoretical_consumption).toBe('2200000');
    // M9C from the period's last day only.
    expect(rows.M9C?.theoretical_consumption).toBe('1000000');
    // Form 16 over the same exports (1,131,111 pieces in the period): each BOM norm is the consumption per piece exported,
    // and only the issued materials have an actual norm. None was imported or opened: all are marked X.
    const norms = (await call('viewer', 'GET', `/api/new-balance/report-form-16/?${scope('validity')}`)).json().results;
    expect(norms.map((row: Record<string, unknown>) => [row.material_code, row.bom_norm, row.actual_norm, row.deviation_percent, row.note])).toEqual([
      ['INT-9B', '0.027505', '0.000981', '-96.43', 'X'], ['M9A', '2.999902', null, null, 'X'],
      ['M9B', '1.94499', '1.962672', '0.91', 'X'], ['M9C', '0.884087', null, null, 'X'],
    ]);
  });

  it('values a shortfall at the latest effective import line: by day, then by line, past cancellations and amendments', async () => {
    const set = (await call('accountant', 'POST', `/api/clients-api/companies/${company.slug}/folder-sets/`, { name: 'GC 2017', year: 2017, date_start: '2017-01-01', date_end: '2017-12-31', type_code: 'GC' })).json();
    periods.latest = { slug: set.slug, id: (await run<{ id: string }>('SELECT id FROM folder_sets WHERE slug = $1 AND company_id = $2', [set.slug, company.id]))[0]!.id };
    await insert('opening_balances', 'latest', [{ item_type: 'material', code: 'M5', name: 'Button', unit: 'KG', begin_value: 1000 }]);
    await insert('warehouse_counts', 'latest', [{ code: 'M5', unit: 'KG', inventory_date: '2017-12-31', inventory_quantity: 0 }]);
    // Two import type codes (E21 and E23) summed apart: the latest is found across them.
    const imported = (account_number: string, registered_date: string, unitValue: number, type_code = 'E21') =>
      ({ account_number, row_number: 1, registered_date, type_code, code: 'M5', unit: 'KG', total: 100, total_value: unitValue * 100, tax_rate: 10 });
    const ids = await insert('ecus_lines', 'latest', [
      imported('100000005070', '2017-09-01', 70000), imported('100000005010', '2017-03-01', 10000), imported('100000005080', '2017-09-01', 80000, 'E23'),
      imported('100000005090', '2017-09-01', 90000, 'E23'), imported('100000005100', '2017-09-01', 100000), imported('100000005101', '2017-08-20', 60000),
      imported('100000005020', '2017-06-10', 20000),
    ]);
    await insert('ecus_cancel_records', 'latest', [{ ecus_id: ids[3], account_number: '100000005090', registered_date: '2017-09-01', type_code: 'E23', code: 'M5', total: 100 }]);
    const rows = byCode((await call('viewer', 'GET', `/api/new-balance/check-statement/?${scope('latest')}`)).json().results);
    expect(rows.M5).toMatchObject({ status: 'open', import_unit_value: '80000' });
  });

  it('keeps the warehouse books\' monthly sums after every writer: the table API, an import, a rollback, a loading import', async () => {
    const set = (await call('accountant', 'POST', `/api/clients-api/companies/${company.slug}/folder-sets/`, { name: 'FY2018', year: 2018, date_start: '2018-01-01', date_end: '2018-12-31', type_code: 'SXXK' })).json();
    periods.books = { slug: set.slug, id: (await run<{ id: string }>('SELECT id FROM folder_sets WHERE slug = $1 AND company_id = $2', [set.slug, company.id]))[0]!.id };
    const issuedOf = async (code: string) => byCode((await statement15('books')).results)[code]?.export_to_produce;
    const issue = (code: string, takeout_date: string, quantity: number) =>
      ({ company_slug: company.slug, folder_slug: periods.books!.slug, item_type: 'material', code, name: 'Thread', unit: 'KG', takeout_date, quantity: String(quantity), purpose: 'production' });
    const created = (await call('accountant', 'POST', '/api/new-balance/wh-take-out/', issue('T1', '2018-03-05', 10))).json();
    await call('accountant', 'POST', '/api/new-balance/wh-take-out/', issue('T1', '2018-03-25', 5));
    expect(await issuedOf('T1')).toBe('15');
    // Edited into another code and month, a line leaves its old sum for a new one.
    expect((await call('accountant', 'PUT', `/api/new-balance/wh-take-out/${created.id}/`, { code: 'T2', takeout_date: '2018-04-01' })).statusCode).toBe(200);
    expect(await issuedOf('T1')).toBe('5');
    expect(await issuedOf('T2')).toBe('10');

    // An import's lines count once it has succeeded, and leave with its rollback.
    const imported = (await run<{ id: number }>(
      `INSERT INTO import_records (company_id, folder_set_id, resource, import_type, status, from_file, file_sha256, options)
       VALUES ($1, $2, 'wh-take-out', 'IMPORT', 'running', 'issues.xlsx', '', '{}') RETURNING id`, [company.id, periods.books.id]))[0]!.id;
    await copyInto(t.database, 'warehouse_take_out', ['company_id', 'folder_set_id', 'import_record_id', 'item_type', 'code', 'name', 'unit', 'takeout_date', 'quantity', 'purpose'],
      [['T1', '2018-03-07', 100], ['T1', '2018-06-07', 1000], ['T3', '2018-06-08', 7]]
        .map(([code, day, quantity]) => `${company.id}\t${periods.books!.id}\t${imported}\tmaterial\t${code}\tThread\tKG\t${day}\t${quantity}\tproduction\n`).join(''),
      { companyId: company.id, folderSetId: periods.books.id });
    // Loading, they are no one's yet, and an edit meanwhile leaves them out.
    await call('accountant', 'POST', '/api/new-balance/wh-take-out/', issue('T1', '2018-06-30', 1));
    expect(await issuedOf('T1')).toBe('6');
    await expectBookSumsOfLines(periods.books.id);
    // As the import's final transaction does.
    await run(`UPDATE import_records SET status = 'succeeded' WHERE id = $1`, [imported]);
    await addImportedBookSums(run, { table: 'warehouse_take_out' }, company.id, imported);
    await companyDataChanged(run, company.id);
    expect(await issuedOf('T1')).toBe('1106');
    expect(await issuedOf('T3')).toBe('7');
    await expectBookSumsOfLines(periods.books.id);
    expect((await call('accountant', 'POST', `/api/balance/import-record/${imported}/rollback/`)).json().status).toBe('rolled_back');
    expect(await issuedOf('T1')).toBe('6');
    expect(await issuedOf('T3')).toBeUndefined();

    // Deleted by id, and all those matching a search.
    const [t2] = (await run<{ id: number }>(`SELECT id FROM warehouse_take_out WHERE folder_set_id = $1 AND code = 'T2'`, [periods.books.id]));
    expect((await call('accountant', 'DELETE', '/api/new-balance/wh-take-out/bulk-delete/', { company_slug: company.slug, id_list: [t2!.id] })).statusCode).toBeLessThan(300);
    expect(await issuedOf('T2')).toBeUndefined();
    await expectBookSumsOfLines(periods.books.id);
    expect((await call('accountant', 'DELETE', '/api/new-balance/wh-take-out/', { company_slug: company.slug, folder_slug: periods.books.slug, search: 'T1' })).json().deleted).toBe(2);
    expect(await issuedOf('T1')).toBeUndefined();
    await expectBookSumsOfLines(periods.books.id);

    // Edited together into another code and month, lines leave their sums for new ones.
    const first = (await call('accountant', 'POST', '/api/new-balance/wh-take-out/', issue('T5', '2018-07-02', 3))).json();
    const second = (await call('accountant', 'POST', '/api/new-balance/wh-take-out/', issue('T5', '2018-08-02', 4))).json();
    const moved = await call('accountant', 'PUT', '/api/new-balance/wh-take-out/bulk-update/', {
      company_slug: company.slug, rows: [{ id: first.id, code: 'T6' }, { id: second.id, code: 'T6', takeout_date: '2018-09-30' }],
    });
    expect(moved.json()).toEqual({ updated: 2 });
    expect(await issuedOf('T5')).toBeUndefined();
    expect(await issuedOf('T6')).toBe('7');
    await expectBookSumsOfLines(periods.books.id);
  });

  it('computes a report as a job, answers the kept result until the data changes, and lets the screen follow the run', async () => {
    await signUp('stranger');
    const runsOf = async () => (await run<{ count: number }>(`SELECT count(*)::int AS count FROM report_runs WHERE folder_set_id = $1 AND report = 'statement-15'`, [periods.versions!.id]))[0]!.count;
    const before = await statement15('versions');
    const kept = await runsOf();
    expect(await statement15('versions')).toEqual(before);
    expect(await runsOf()).toBe(kept);

    // A write moves the company's data version: the next request computes again, and without waiting gets the run.
    await insert('ecus_lines', 'versions', [{ account_number: '100000009200', row_number: 1, registered_date: '2023-09-01', type_code: 'E31', code: 'M9', unit: 'KG', total: 5 }]);
    const started = await call('viewer', 'GET', `/api/new-balance/report-statement-15/?${scope('versions')}&wait=false`);
    let state = started.statusCode === 202 ? started.json().run : null;
    if (state) {
      expect(['queued', 'running', 'succeeded']).toContain(state.status);
      while (state.status === 'queued' || state.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        state = (await call('viewer', 'GET', `/api/new-balance/report-runs/${state.id}/`)).json();
      }
      expect(state).toMatchObject({ report: 'statement-15', status: 'succeeded', failure: null });
      expect((await call('stranger', 'GET', `/api/new-balance/report-runs/${state.id}/`)).statusCode).toBe(404);
    }
    expect(byCode((await statement15('versions')).results).M9?.take_in).toBe(String(Number(byCode(before.results).M9?.take_in) + 5));
    // Only the latest result of a report is kept.
    expect(await runsOf()).toBe(1);

    // A computation that fails answers its error, here a chain of periods that loops.
    await run('UPDATE folder_sets SET previous_folder_set_id = id, last_updated = now() WHERE id = $1', [periods.versions!.id]);
    const looping = await call('viewer', 'GET', `/api/new-balance/report-statement-15/?${scope('versions')}`);
    expect(looping.statusCode).toBe(409);
    expect(looping.json().detail).toContain('loops back');
    await run('UPDATE folder_sets SET previous_folder_set_id = NULL, last_updated = now() WHERE id = $1', [periods.versions!.id]);
  });

  it('keeps other companies out', async () => {
    expect((await call('stranger', 'GET', `/api/new-balance/report-statement-15/?${scope('y2025')}`)).statusCode).toBe(404);
    expect((await call('stranger', 'GET', `/api/new-balance/check-statement/?${scope('y2025')}`)).statusCode).toBe(404);
    expect((await call('stranger', 'POST', `/api/balance/bom/fix/?${scope('y2025')}`, { apply: true })).statusCode).toBe(404);
  });
});
