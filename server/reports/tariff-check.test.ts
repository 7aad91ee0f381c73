import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDutyRate } from '../../common/lookup/duty-rate.js';
import { users } from '../auth/tables.js';
import { createCompany } from '../companies/companies.js';
import { type Run, runner } from '../db/run.js';
import { replaceTariffYear } from '../lookup/replace-lookup-data.js';
import { refreshDeclarations } from '../resources/declaration-versions.js';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';
import { loadPeriod, type Period } from './compute-statements.js';
import { inReportTransaction } from './report-runs.js';
import { computeTariffCheck, pageSlices } from './tariff-check.js';

/**
 * A page of the tariff check is found from the kinds the writers keep, and only its lines are read: every page must be
 * the slice of the list computed whole from the lines, and the counts the same, whichever way a page's lines are read
 * (by item code or day by day) and over a period that begins and ends inside a month.
 */
describe('the tariff check read from the kept kinds', () => {
  let test: TestDatabase;
  let run: Run;
  let period: Period;

  beforeAll(async () => {
    test = await createTestDatabase();
    run = runner(test.database);
    const [user] = await test.database.db.insert(users).values({ email: 'kinds@dutybook.local', name: 'Kinds', isVerified: true }).returning();
    const access = await createCompany(test.database.db, user!.id, { name: 'Kinds' });
    const [set] = await run<{ id: string }>(
      `UPDATE folder_sets SET date_start = '2025-01-10', date_end = '2025-11-20', year = 2025, type_code = 'SXXK' WHERE company_id = $1 RETURNING id`, [access.company.id]);
    // Ten lines of heading 39.01 at 5 % MFN, but the first at 10 %; ACFTA (form E) gives 0 % on all.
    const codes = Array.from({ length: 10 }, (_, index) => `3901000${index}`);
    await replaceTariffYear({
      database: test.database, year: 2025,
      lines: [{ id: '39', parentId: null, section: 'VII' }, { id: '3901', parentId: '39', section: 'VII' }, ...codes.map((id) => ({ id, parentId: '3901', section: 'VII' }))],
      rates: codes.flatMap((lineId, index) => [{ lineId, schedule: 'MFN', rate: parseDutyRate(index === 0 ? '10' : '5') }, { lineId, schedule: 'AC', rate: parseDutyRate('0') }]),
    });
    // 1,200 lines over 2025: thirty item codes, each under one tariff line (code 29 under one the tariff lacks, a run
    // of few codes); E31 (exempt under SXXK) for two in three, the others A12 at 5 %; a value declared, derived from
    // the invoice, or missing; form E from China for some, an unknown form for a few; exports, which are not checked.
    await run(
      `INSERT INTO ecus_lines (company_id, folder_set_id, account_number, row_number, registered_date, type_code, code, item_name, total, unit,
                               total_value, nt_value, currency, exchange_rate, tax_rate, tax_cost, co_form, from_country, hs, exemption_code)
       SELECT $1, $2, CASE WHEN n % 11 = 0 THEN '30' ELSE '10' END || lpad((n / 4)::text, 9, '0') || '0', n % 4 + 1,
              DATE '2025-01-01' + (n * 7919 % 365), CASE WHEN n % 3 = 0 THEN 'A12' ELSE 'E31' END, 'M-' || (n % 30), 'Line ' || n, 1 + n % 9, 'KGM',
              CASE WHEN n % 7 = 0 THEN NULL ELSE (1 + n % 9) * 100000 END, CASE WHEN n % 14 = 0 THEN 40 END, CASE WHEN n % 14 = 0 THEN 'USD' END,
              CASE WHEN n % 14 = 0 THEN 25000 END, CASE WHEN n % 13 = 0 THEN NULL ELSE 5 END, CASE WHEN n % 5 = 0 THEN (1 + n % 9) * 5000 END,
              CASE WHEN n % 17 = 0 THEN 'E' WHEN n % 97 = 0 THEN 'ZZ' END, CASE WHEN n % 17 = 0 THEN 'CN' ELSE 'KR' END,
              CASE WHEN n % 30 = 29 THEN '52010000' ELSE '3901000' || (n % 10) END, CASE WHEN n % 23 = 0 THEN 'XNK32' END
         FROM generate_series(1, 1200) n`, [access.company.id, set!.id]);
    await refreshDeclarations(run, access.company.id, { folderSetId: set!.id });
    period = await loadPeriod(run, access.company.id, set!.id);
  });
  afterAll(async () => test.dispose());

  const check = (page?: { limit: number; offset: number }) => inReportTransaction(test.database, (tx) => computeTariffCheck(tx, period, page));

  it('answers every page as the slice of the whole list, with the same counts', async () => {
    const whole = await check();
    expect(whole.listedLines).toBeGreaterThan(300);
    expect(whole.disagreeingLines).toBeGreaterThan(0);
    expect(whole.exemptLines).toBeGreaterThan(0);
    expect(whole.valueMissingLines).toBeGreaterThan(0);
    expect(new Set(whole.rows.map((row) => row.problem))).toEqual(new Set(['unknown_code', 'rate_differs', 'unknown_co_form', 'exempt', 'value_missing']));
    const { rows: _rows, ...counts } = whole;
    for (const limit of [7, 100]) {
      const paged = [];
      for (let offset = 0; offset < whole.listedLines; offset += limit) {
        const { rows, ...pageCounts } = await check({ limit, offset });
        expect(pageCounts).toEqual(counts);
        paged.push(...rows);
      }
      expect(paged).toEqual(whole.rows);
    }
  });

  it('reads a run of few item codes by code, and a dense run day by day', () => {
    const months = ['2025-01-01', '2025-02-01', '2025-03-01'];
    const summary = {
      checked_lines: 90_000,
      // 30 disagreeing lines a month, of two codes holding 600 lines; 20,000 exempt lines a month, of every code.
      months: months.flatMap((month) => [{ run: 0, month, lines: 30 }, { run: 2, month, lines: 20_000 }]),
      code_lines: { 0: 600, 2: 90_000 },
    };
    // The second page of 50 takes the last 40 disagreeing lines (February's last 10 and March's 30) and the first 10
    // exempt lines.
    expect(pageSlices(summary, { limit: 50, offset: 50 })).toEqual([
      { run: 0, from: '2025-02-01', to: '2025-04-01', skip: 20, take: 40, read: 'code', days: 124 },
      // 10 lines at 20,000 a month: a day holds them, read twice over.
      { run: 2, from: '2025-01-01', to: '2025-02-01', skip: 0, take: 10, read: 'day', days: 1 },
    ]);
  });
});
