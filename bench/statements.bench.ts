import { createCompany } from '../server/companies/companies.js';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../server/db/client.js';
import { type Run, runner } from '../server/db/run.js';
import { users } from '../server/auth/tables.js';
import { computeCheckStatement, computeStatement15, loadPeriod } from '../server/statements/compute-statements.js';
import { movementsCte, statementQuery } from '../server/statements/statement-sql.js';
import { medianMs, recreateDatabase } from './harness.js';

/**
 * Statement 15 over a large year: on PostgreSQL 1,000,000 declaration lines (10 a declaration, 5% amended,
 * 1% cancelled), 50,000 BOM lines and 500,000 warehouse issues; then on the embedded database a tenth of that.
 * Reported as a ratio against one plain `GROUP BY code` over the same effective lines, measured in the same
 * run (goal: Statement 15 under 1 s on PostgreSQL, at most 3× the plain aggregate).
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/dutybook_bench_statements, recreated; without
 * a reachable server only PGlite runs), BENCH_STATEMENT_LINES (PostgreSQL, 1,000,000), BENCH_PGLITE_LINES (100,000;
 * BENCH_PGLITE=false skips it), BENCH_RUNS (5), BENCH_EXPLAIN=1 prints Statement 15's plan with its timings.
 */
const defaultUrl = 'postgres://postgres@127.0.0.1:5432/dutybook_bench_statements';
const runs = Number(process.env.BENCH_RUNS ?? 5);
const goals = { statementMs: 1000, ratio: 3 };

async function generate(run: Run, scope: { companyId: string; folderSetId: string }, lines: number): Promise<void> {
  const materials = 2000;
  const products = 500;
  const params = [scope.companyId, scope.folderSetId];
  // Declarations of ten lines; one in twenty has an amendment (12th digit 1) repeating its lines.
  await run(`
    INSERT INTO ecus_lines (company_id, folder_set_id, account_number, row_number, registered_date, type_code, code, item_name, total, unit, total_value, tax_rate)
    SELECT $1::uuid, $2::uuid, CASE WHEN export THEN '30' ELSE '10' END || lpad((n / 10)::text, 9, '0') || version, n % 10 + 1,
           DATE '2025-01-01' + (n % 365), CASE WHEN export THEN 'E62' WHEN n % 50 = 7 THEN 'B13' ELSE 'E31' END,
           CASE WHEN export THEN 'SP-' || (n % ${products}) ELSE 'NPL-' || (n % ${materials}) END, 'Line ' || n,
           1 + n % 97, CASE WHEN export THEN 'PCE' ELSE 'KGM' END, (1 + n % 97) * 25000, 5
      FROM (SELECT n, (n / 10) % 4 = 3 AS export, v AS version
              FROM generate_series(0, ${lines - 1}) n CROSS JOIN LATERAL (SELECT '0' AS v UNION ALL SELECT '1' WHERE (n / 10) % 20 = 0) versions) g`, params);
  await run(`
    INSERT INTO ecus_cancel_records (company_id, folder_set_id, ecus_id, account_number, registered_date, type_code, code, total)
    SELECT company_id, folder_set_id, id, account_number, registered_date, type_code, code, total FROM ecus_lines
     WHERE company_id = $1 AND folder_set_id = $2 AND id % 100 = 0`, params);
  await run(`
    INSERT INTO opening_balances (company_id, folder_set_id, item_type, code, name, unit, begin_value)
    SELECT $1, $2, 'material', 'NPL-' || m, 'Material ' || m, 'KGM', 100 FROM generate_series(0, ${materials - 1}) m`, params);
  await run(`
    INSERT INTO bom_lines (company_id, folder_set_id, code, material_code, material_unit, bom_value, loss_rate)
    SELECT $1, $2, 'SP-' || (b % ${products}), 'NPL-' || ((b * 7919) % ${materials}), 'KGM', 0.1 + (b % 13) / 10.0, b % 5
      FROM generate_series(0, ${Math.round(lines / 20) - 1}) b`, params);
  await run(`
    INSERT INTO warehouse_take_out (company_id, folder_set_id, item_type, code, name, unit, takeout_date, quantity, purpose)
    SELECT $1, $2, 'material', 'NPL-' || (w % ${materials}), 'Material', 'KGM', DATE '2025-01-01' + (w % 365), 1 + w % 11,
           CASE WHEN w % 25 = 0 THEN 'other' ELSE 'production' END
      FROM generate_series(0, ${Math.round(lines / 2) - 1}) w`, params);
  await run('ANALYZE');
}

const timed = (work: () => Promise<unknown>) => medianMs(work, runs);

interface Measured { engine: string; lines: number; plain: number; statement: number; check: number; met: boolean }

/** Generates the data on one engine and measures the plain aggregate, Statement 15 and the check statement. */
async function measure(database: Database, engine: 'PostgreSQL' | 'PGlite', lines: number): Promise<Measured> {
  await migrateDatabase(database);
  const run = runner(database);
  const [user] = await database.db.insert(users).values({ email: 'bench-statements@dutybook.local', name: 'Bench', isVerified: true }).returning();
  const access = await createCompany(database.db, user!.id, { name: 'Bench Statements' });
  const [set] = await run<{ id: string }>(`UPDATE folder_sets SET date_start = '2025-01-01', date_end = '2025-12-31', year = 2025 WHERE company_id = $1 RETURNING id`, [access.company.id]);
  const scope = { companyId: access.company.id, folderSetId: set!.id };
  const generating = performance.now();
  await generate(run, scope, lines);
  console.log(`${engine}: ${lines.toLocaleString('en')} declaration lines, ${(lines / 20).toLocaleString('en')} BOM lines, ${(lines / 2).toLocaleString('en')} warehouse issues generated in ${((performance.now() - generating) / 1000).toFixed(1)} s`);

  const period = await loadPeriod(run, scope.companyId, scope.folderSetId);
  const params = [period.companyId, period.id, period.dateStart, period.dateEnd, period.regime, null, '15'];
  if (process.env.BENCH_EXPLAIN) {
    // The plan of Statement 15 as it runs, to see where the time goes.
    const plan = await run<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statementQuery}`, params);
    console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
  }
  const plain = await timed(() => run(`WITH ${movementsCte} SELECT code, sum(total) FROM effective GROUP BY code`, params));
  let codes = 0;
  const statement = await timed(async () => { codes = (await computeStatement15(run, period)).rows.length; });
  const check = await timed(() => computeCheckStatement(run, period, 1));
  const ratio = statement / plain;
  const onPostgres = engine === 'PostgreSQL';
  console.log(`plain GROUP BY code over the effective lines: ${plain.toFixed(0)} ms (median of ${runs})`);
  console.log(`Statement 15 (${codes} codes): ${statement.toFixed(0)} ms — ${ratio.toFixed(2)}× the plain aggregate (goal ≤ ${goals.ratio}×${onPostgres ? `, < ${goals.statementMs} ms` : ''})`);
  console.log(`check statement: ${check.toFixed(0)} ms — ${(check / plain).toFixed(2)}× the plain aggregate`);
  return { engine, lines, plain, statement, check, met: ratio <= goals.ratio && (!onPostgres || statement < goals.statementMs) };
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL || defaultUrl;
  const results: Measured[] = [];
  if (await recreateDatabase(url)) {
    const database = await openPostgres(url, 4);
    try {
      results.push(await measure(database, 'PostgreSQL', Number(process.env.BENCH_STATEMENT_LINES ?? 1_000_000)));
    } finally {
      await database.close();
    }
  }
  // The embedded database at a tenth of the data: the goal is the ratio only.
  if (process.env.BENCH_PGLITE !== 'false') {
    const database = await openPglite();
    try {
      results.push(await measure(database, 'PGlite', Number(process.env.BENCH_PGLITE_LINES ?? 100_000)));
    } finally {
      await database.close();
    }
  }
  const met = results.every((result) => result.met);
  console.log(met ? 'goals met' : 'goals NOT met');
}

await main();
