import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDutyRate } from '../../common/lookup/duty-rate.js';
import { companyDataChanged } from '../db/data-version.js';
import { type Run, runner } from '../db/run.js';
import { replaceTariffYear } from '../lookup/replace-lookup-data.js';
import { refreshTouched, touchedBy } from '../resources/derived-rows.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Declaration lines imported without their taxable value: the reports derive it from the invoice value × exchange rate
 * where the line gives them, count the lines where they do, and where nothing gives a value say so instead of 0.
 * Coffee (0901.11.20) on the 2023 tariff: MFN 15 %. Every line is from the United States, which no agreement covers.
 */
describe('reports over lines without a taxable value', () => {
  let t: TestApp;
  let run: Run;
  const mail = captureMail();
  let token = '';
  let company = { id: '', slug: '', folderId: '', folderSlug: '' };

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const scope = () => `company_slug=${company.slug}&folder_slug=${company.folderSlug}`;
  const chart = (name: string, query = '') => get(`/api/clients-api/companies/${company.slug}/dashboard/${name}?folder_slug=${company.folderSlug}${query}`);

  async function insert(table: string, rows: Array<Record<string, unknown>>): Promise<number[]> {
    const ids: number[] = [];
    for (const row of rows) {
      const columns = Object.entries({ company_id: company.id, folder_set_id: company.folderId, ...row });
      const sql = `INSERT INTO ${table} (${columns.map(([name]) => `"${name}"`).join(', ')}) VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`;
      ids.push((await run<{ id: number }>(sql, columns.map(([, value]) => value)))[0]!.id);
    }
    await refreshTouched(run, { table }, company.id, await touchedBy(run, { table }, company.id, ids));
    await companyDataChanged(run, company.id);
    return ids;
  }

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    run = runner(t.database);
    const email = 'importer@values.vn';
    await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Tidewater-Ledger-7781', name: 'importer' } });
    token = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
    const made = (await t.app.inject({ method: 'POST', url: '/api/clients-api/companies/', headers: { authorization: `Bearer ${token}` }, payload: { name: 'Binh Duong Roasters' } })).json();
    const set = (await t.app.inject({
      method: 'POST', url: `/api/clients-api/companies/${made.slug}/folder-sets/`, headers: { authorization: `Bearer ${token}` },
      payload: { name: 'FY2024', year: 2024, date_start: '2024-01-01', date_end: '2024-12-31', type_code: 'SXXK' },
    })).json();
    const [ids] = await run<{ company_id: string; folder_id: string }>(
      'SELECT c.id AS company_id, f.id AS folder_id FROM companies c JOIN folder_sets f ON f.company_id = c.id WHERE c.slug = $1 AND f.slug = $2', [made.slug, set.slug]);
    company = { id: ids!.company_id, slug: made.slug, folderId: ids!.folder_id, folderSlug: set.slug };
    await replaceTariffYear({
      database: t.database, year: 2023,
      lines: [{ id: '09', parentId: null, section: 'II' }, { id: '0901', parentId: '09', section: 'II' }, { id: '09011120', parentId: '0901', section: 'II' }],
      rates: [{ lineId: '09011120', schedule: 'MFN', rate: parseDutyRate('15') }],
    });
    const line = (account_number: string, code: string, extra: Record<string, unknown>) =>
      ({ account_number, row_number: 1, registered_date: '2024-06-01', type_code: 'A11', code, unit: 'KG', hs: '09011120', from_country: 'US', ...extra });
    await insert('ecus_lines', [
      // 4,000 USD × 25,000 = 100,000,000 VND, declared at 10 % where the tariff gives 15 %: 5,000,000 at risk.
      line('100000000110', 'CF', { total: 1000, nt_value: 4000, currency: 'USD', exchange_rate: 25000, tax_rate: 10 }),
      // No invoice value: unit price × quantity × rate = 2 × 500 × 25,000 = 25,000,000.
      line('100000000120', 'CF2', { total: 500, unit_price: 2, currency: 'USD', exchange_rate: 25000, tax_rate: 15 }),
      // Invoiced in dong without a rate: the invoice value is the value.
      line('100000000130', 'CF3', { total: 200, nt_value: 30_000_000, currency: 'VND', tax_rate: 15 }),
      // Exempt (E31 under SXXK), nothing to value it by: what a refused exemption would cost cannot be computed.
      line('100000000140', 'M1', { type_code: 'E31', total: 1000, tax_rate: 0 }),
      // Dollars without a rate: its rate differs, and the duty at risk is unknown.
      line('100000000150', 'CF4', { total: 100, nt_value: 1000, currency: 'USD', tax_rate: 5 }),
      // Declared: read as it is.
      line('100000000160', 'CF5', { total: 100, total_value: 10_000_000, tax_rate: 15 }),
      // Exempt, 2,000 USD × 25,000 = 50,000,000: a refused exemption would cost 15 % of it.
      line('100000000170', 'M2', { type_code: 'E31', total: 1000, nt_value: 2000, currency: 'USD', exchange_rate: 25000, tax_rate: 0 }),
      // Agrees with the tariff, but nothing says what it owes; alone in its month.
      line('100000000180', 'CF6', { registered_date: '2024-07-01', total: 50, tax_rate: 15 }),
    ]);
    // Issued to production with no export to explain them: 100 KG short of each material.
    await insert('warehouse_take_out', [
      { item_type: 'material', code: 'M1', name: 'Green beans', unit: 'KG', takeout_date: '2024-08-10', quantity: 100, purpose: 'production' },
      { item_type: 'material', code: 'M2', name: 'Robusta beans', unit: 'KG', takeout_date: '2024-08-10', quantity: 100, purpose: 'production' },
    ]);
  });
  afterAll(async () => { await t.close(); });

  it('keeps the lines as they were imported: the values are derived by the reports, not written', async () => {
    const stored = await run<{ code: string; total_value: string | null }>(
      `SELECT code, total_value::text AS total_value FROM ecus_lines WHERE company_id = $1 AND code IN ('CF', 'CF2', 'CF3') ORDER BY code`, [company.id]);
    expect(stored).toEqual([{ code: 'CF', total_value: null }, { code: 'CF2', total_value: null }, { code: 'CF3', total_value: null }]);
  });

  it('checks the tariff on derived values and lists the lines whose duty cannot be computed, never as 0', async () => {
    const answer = (await get(`/api/new-balance/report-tariff-check/?${scope()}`)).json();
    expect(answer.checked_lines).toBe(8);
    expect(answer.derived_value_lines).toBe(4);
    expect(answer.value_missing_lines).toBe(3);
    expect(answer.results.map((row: Record<string, unknown>) => [row.code, row.problem, row.total_value, row.value_source, row.duty_at_risk])).toEqual([
      ['CF', 'rate_differs', '100000000', 'derived', '5000000'],
      ['CF4', 'rate_differs', null, 'missing', null],
      ['CF6', 'value_missing', null, 'missing', null],
      ['M1', 'exempt', null, 'missing', null],
      ['M2', 'exempt', '50000000', 'derived', '7500000'],
    ]);
    // The workbook says where each value came from.
    expect((await get(`/api/new-balance/report-tariff-check/?${scope()}&format=xlsx&lang=en`)).statusCode).toBe(200);
  });

  it('puts no duty at stake on a shortfall it cannot value, and counts it apart from the total', async () => {
    const answer = (await get(`/api/new-balance/check-statement/?${scope()}`)).json();
    const rows = Object.fromEntries(answer.results.map((row: Record<string, unknown>) => [row.code, row]));
    // 100 KG × (50,000,000 / 1,000 KG) × 15 %, the exemption refused.
    expect(rows.M2).toMatchObject({ status: 'open', exposure_quantity: '100', duty_exposure: '750000', value_source: 'derived', import_unit_value: '50000' });
    expect(rows.M1).toMatchObject({ status: 'open', exposure_quantity: '100', duty_exposure: null, value_source: 'missing' });
    expect(answer).toMatchObject({ total_duty_exposure: '750000', open_rows: 2, duty_unknown_rows: 1, derived_value_rows: 1 });
  });

  it('charts the derived values, counts the lines without one, and leaves a month without any value empty', async () => {
    const dashboard = (await chart('')).json();
    expect(dashboard.by_month).toEqual([
      { month: '2024-06', direction: 'import', type_code: 'A11', lines: 5, value: '165000000', derived_lines: 3, missing_lines: 1 },
      { month: '2024-06', direction: 'import', type_code: 'E31', lines: 2, value: '50000000', derived_lines: 1, missing_lines: 1 },
      { month: '2024-07', direction: 'import', type_code: 'A11', lines: 1, value: null, derived_lines: 0, missing_lines: 1 },
    ]);
    expect(dashboard.top_materials.map((row: Record<string, unknown>) => [row.code, row.value, row.derived_lines, row.missing_lines])).toEqual([
      ['CF', '100000000', 1, 0], ['M2', '50000000', 1, 0], ['CF3', '30000000', 1, 0], ['CF2', '25000000', 1, 0], ['CF5', '10000000', 0, 0],
      ['CF4', null, 0, 1], ['CF6', null, 0, 1], ['M1', null, 0, 1],
    ]);
    expect(dashboard.duty).toEqual([
      { month: '2024-06', paid: '0', exempted_value: '215000000', derived_lines: 4, missing_lines: 2 },
      { month: '2024-07', paid: '0', exempted_value: null, derived_lines: 0, missing_lines: 1 },
    ]);
  });

  it('counts the lines without a value in the C/O utilisation and the check statement charts', async () => {
    const co = (await chart('co-utilisation/')).json();
    expect(co.totals).toEqual({ lines: 8, derived_lines: 4, missing_lines: 3, value: '215000000', with_co_value: '0', without_co_value: '215000000', saving: '0' });
    const check = (await chart('statement-check/')).json();
    expect(check.by_status).toEqual([{ status: 'open', rows: 2, duty_exposure: '750000', duty_unknown_rows: 1 }]);
    expect(check.derived_value_rows).toBe(1);
  });
});
