import { createCompany } from '../server/companies/companies.js';
import { users } from '../server/auth/tables.js';
import type { Database } from '../server/db/client.js';
import { type Run, runner } from '../server/db/run.js';
import { refreshBookSums } from '../server/resources/book-sums.js';
import { refreshDeclarations } from '../server/resources/declaration-versions.js';
import { loadPeriod, type Period } from '../server/reports/compute-statements.js';
import { replaceTariffYear } from '../server/lookup/replace-lookup-data.js';
import { parseDutyRate } from '../common/lookup/duty-rate.js';

/**
 * A large customs year for the report benchmarks: declaration lines (10 a declaration, 5% amended, 1% cancelled,
 * a quarter exports), opening balances, BOM lines (one per 20 declaration lines) and warehouse issues (one per 2),
 * in a company whose folder set is calendar 2025. The two large tables are written a million rows a statement, in
 * the order one statement would write them, so ten million lines load with the server's memory and each transaction
 * bounded.
 */
const batch = 1_000_000;

/** The tariff line a material is declared under: one of `tariffLines` codes of heading 39.01. */
const tariffLines = 100;
const tariffCode = (material: string) => `'3901' || lpad(((${material}) % ${tariffLines})::text, 4, '0')`;

/**
 * The 2025 tariff of the materials' codes, as the tariff check reads it: MFN 5 %, as the lines declare, but for one code
 * in twenty at 10 %, whose lines the check lists as a rate that differs.
 */
async function loadTariff(database: Database): Promise<void> {
  const codes = Array.from({ length: tariffLines }, (_, index) => `3901${String(index).padStart(4, '0')}`);
  await replaceTariffYear({
    database, year: 2025,
    lines: [{ id: '39', parentId: null, section: 'VII' }, { id: '3901', parentId: '39', section: 'VII' }, ...codes.map((id) => ({ id, parentId: '3901', section: 'VII' }))],
    rates: codes.map((lineId, index) => ({ lineId, schedule: 'MFN', rate: parseDutyRate(index % 20 === 0 ? '10' : '5') })),
  });
}

/** Runs `insert` with $3 and $4 the first and last number of each batch of 0 … count − 1, in order. */
async function inBatches(run: Run, params: unknown[], count: number, insert: string): Promise<void> {
  for (let first = 0; first < count; first += batch) await run(insert, [...params, first, Math.min(first + batch, count) - 1]);
}

async function generate(run: Run, scope: { companyId: string; folderSetId: string }, lines: number): Promise<void> {
  const materials = 2000;
  const products = 500;
  const params = [scope.companyId, scope.folderSetId];
  // Declarations of ten lines (a batch is a multiple of ten, so none is split); one in twenty has an amendment (12th
  // digit 1) repeating its lines.
  await inBatches(run, params, lines, `
    INSERT INTO ecus_lines (company_id, folder_set_id, account_number, row_number, registered_date, type_code, code, item_name, total, unit, total_value, tax_rate, tax_cost, from_country, hs)
    SELECT $1::uuid, $2::uuid, CASE WHEN export THEN '30' ELSE '10' END || lpad((n / 10)::text, 9, '0') || version, n % 10 + 1,
           DATE '2025-01-01' + (n % 365), CASE WHEN export THEN 'E62' WHEN n % 50 = 7 THEN 'B13' ELSE 'E31' END,
           CASE WHEN export THEN 'SP-' || (n % ${products}) ELSE 'NPL-' || (n % ${materials}) END, 'Line ' || n,
           1 + n % 97, CASE WHEN export THEN 'PCE' ELSE 'KGM' END, (1 + n % 97) * 25000, 5,
           CASE WHEN n % 3 = 0 THEN (1 + n % 97) * 1250 ELSE 0 END, CASE WHEN n % 4 = 0 THEN 'CN' ELSE 'KR' END,
           CASE WHEN NOT export THEN ${tariffCode('n % ' + materials)} END
      FROM (SELECT n, (n / 10) % 4 = 3 AS export, v AS version
              FROM generate_series($3::int, $4::int) n CROSS JOIN LATERAL (SELECT '0' AS v UNION ALL SELECT '1' WHERE (n / 10) % 20 = 0) versions) g`);
  await run(`
    INSERT INTO ecus_cancel_records (company_id, folder_set_id, ecus_id, account_number, registered_date, type_code, code, total)
    SELECT company_id, folder_set_id, id, account_number, registered_date, type_code, code, total FROM ecus_lines
     WHERE company_id = $1 AND folder_set_id = $2 AND id % 100 = 0`, params);
  await run(`
    INSERT INTO opening_balances (company_id, folder_set_id, item_type, code, name, unit, begin_value)
    SELECT $1, $2, 'material', 'NPL-' || m, 'Material ' || m, 'KGM', 100 FROM generate_series(0, ${materials - 1}) m`, params);
  await run(`
    INSERT INTO bom_lines (company_id, folder_set_id, code, material_code, material_unit, bom_value, loss_rate)
    SELECT $1, $2, 'SP-' || (b % ${products}), 'NPL-' || ((b::bigint * 7919) % ${materials}), 'KGM', 0.1 + (b % 13) / 10.0, b % 5
      FROM generate_series(0, ${Math.round(lines / 20) - 1}) b`, params);
  await inBatches(run, params, Math.round(lines / 2), `
    INSERT INTO warehouse_take_out (company_id, folder_set_id, item_type, code, name, unit, takeout_date, quantity, purpose)
    SELECT $1, $2, 'material', 'NPL-' || (w % ${materials}), 'Material', 'KGM', DATE '2025-01-01' + (w % 365), 1 + w % 11,
           CASE WHEN w % 25 = 0 THEN 'other' ELSE 'production' END
      FROM generate_series($3::int, $4::int) w`);
  // As an import does once it has succeeded: the amendments supersede their first versions, and the months are summed.
  const refreshing = performance.now();
  await refreshDeclarations(run, scope.companyId, { folderSetId: scope.folderSetId });
  await refreshBookSums(run, { table: 'warehouse_take_out' }, scope.companyId, { folderSetId: scope.folderSetId });
  console.log(`  superseded lines and monthly sums derived in ${(performance.now() - refreshing).toFixed(0)} ms`);
  await run('ANALYZE');
}


/** A user, a company and its 2025 folder set filled with `lines` declaration lines: the period the reports read. */
export async function customsYear(database: Database, name: string, lines: number): Promise<{ run: Run; period: Period; userId: string }> {
  const run = runner(database);
  const [user] = await database.db.insert(users).values({ email: `bench-${name}@dutybook.local`, name: 'Bench', isVerified: true }).returning();
  const access = await createCompany(database.db, user!.id, { name: `Bench ${name}` });
  const [set] = await run<{ id: string }>(`UPDATE folder_sets SET date_start = '2025-01-01', date_end = '2025-12-31', year = 2025 WHERE company_id = $1 RETURNING id`, [access.company.id]);
  const generating = performance.now();
  await loadTariff(database);
  await generate(run, { companyId: access.company.id, folderSetId: set!.id }, lines);
  console.log(`${lines.toLocaleString('en')} declaration lines, ${(lines / 20).toLocaleString('en')} BOM lines, ${(lines / 2).toLocaleString('en')} warehouse issues generated in ${((performance.now() - generating) / 1000).toFixed(1)} s`);
  return { run, period: await loadPeriod(run, access.company.id, set!.id), userId: user!.id };
}

/**
 * The year an earlier `customsYear(database, name, …)` left in this database, or null: ten million lines take minutes
 * to generate, so a benchmark can measure them again without.
 */
export async function generatedCustomsYear(database: Database, name: string): Promise<{ run: Run; period: Period; lines: number } | null> {
  const run = runner(database);
  const [set] = await run<{ id: string; company_id: string }>(
    `SELECT f.id, f.company_id FROM folder_sets f JOIN memberships m ON m.company_id = f.company_id JOIN users u ON u.id = m.user_id
      WHERE u.email = $1`, [`bench-${name}@dutybook.local`]);
  if (!set) return null;
  const [counted] = await run<{ lines: number }>('SELECT count(*)::int AS lines FROM ecus_lines WHERE company_id = $1 AND folder_set_id = $2', [set.company_id, set.id]);
  return { run, period: await loadPeriod(run, set.company_id, set.id), lines: counted!.lines };
}
