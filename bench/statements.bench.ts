import { type Database, migrateDatabase, openPglite, openPostgres } from '../server/db/client.js';
import { computeCheckStatement, computeForm16, computeStatement15, computeStatement15a } from '../server/reports/compute-statements.js';
import { inReportTransaction } from '../server/reports/report-runs.js';
import { computeTariffCheck } from '../server/reports/tariff-check.js';
import { tariffCheckPageSize } from '../common/statements/schemas.js';
import { customsYear, generatedCustomsYear } from './customs-year.js';
import { checkStatementQuery, movementsCte, statementQuery } from '../server/reports/statement-sql.js';
import { coFormSchedules, exemptImportTypes } from '../server/reports/tariff-rates.js';
import { medianMs, recreateDatabase } from './harness.js';

/**
 * Statement 15, Statement 15A, the check statement, Form 16 and the tariff check's first page over a large year: on PostgreSQL 1,000,000 declaration lines
 * (10 a declaration, 5% amended, 1% cancelled), 50,000 BOM lines and 500,000 warehouse issues; then on the embedded
 * database a tenth of that. Each report is computed from scratch as a report run computes it (not answered from a kept
 * result), and reported as a ratio against one plain `GROUP BY code` over the same effective lines, measured in the same
 * run (goals: each report under 1 s on PostgreSQL; Statement 15 at most 3× the plain aggregate).
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/dutybook_bench_statements, recreated; without
 * a reachable server only PGlite runs), BENCH_STATEMENT_LINES (PostgreSQL, 1,000,000; 10000000 for the ten-million
 * size, which takes some minutes to generate and about 12 GB of disk), BENCH_PGLITE_LINES (100,000; BENCH_PGLITE=false
 * skips it), BENCH_RUNS (5), BENCH_EXPLAIN=1 prints the plans of Statement 15 and of the check statement with their
 * timings, BENCH_REUSE=1 measures the year an earlier run left in the PostgreSQL database (not recreated) instead of
 * generating it again.
 */
const defaultUrl = 'postgres://postgres@127.0.0.1:5432/dutybook_bench_statements';
const runs = Number(process.env.BENCH_RUNS ?? 5);
const reuse = process.env.BENCH_REUSE === '1';
const goals = { reportMs: 1000, ratio: 3 };

const timed = (work: () => Promise<unknown>) => medianMs(work, runs);

interface Measured { engine: string; lines: number; plain: number; statement: number; statement15a: number; check: number; form16: number; tariffCheck: number; met: boolean }

/** Generates the data on one engine and measures the plain aggregate, Statements 15 and 15A and the check statement. */
async function measure(database: Database, engine: 'PostgreSQL' | 'PGlite', lines: number): Promise<Measured> {
  await migrateDatabase(database);
  console.log(`${engine}:`);
  const generated = reuse && engine === 'PostgreSQL' ? await generatedCustomsYear(database, 'statements') : null;
  if (generated) console.log(`the year generated before: ${generated.lines.toLocaleString('en')} declaration lines (with the versions)`);
  const { period } = generated ?? await customsYear(database, 'statements', lines);
  const params = [period.companyId, period.id, period.dateStart, period.dateEnd, period.regime, null, '15'];
  if (process.env.BENCH_EXPLAIN) {
    // The plans as they run, to see where the time goes.
    const plans = { 'Statement 15': [statementQuery, params], 'check statement': [checkStatementQuery, [...params, 1, JSON.stringify(coFormSchedules), exemptImportTypes[period.regime] ?? []]] } as const;
    for (const [report, [query, values]] of Object.entries(plans)) {
      const plan = await inReportTransaction(database, (tx) => tx<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, [...values]));
      console.log(`${report}:\n${plan.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
  }
  const plain = await timed(() => inReportTransaction(database, (tx) => tx(`WITH ${movementsCte} SELECT code, sum(total) FROM effective GROUP BY code`, params)));
  let codes = 0;
  // As a report run computes them (server/reports/report-runs.ts).
  const statement = await timed(async () => { codes = (await inReportTransaction(database, (tx) => computeStatement15(tx, period))).rows.length; });
  const statement15a = await timed(() => inReportTransaction(database, (tx) => computeStatement15a(tx, period)));
  const check = await timed(() => inReportTransaction(database, (tx) => computeCheckStatement(tx, period, 1)));
  const form16 = await timed(() => inReportTransaction(database, (tx) => computeForm16(tx, period)));
  let listed = 0;
  // The first page as the screen asks for it, with the counts of every listed line.
  const tariffCheck = await timed(async () => { listed = (await inReportTransaction(database, (tx) => computeTariffCheck(tx, period, { limit: tariffCheckPageSize, offset: 0 }))).listedLines; });
  const ratio = statement / plain;
  const onPostgres = engine === 'PostgreSQL';
  const times = (ms: number) => `${ms.toFixed(0)} ms — ${(ms / plain).toFixed(2)}× the plain aggregate`;
  const underGoal = (ms: number) => !onPostgres || ms < goals.reportMs;
  console.log(`plain GROUP BY code over the effective lines: ${plain.toFixed(0)} ms (median of ${runs})`);
  console.log(`Statement 15 (${codes} codes): ${times(statement)} (goal ≤ ${goals.ratio}×${onPostgres ? `, < ${goals.reportMs} ms` : ''})`);
  console.log(`Statement 15A: ${times(statement15a)}${onPostgres ? ` (goal < ${goals.reportMs} ms)` : ''}`);
  console.log(`check statement: ${times(check)}${onPostgres ? ` (goal < ${goals.reportMs} ms)` : ''}`);
  console.log(`Form 16: ${times(form16)}`);
  console.log(`tariff check, first page (${listed.toLocaleString('en')} lines listed): ${times(tariffCheck)}`);
  return { engine, lines, plain, statement, statement15a, check, form16, tariffCheck, met: ratio <= goals.ratio && [statement, statement15a, check].every(underGoal) };
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL || defaultUrl;
  const results: Measured[] = [];
  if (reuse || await recreateDatabase(url)) {
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
