import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDutyRate } from '../../common/lookup/duty-rate.js';
import { companyDataChanged } from '../db/data-version.js';
import { type Run, runner } from '../db/run.js';
import { replaceTariffYear } from '../lookup/replace-lookup-data.js';
import { refreshTouched, touchedBy } from '../resources/derived-rows.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The overview's C/O utilisation, check-statement and origin-schedule charts over a period small enough to work
 * out by hand. Coffee (0901.11.20) on the 2023 tariff: MFN 15 %, ATIGA 5 %, ACFTA 0 % except Thailand, UKVFTA 2 %,
 * RCEP 1 % for ASEAN and 3 % for China.
 */
describe('overview charts of C/O utilisation, the check statement and origin schedules', () => {
  let t: TestApp;
  let run: Run;
  const mail = captureMail();
  const tokens: Record<string, string> = {};
  const companies: Record<string, { id: string; slug: string; folderId: string; folderSlug: string }> = {};

  const call = (who: string, url: string, method: 'GET' | 'PATCH' = 'GET', payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` }, ...(payload ? { payload } : {}) });
  const chart = (who: string, company: string, name: string, query = '') =>
    call(who, `/api/clients-api/companies/${companies[company]!.slug}/dashboard/${name}/?folder_slug=${companies[company]!.folderSlug}${query}`);

  /** Rows straight into a table of the company's period, their ids in order. */
  async function insert(table: string, company: string, rows: Array<Record<string, unknown>>): Promise<number[]> {
    const ids: number[] = [];
    for (const row of rows) {
      const columns = Object.entries({ company_id: companies[company]!.id, folder_set_id: companies[company]!.folderId, ...row });
      const sql = `INSERT INTO ${table} (${columns.map(([name]) => `"${name}"`).join(', ')}) VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`;
      ids.push((await run<{ id: number }>(sql, columns.map(([, value]) => value)))[0]!.id);
    }
    // As the table API does after its writes.
    await refreshTouched(run, { table }, companies[company]!.id, await touchedBy(run, { table }, companies[company]!.id, ids));
    await companyDataChanged(run, companies[company]!.id);
    return ids;
  }

  async function signUp(name: string, company: string): Promise<void> {
    const email = `${name}@charts.vn`;
    await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Tidewater-Ledger-7781', name } });
    tokens[name] = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
    const made = (await t.app.inject({ method: 'POST', url: '/api/clients-api/companies/', headers: { authorization: `Bearer ${tokens[name]}` }, payload: { name: company } })).json();
    const set = (await t.app.inject({
      method: 'POST', url: `/api/clients-api/companies/${made.slug}/folder-sets/`, headers: { authorization: `Bearer ${tokens[name]}` },
      payload: { name: 'FY2024', year: 2024, date_start: '2024-01-01', date_end: '2024-12-31', type_code: 'SXXK' },
    })).json();
    const [ids] = await run<{ company_id: string; folder_id: string }>(
      'SELECT c.id AS company_id, f.id AS folder_id FROM companies c JOIN folder_sets f ON f.company_id = c.id WHERE c.slug = $1 AND f.slug = $2', [made.slug, set.slug]);
    companies[company] = { id: ids!.company_id, slug: made.slug, folderId: ids!.folder_id, folderSlug: set.slug };
  }

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    run = runner(t.database);
    await signUp('trader', 'Lam Dong Roasters');
    await signUp('stranger', 'Other Trading');
    await replaceTariffYear({
      database: t.database, year: 2023,
      lines: [{ id: '09', parentId: null, section: 'II' }, { id: '0901', parentId: '09', section: 'II' }, { id: '09011120', parentId: '0901', section: 'II' }],
      rates: [['MFN', '15'], ['ATIGA', '5'], ['AC', '0 (-TH)'], ['UKV', '2'], ['RCEP A', '1'], ['RCEP C', '3']]
        .map(([schedule, text]) => ({ lineId: '09011120', schedule: schedule!, rate: parseDutyRate(text!) })),
    });
    const coffee = (account_number: string, extra: Record<string, unknown>) =>
      ({ account_number, row_number: 1, registered_date: '2024-06-01', type_code: 'E31', code: 'CF', unit: 'KG', total: 1000, hs: '09011120', ...extra });
    const ecus = await insert('ecus_lines', 'Lam Dong Roasters', [
      // Thailand without a C/O: ACFTA excludes it, so RCEP's 1 % is the best it could have had: (15 − 1) % of 100 M.
      coffee('100000000010', { from_country: 'TH', partner: 'Siam Coffee', total_value: 100_000_000, tax_rate: 15 }),
      coffee('100000000020', { from_country: 'CN', partner: 'Yunnan Trade', co_form: 'E', total_value: 50_000_000, tax_rate: 0 }),
      // EUR.1 from Britain is UKVFTA's.
      coffee('100000000030', { from_country: 'GB', co_form: 'EUR.1', total_value: 20_000_000, tax_rate: 2 }),
      // China without a C/O: ACFTA's 0 % beats RCEP's 3 %: 15 % of 10 M.
      coffee('100000000040', { from_country: 'CN', partner: 'Yunnan Trade', total_value: 10_000_000, tax_rate: 15 }),
      // No agreement covers the United States.
      coffee('100000000050', { code: 'CF2', from_country: 'US', total_value: 30_000_000, tax_rate: 15 }),
      // Amended: only version 1 counts.
      coffee('100000000060', { code: 'CF2', from_country: 'TH', total_value: 999_000_000, tax_rate: 15 }),
      coffee('100000000061', { code: 'CF2', from_country: 'TH', partner: 'Siam Coffee', total_value: 0, tax_rate: 15 }),
      // Exports and lines outside the period are not imports of the period.
      coffee('300000000070', { from_country: 'TH', total_value: 70_000_000 }),
      coffee('100000000080', { registered_date: '2023-12-31', from_country: 'TH', total_value: 80_000_000 }),
      { account_number: '100000000090', row_number: 1, registered_date: '2024-02-01', type_code: 'E31', code: 'M1', unit: 'KG', total: 1000, total_value: 50_000_000, tax_rate: 10 },
    ]);
    await insert('warehouse_take_out', 'Lam Dong Roasters', [
      // Issued to production with no export to explain it: 100 KG × 50,000 VND × 10 % = 500,000 VND at stake.
      { item_type: 'material', code: 'M1', name: 'Green beans', unit: 'KG', takeout_date: '2024-03-10', quantity: 100, purpose: 'production' },
    ]);
    const schedule = (ecusId: number, option: string, fulfilled: boolean, createdAt: string) =>
      ({ ecus_id: ecusId, option, price_type: 'FOB', fulfilled, answer: '{}', created_at: createdAt });
    await insert('origin_schedules', 'Lam Dong Roasters', [
      schedule(ecus[7]!, 'AK', false, '2024-07-01T00:00:00Z'),
      // Re-judged and saved again: the latest schedule of the line counts.
      schedule(ecus[7]!, 'AK', true, '2024-07-02T00:00:00Z'),
      schedule(ecus[0]!, 'AK', false, '2024-07-01T00:00:00Z'),
      schedule(ecus[7]!, 'EV', true, '2024-07-01T00:00:00Z'),
    ]);
  });
  afterAll(async () => { await t.close(); });

  it('sums import value with and without a preferential C/O and the duty unused C/Os would have saved, by agreement', async () => {
    const answer = (await chart('trader', 'Lam Dong Roasters', 'co-utilisation')).json();
    expect(answer.view).toBe('agreement');
    expect(answer.rows).toEqual([
      // The amended Thai line (value 0 in its latest version) could have used RCEP too, saving nothing.
      { key: 'RCEP', label: null, lines: 2, derived_lines: 0, missing_lines: 0, value: '100000000', with_co_value: '0', without_co_value: '100000000', saving: '14000000' },
      { key: 'AC', label: null, lines: 2, derived_lines: 0, missing_lines: 0, value: '60000000', with_co_value: '50000000', without_co_value: '10000000', saving: '1500000' },
      // The United States and a line without an origin: no agreement.
      { key: null, label: null, lines: 2, derived_lines: 0, missing_lines: 0, value: '80000000', with_co_value: '0', without_co_value: '80000000', saving: '0' },
      { key: 'UKV', label: null, lines: 1, derived_lines: 0, missing_lines: 0, value: '20000000', with_co_value: '20000000', without_co_value: '0', saving: '0' },
    ]);
    expect(answer.totals).toEqual({ lines: 7, derived_lines: 0, missing_lines: 0, value: '260000000', with_co_value: '70000000', without_co_value: '190000000', saving: '15500000' });
  });

  it('groups the same figures by supplier and by material, each in one request', async () => {
    const suppliers = (await chart('trader', 'Lam Dong Roasters', 'co-utilisation', '&view=supplier')).json();
    expect(suppliers.rows.map((row: { key: string | null; label: string | null; lines: number; value: string; saving: string }) => [row.key, row.label, row.lines, row.value, row.saving])).toEqual([
      ['Siam Coffee', 'TH', 2, '100000000', '14000000'],
      ['Yunnan Trade', 'CN', 2, '60000000', '1500000'],
      [null, null, 1, '50000000', '0'],
      [null, 'US', 1, '30000000', '0'],
      [null, 'GB', 1, '20000000', '0'],
    ]);
    const materials = (await chart('trader', 'Lam Dong Roasters', 'co-utilisation', '&view=material')).json();
    expect(materials.rows).toEqual([
      { key: 'CF', label: null, lines: 4, derived_lines: 0, missing_lines: 0, value: '180000000', with_co_value: '70000000', without_co_value: '110000000', saving: '15500000' },
      { key: 'M1', label: null, lines: 1, derived_lines: 0, missing_lines: 0, value: '50000000', with_co_value: '0', without_co_value: '50000000', saving: '0' },
      { key: 'CF2', label: null, lines: 2, derived_lines: 0, missing_lines: 0, value: '30000000', with_co_value: '0', without_co_value: '30000000', saving: '0' },
    ]);
    expect(suppliers.totals).toEqual(materials.totals);
    expect((await chart('trader', 'Lam Dong Roasters', 'co-utilisation', '&view=country')).statusCode).toBe(400);
  });

  it('counts the check statement\'s rows by status with the duty at stake, and follows a review', async () => {
    const before = (await chart('trader', 'Lam Dong Roasters', 'statement-check')).json();
    expect(before.by_status.find((entry: { status: string }) => entry.status === 'open')).toEqual({ status: 'open', rows: 1, duty_exposure: '500000', duty_unknown_rows: 0 });
    expect(before.top_open).toEqual([{ code: 'M1', name: 'Green beans', duty_exposure: '500000' }]);
    const scope = `company_slug=${companies['Lam Dong Roasters']!.slug}&folder_slug=${companies['Lam Dong Roasters']!.folderSlug}`;
    expect((await call('trader', `/api/new-balance/check-statement/M1/?${scope}`, 'PATCH', { status: 'explained', explanation: 'Beans roasted for samples' })).statusCode).toBeLessThan(300);
    const after = (await chart('trader', 'Lam Dong Roasters', 'statement-check')).json();
    expect(after.by_status.find((entry: { status: string }) => entry.status === 'open')).toBeUndefined();
    // An explained difference no longer puts duty at stake, as in the report.
    expect(after.by_status.find((entry: { status: string }) => entry.status === 'explained')).toEqual({ status: 'explained', rows: 1, duty_exposure: '0', duty_unknown_rows: 0 });
    expect(after.top_open).toEqual([]);
  });

  it('gives the pass rate of saved origin schedules per agreement, a line counted by its latest schedule', async () => {
    expect((await chart('trader', 'Lam Dong Roasters', 'origin-schedules')).json()).toEqual({
      by_agreement: [{ agreement: 'AK', schedules: 2, fulfilled: 1 }, { agreement: 'EV', schedules: 1, fulfilled: 1 }],
    });
  });

  it('answers another company\'s user nothing: its own period is empty and this company is not found', async () => {
    for (const name of ['co-utilisation', 'statement-check', 'origin-schedules']) {
      expect((await chart('stranger', 'Lam Dong Roasters', name)).statusCode).toBe(404);
    }
    expect((await chart('stranger', 'Other Trading', 'co-utilisation')).json()).toEqual({
      view: 'agreement', rows: [], totals: { lines: 0, derived_lines: 0, missing_lines: 0, value: '0', with_co_value: '0', without_co_value: '0', saving: '0' },
    });
    expect((await chart('stranger', 'Other Trading', 'statement-check')).json()).toEqual({ by_status: [], top_open: [], derived_value_rows: 0 });
    expect((await chart('stranger', 'Other Trading', 'origin-schedules')).json()).toEqual({ by_agreement: [] });
  });
});
