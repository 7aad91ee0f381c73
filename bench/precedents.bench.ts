import { createCompany } from '../server/companies/companies.js';
import { issueToken } from '../server/auth/tokens.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { inTransaction } from '../server/db/run.js';
import { findClassificationConflicts } from '../server/precedents/find-classification-conflicts.js';
import { classifyDeclarations } from '../server/resources/declared-classifications.js';
import { refreshDeclarations, refreshEffectiveLines } from '../server/resources/declaration-versions.js';
import { foldedWords } from '../server/precedents/search-precedents.js';
import { openBenchDatabase, percentile } from './harness.js';

/**
 * Classification precedents over a company of a million declaration lines (BENCH_ROWS; 100,000 on the embedded
 * database), beside 200,000 of another company: the precedents search through the HTTP API (target p95 < 50 ms on
 * PostgreSQL), the consistency report (< 2 s), and what keeping the classifications costs their writers: an edited line
 * through the API, a whole folder set re-derived (as a cancel import or a rollback does), an import's conflict check. The
 * same-run baseline is the search answered straight from the lines, as it would be without the kept classifications:
 * every effective line whose name holds the words, grouped by HS code.
 *
 * The lines: declarations of ten lines over 2025, 2,000 material codes with eight kinds of name and their HS codes, 2% of
 * the lines of a code under a second HS code, some names in capitals, 1% of the declarations amended (a second version
 * superseding the first) and 0.5% of the lines cancelled.
 */
const bench = await openBenchDatabase('precedents');
const { database, run, onPostgres, engine, scope } = bench;
const rowCount = Number(process.env.BENCH_ROWS ?? (onPostgres ? 1_000_000 : 100_000));
const noiseRows = Number(process.env.BENCH_NOISE_ROWS ?? rowCount / 5);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const targetP95Ms = 50;
const targetReportMs = 2000;

const generateLines = `
  INSERT INTO ecus_lines (company_id, folder_set_id, account_number, row_number, registered_date, type_code, code, hs, item_name, total, unit)
  SELECT $1::uuid, $2::uuid, '10' || lpad((700000000 + g.decl)::text, 9, '0') || v.version,
         g.line, DATE '2025-01-01' + ((g.decl::bigint * 7727) % 365)::int + v.version,
         (ARRAY['E31', 'E31', 'E31', 'A12', 'E21'])[g.decl % 5 + 1],
         'NPL-' || lpad(g.item::text, 5, '0'),
         CASE WHEN g.i % 53 = 0 THEN kind.alt ELSE kind.hs END,
         CASE WHEN g.i % 17 = 0 THEN upper(kind.name || ' loại ' || g.item) ELSE kind.name || ' loại ' || g.item END,
         ((g.i::bigint * 37) % 5000 + 1)::numeric, kind.unit
    FROM (SELECT i, (i - 1) / 10 AS decl, (i - 1) % 10 + 1 AS line, ((i::bigint * 7919) % 2000)::int AS item
            FROM generate_series($3::int, $4::int) AS i) g
   -- Every hundredth declaration has an amended second version.
   CROSS JOIN LATERAL generate_series(0, CASE WHEN g.decl % 100 = 7 THEN 1 ELSE 0 END) AS v (version)
   CROSS JOIN LATERAL (
     SELECT (ARRAY['Vải cotton 100%', 'Vải lót polyester', 'Cúc nhựa 4 lỗ', 'Khóa kéo kim loại', 'Chỉ may polyester', 'Nhãn dệt', 'Thùng carton 5 lớp', 'Mex dựng'])[g.item % 8 + 1] AS name,
            (ARRAY['52083200', '54075200', '39269099', '96071100', '54011090', '58071000', '48191000', '56031200'])[g.item % 8 + 1] AS hs,
            (ARRAY['52083900', '54076100', '96062100', '96071900', '54012090', '58079090', '48192000', '56039200'])[g.item % 8 + 1] AS alt,
            (ARRAY['MTR', 'MTR', 'PCE', 'PCE', 'CONE', 'PCE', 'PCE', 'MTR'])[g.item % 8 + 1] AS unit) kind`;

async function fill(companyId: string, folderSetId: string, offset: number, count: number, label: string): Promise<void> {
  const batch = 250_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await run(generateLines, [companyId, folderSetId, offset + from, offset + to]);
    process.stdout.write(`\r${label}: ${to.toLocaleString('en')} / ${count.toLocaleString('en')} lines`);
  }
  process.stdout.write('\n');
}

const t0 = performance.now();
await fill(scope.companyId, scope.folderSetId, 0, rowCount, 'company');
const [owner] = await run<{ user_id: string }>('SELECT user_id FROM memberships WHERE company_id = $1', [scope.companyId]);
const neighbour = await createCompany(database.db, owner!.user_id, { name: 'Bench precedents neighbour' });
const [neighbourSet] = await run<{ id: string }>('SELECT id FROM folder_sets WHERE company_id = $1', [neighbour.company.id]);
await fill(neighbour.company.id, neighbourSet!.id, 10_000_000, noiseRows, 'neighbour');
// Amendments supersede their first versions as an import leaves them; some lines are cancelled, as a cancel import
// leaves them.
await refreshDeclarations(run, neighbour.company.id, { folderSetId: neighbourSet!.id });
await refreshDeclarations(run, scope.companyId, { folderSetId: scope.folderSetId });
await run(`INSERT INTO ecus_cancel_records (company_id, folder_set_id, ecus_id, account_number, registered_date, type_code, code, total, cancel_date)
  SELECT company_id, folder_set_id, id, account_number, registered_date, type_code, code, total, registered_date + 3 FROM ecus_lines
   WHERE company_id = $1 AND id % 200 = 3`, [scope.companyId]);
await run(onPostgres ? 'VACUUM (ANALYZE) ecus_lines' : 'ANALYZE ecus_lines');
const timed = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};
const wholeSet = { folderSetId: scope.folderSetId };
const rederived = [await timed(() => inTransaction(database, (tx) => refreshEffectiveLines(tx, scope.companyId, wholeSet)))];
rederived.push(await timed(() => inTransaction(database, (tx) => refreshEffectiveLines(tx, scope.companyId, wholeSet))));
const classified = [await timed(() => inTransaction(database, (tx) => classifyDeclarations(tx, scope.companyId, wholeSet)))];
classified.push(await timed(() => inTransaction(database, (tx) => classifyDeclarations(tx, scope.companyId, wholeSet))));
await run(onPostgres ? 'VACUUM (ANALYZE) ecus_classifications' : 'ANALYZE ecus_classifications');
const [{ lines } = { lines: 0 }] = await run<{ lines: number }>('SELECT count(*)::int AS lines FROM ecus_lines WHERE company_id = $1', [scope.companyId]);
console.log(`${engine}: ${lines.toLocaleString('en')} lines in the company (amended versions included), ${noiseRows.toLocaleString('en')} in another, made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const ms = (value: number) => `${value.toFixed(1)} ms`;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

const [{ kept } = { kept: 0 }] = await run<{ kept: number }>('SELECT count(*)::int AS kept FROM ecus_classifications WHERE company_id = $1', [scope.companyId]);
console.log(`kept classifications: ${kept.toLocaleString('en')} rows; a whole folder set re-derived (a cancel import's or a rollback's work): `
  + `monthly sums and classifications ${rederived.map(ms).join(', ')}, of which the classifications ${classified.map(ms).join(', ')}`);

// An import's conflict check, before its final transaction: 2,000 lines of 200 item codes, a tenth of them under an HS
// code of their own, as the import keeps them added up.
await run(`CREATE UNLOGGED TABLE bench_imported AS
  SELECT folder_set_id, code, folded, max(name) AS name, CASE WHEN code < 'NPL-00020' THEN '99999999' ELSE hs END AS hs, type_code,
         sum(lines)::int AS lines, min(first_day) AS first_day, max(last_day) AS last_day, max(last_line) AS last_line
    FROM ecus_classifications WHERE company_id = $1 AND code < 'NPL-00200' GROUP BY 1, 2, 3, 5, 6`, [scope.companyId]);
const checks: number[] = [];
let conflicts = 0;
for (let i = 0; i < 5; i += 1) {
  checks.push(await timed(async () => { conflicts = (await findClassificationConflicts({ run, companyId: scope.companyId, imported: 'bench_imported' })).count; }));
}
await run('DROP TABLE bench_imported');

const app = await buildApp({ config: { ...loadConfig({ DATA_DIR: '/tmp/dutybook-bench-precedents' }), logLevel: 'error' }, database });
await app.ready();
const { access_token: token } = await issueToken({ db: database.db, userId: owner!.user_id, ttlHours: 1 });
const [company] = await run<{ slug: string }>('SELECT slug FROM companies WHERE id = $1', [scope.companyId]);
const get = async (url: string) => {
  const answer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
  return answer;
};
const queries = ['vai cotton', 'khoa keo kim loai', 'NPL-00042', 'cuc nhua 4 lo', 'chi may polyestr', 'nhan det loai 1413', 'thung carton', '5208', 'mex', 'VẢI LÓT'];
const precedentsUrl = (q: string) => `/api/new-balance/classification-precedents/?${new URLSearchParams({ company_slug: company!.slug, q, lang: 'en' })}`;

for (const q of queries.slice(0, 3)) await get(precedentsUrl(q));
const searches: number[] = [];
const byQuery = new Map<string, number[]>();
for (let i = 0; i < requests; i += 1) {
  const q = queries[i % queries.length]!;
  const start = performance.now();
  await get(precedentsUrl(q));
  const took = performance.now() - start;
  searches.push(took);
  byQuery.set(q, [...byQuery.get(q) ?? [], took]);
}
const search = summary(searches);

// An effective line's HS code edited through the API, each edit followed by a search that must show it.
const [edited] = await run<{ id: number; hs: string }>(
  `SELECT e.id, e.hs FROM ecus_lines e WHERE e.company_id = $1 AND e.code = 'NPL-01413'
      AND NOT EXISTS (SELECT 1 FROM ecus_superseded_lines s WHERE s.folder_set_id = e.folder_set_id AND s.line_id = e.id)
      AND NOT EXISTS (SELECT 1 FROM ecus_cancel_records c WHERE c.company_id = $1 AND c.ecus_id = e.id)
    ORDER BY e.registered_date DESC, e.id DESC LIMIT 1`, [scope.companyId]);
const edits: number[] = [];
for (let i = 0; i < 20; i += 1) {
  const hs = i % 2 === 0 ? '58079090' : edited!.hs;
  edits.push(await timed(async () => {
    const answer = await app.inject({ method: 'PUT', url: `/api/balance/ecus/${edited!.id}/`, headers: { authorization: `Bearer ${token}` }, payload: { hs } });
    if (answer.statusCode !== 200) throw new Error(`edit: ${answer.statusCode} ${answer.body}`);
  }));
  const found = (await get(precedentsUrl('NPL-01413'))).json<{ results: Array<{ hs: string }> }>().results.map((result) => result.hs);
  if (!found.includes(hs)) throw new Error(`the search after an edit to ${hs} answered ${found.join(', ')}`);
}
const edit = summary(edits);

// The baseline: the same words answered from the lines themselves, effective lines only, grouped by HS code.
const direct = async (q: string) => {
  const { words } = foldedWords(q);
  return run(`SELECT e.hs, count(*) AS lines, min(e.registered_date), max(e.registered_date) FROM ecus_lines e
     WHERE e.company_id = $1 AND e.hs IS NOT NULL AND ${words.map((_, index) => `fold_text(e.item_name) LIKE $${index + 2}`).join(' AND ')}
       AND NOT EXISTS (SELECT 1 FROM ecus_superseded_lines s WHERE s.folder_set_id = e.folder_set_id AND s.line_id = e.id)
       AND NOT EXISTS (SELECT 1 FROM ecus_cancel_records c WHERE c.company_id = $1 AND c.folder_set_id = e.folder_set_id AND c.ecus_id = e.id)
     GROUP BY e.hs ORDER BY 2 DESC LIMIT 20`, [scope.companyId, ...words.map((word) => `%${word}%`)]);
};
const baseline: number[] = [];
for (const q of ['vai cotton', 'khoa keo kim loai', 'thung carton']) {
  const start = performance.now();
  await direct(q);
  baseline.push(performance.now() - start);
}
const base = summary(baseline);

const reportWarm: number[] = [];
for (let i = 0; i < 5; i += 1) {
  const start = performance.now();
  await get(`/api/new-balance/classification-consistency/?company_slug=${company!.slug}`);
  reportWarm.push(performance.now() - start);
}
// Right after a line was written: nothing is rebuilt on the read.
await app.inject({ method: 'PUT', url: `/api/balance/ecus/${edited!.id}/`, headers: { authorization: `Bearer ${token}` }, payload: { hs: '58079090' } });
const coldStart = performance.now();
const report = await get(`/api/new-balance/classification-consistency/?company_slug=${company!.slug}`);
const reportCold = performance.now() - coldStart;
const warm = summary(reportWarm);
await app.close();

console.log(`\nprecedents search, ${requests} requests over ${queries.length} queries through the API: median ${ms(search.median)}, p95 ${ms(search.p95)}`);
console.log(`  by query (median): ${[...byQuery].map(([q, samples]) => `'${q}' ${ms(summary(samples).median)}`).join(', ')}`);
console.log(`baseline, the same words grouped straight from the lines: median ${ms(base.median)} (${(base.median / search.median).toFixed(0)}× the search's median)`);
console.log(`a line's HS code edited through the API, 20 edits: median ${ms(edit.median)}, p95 ${ms(edit.p95)} (each search after it showed the new code)`);
console.log(`an import's conflict check (200 item codes, ${conflicts} of them under a second HS code): median ${ms(summary(checks).median)}`);
console.log(`consistency report (${report.json<{ results: unknown[] }>().results.length} items): median ${ms(warm.median)}, ${ms(reportCold)} right after a line was edited`);
console.log(`precedents p95 < ${targetP95Ms} ms: ${search.p95 < targetP95Ms ? 'met' : 'MISSED'}; consistency report < ${targetReportMs} ms after an edit: ${reportCold < targetReportMs ? 'met' : 'MISSED'}`);
if (!onPostgres) console.log('(embedded database: indicative only; the targets are judged on PostgreSQL)');
await database.close();
