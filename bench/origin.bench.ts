import { computeSchedule } from '../server/origin/compute-schedule.js';
import type { AgreementCode } from '../common/agreements.js';
import { type BenchDatabase, medianMs, openBenchDatabase } from './harness.js';

/**
 * Origin schedules in bulk: on PostgreSQL 1,000 export lines judged under 3 agreements over a 50,000-line BOM
 * (1,000 products of 50 materials) and 200,000 import lines (a third with Form D, a third with Form AK); on the
 * embedded database a tenth of that. Reported as schedules a second against the baseline measured in the same
 * run: one SQL join of every export line's BOM with the import lines of its materials, the highest-valued line
 * per material — the pricing work of all the schedules in a single statement, without the rule, the C/O stock
 * or the answer.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/dutybook_bench_origin, recreated; without a
 * reachable server the benchmark runs on PGlite), BENCH_ORIGIN_EXPORTS, BENCH_RUNS (3).
 */
const runs = Number(process.env.BENCH_RUNS ?? 3);
const agreementsJudged: AgreementCode[] = ['ATIGA', 'AK', 'EV'];
const materialsPerProduct = 50;

async function generate({ run, scope }: BenchDatabase, exports: number): Promise<{ bomLines: number; importLines: number }> {
  const products = exports;
  const materials = 5 * products;
  const importLines = 200 * exports;
  const params = [scope.companyId, scope.folderSetId];
  // Each product uses 50 materials; materials are spread over chapters 39, 72, 73, 84 and 85 so that CTH decides.
  await run(`
    INSERT INTO bom_lines (company_id, folder_set_id, code, material_code, material_unit, bom_value, loss_rate)
    SELECT $1, $2, 'SP-' || p, 'NPL-' || ((p * 7 + k * 101) % ${materials}), 'KGM', 0.05 + (k % 9) / 20.0, k % 3
      FROM generate_series(0, ${products - 1}) p CROSS JOIN generate_series(0, ${materialsPerProduct - 1}) k`, params);
  // Ten lines a declaration, every material imported about forty times over the year, at values a tenth apart.
  await run(`
    INSERT INTO ecus_lines (company_id, folder_set_id, account_number, row_number, registered_date, type_code, code, item_name, hs,
                            total, unit, total_value, unit_price, exchange_rate, co_form, co_number)
    SELECT $1, $2, '1' || lpad((n / 10)::text, 10, '0') || '0', n % 10 + 1, DATE '2025-01-01' + (n % 300), 'E31',
           'NPL-' || (n % ${materials}), 'Material ' || (n % ${materials}),
           (ARRAY['3926', '7318', '7326', '8481', '8536'])[1 + (n % ${materials}) % 5] || lpad(((n % ${materials}) % 100)::text, 4, '0'),
           1000 + n % 500, 'KGM', (1000 + n % 500) * (1 + (n % 37) / 10.0), 1 + (n % 37) / 10.0, 1,
           CASE n % 3 WHEN 0 THEN 'D' WHEN 1 THEN 'AK' END, CASE WHEN n % 3 < 2 THEN 'CO-' || n END
      FROM generate_series(0, ${importLines - 1}) n`, params);
  await run(`
    INSERT INTO ecus_lines (company_id, folder_set_id, account_number, row_number, registered_date, type_code, code, item_name, hs,
                            total, unit, unit_price, nt_value, total_value, exchange_rate, price_condition)
    SELECT $1, $2, '3' || lpad(p::text, 10, '0') || '0', 1, DATE '2025-11-01' + (p % 30), 'E62', 'SP-' || p, 'Product ' || p, '85166010',
           10, 'PCE', 400, 4000, 4000, 1, 'FOB'
      FROM generate_series(0, ${products - 1}) p`, params);
  await run(`INSERT INTO lookup_origin_rule (year, hs, agreement, rule) VALUES
    (2025, '8516', 'ATIGA', 'RVC40 or CTH'), (2025, '8516', 'AK', 'RVC40 or CTH'), (2025, '8516', 'EV', 'MaxNOM 50% (EXW)')`);
  await run('ANALYZE');
  return { bomLines: products * materialsPerProduct, importLines };
}

/** Every export line's materials priced by its highest-valued import line, in one statement. */
const baselineJoin = `
  SELECT count(*) AS priced, sum(value) AS total FROM (
    SELECT DISTINCT ON (x.id, b.material_code) b.bom_value * i.total_value / nullif(i.total, 0) AS value
      FROM ecus_lines x
      JOIN bom_lines b ON b.company_id = x.company_id AND b.folder_set_id = x.folder_set_id AND b.code = x.code
      JOIN ecus_lines i ON i.company_id = x.company_id AND i.folder_set_id = x.folder_set_id AND i.code = b.material_code
                       AND i.account_number LIKE '1%' AND i.registered_date <= x.registered_date
     WHERE x.company_id = $1 AND x.folder_set_id = $2 AND x.account_number LIKE '3%'
     ORDER BY x.id, b.material_code, i.total_value / nullif(i.total, 0) DESC) priced`;

async function main(): Promise<void> {
  const bench = await openBenchDatabase('origin');
  const { run, scope, engine, onPostgres } = bench;
  try {
    const exports = Number(process.env.BENCH_ORIGIN_EXPORTS ?? (onPostgres ? 1000 : 100));
    const generating = performance.now();
    const sizes = await generate(bench, exports);
    console.log(`${engine}: ${exports.toLocaleString('en')} export lines, ${sizes.bomLines.toLocaleString('en')} BOM lines, ${sizes.importLines.toLocaleString('en')} import lines generated in ${((performance.now() - generating) / 1000).toFixed(1)} s`);

    const lines = await run<{ id: number }>(`SELECT id FROM ecus_lines WHERE company_id = $1 AND folder_set_id = $2 AND account_number LIKE '3%' ORDER BY id`, [scope.companyId, scope.folderSetId]);
    const costs = { domestic_expenses: 20, freight: 0, insurance: 0, oversea_expenses: 0, imported_expenses: 0, user_input: 0, price_input: 0 };
    const judgeAll = async (subset: Array<{ id: number }>) => {
      for (const { id } of subset) {
        for (const option of agreementsJudged) {
          await computeSchedule(run, scope, { company_slug: '', folder_slug: '', id, option, price_option: 'high_price', ...costs });
        }
      }
    };
    // One pass over every line is thousands of schedules already: it is timed once, after a few to warm up.
    await judgeAll(lines.slice(0, 10));
    const started = performance.now();
    await judgeAll(lines);
    const scheduleMs = performance.now() - started;
    const schedules = lines.length * agreementsJudged.length;
    const schedulesPerSecond = schedules / (scheduleMs / 1000);

    let priced = 0;
    const baselineMs = await medianMs(async () => { priced = Number((await run<{ priced: string }>(baselineJoin, [scope.companyId, scope.folderSetId]))[0]!.priced); }, runs);
    const baselinePerSecond = lines.length / (baselineMs / 1000);

    console.log(`baseline, one join of BOM × import lines pricing ${priced.toLocaleString('en')} materials of ${lines.length.toLocaleString('en')} export lines: ${baselineMs.toFixed(0)} ms — ${baselinePerSecond.toFixed(0)} export lines/s (median of ${runs})`);
    console.log(`origin schedules, ${lines.length.toLocaleString('en')} lines × ${agreementsJudged.length} agreements (${agreementsJudged.join(', ')}) one after another: ${(scheduleMs / 1000).toFixed(1)} s — ${schedulesPerSecond.toFixed(0)} schedules/s, ${(scheduleMs / schedules).toFixed(1)} ms each`);
    console.log(`schedules/s ÷ baseline export lines/s: ${(schedulesPerSecond / baselinePerSecond).toFixed(2)}`);
  } finally {
    await bench.database.close();
  }
}

await main();
