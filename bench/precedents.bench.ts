import { createCompany } from '../server/companies/companies.js';
import { issueToken } from '../server/auth/tokens.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { companyDataChanged } from '../server/db/data-version.js';
import { refreshDeclarations } from '../server/resources/declaration-versions.js';
import { ensureClassifications } from '../server/precedents/classifications.js';
import { foldedWords } from '../server/precedents/search-precedents.js';
import { openBenchDatabase, percentile } from './harness.js';

/**
 * Classification precedents over a company of a million declaration lines (BENCH_ROWS; 100,000 on the embedded
 * database), beside 200,000 of another company: the precedents search through the HTTP API (target p95 < 50 ms on
 * PostgreSQL), the consistency report (< 2 s), and the rebuild of the kept classifications a data change costs the first
 * read after it. The same-run baseline is the search answered straight from the lines, as it would be without the kept
 * classifications: every effective line whose name holds the words, grouped by HS code.
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
// Amendments supersede their first versions as an import leaves them; some lines are cancelled.
await refreshDeclarations(run, scope.companyId, { folderSetId: scope.folderSetId });
await run(`INSERT INTO ecus_cancel_records (company_id, folder_set_id, ecus_id, account_number, registered_date, type_code, code, total, cancel_date)
  SELECT company_id, folder_set_id, id, account_number, registered_date, type_code, code, total, registered_date + 3 FROM ecus_lines
   WHERE company_id = $1 AND id % 200 = 3`, [scope.companyId]);
await run(onPostgres ? 'VACUUM (ANALYZE) ecus_lines' : 'ANALYZE ecus_lines');
await companyDataChanged(run, scope.companyId);
const [{ lines } = { lines: 0 }] = await run<{ lines: number }>('SELECT count(*)::int AS lines FROM ecus_lines WHERE company_id = $1', [scope.companyId]);
console.log(`${engine}: ${lines.toLocaleString('en')} lines in the company (amended versions included), ${noiseRows.toLocaleString('en')} in another, made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const ms = (value: number) => `${value.toFixed(1)} ms`;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

// The kept classifications, rebuilt as the first read after a data change does.
const rebuilds: number[] = [];
for (let i = 0; i < 2; i += 1) {
  await companyDataChanged(run, scope.companyId);
  const start = performance.now();
  await ensureClassifications(database, scope.companyId);
  rebuilds.push(performance.now() - start);
}
const [{ kept } = { kept: 0 }] = await run<{ kept: number }>('SELECT count(*)::int AS kept FROM ecus_classifications WHERE company_id = $1', [scope.companyId]);
console.log(`kept classifications: ${kept.toLocaleString('en')} rows, rebuilt in ${rebuilds.map(ms).join(', ')}`);

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
await companyDataChanged(run, scope.companyId);
const coldStart = performance.now();
const report = await get(`/api/new-balance/classification-consistency/?company_slug=${company!.slug}`);
const reportCold = performance.now() - coldStart;
const warm = summary(reportWarm);
await app.close();

console.log(`\nprecedents search, ${requests} requests over ${queries.length} queries through the API: median ${ms(search.median)}, p95 ${ms(search.p95)}`);
console.log(`  by query (median): ${[...byQuery].map(([q, samples]) => `'${q}' ${ms(summary(samples).median)}`).join(', ')}`);
console.log(`baseline, the same words grouped straight from the lines: median ${ms(base.median)} (${(base.median / search.median).toFixed(0)}× the search's median)`);
console.log(`consistency report (${report.json<{ results: unknown[] }>().results.length} items): median ${ms(warm.median)} with the kept classifications current, ${ms(reportCold)} right after a data change (rebuild included)`);
console.log(`precedents p95 < ${targetP95Ms} ms: ${search.p95 < targetP95Ms ? 'met' : 'MISSED'}; consistency report < ${targetReportMs} ms after a change: ${reportCold < targetReportMs ? 'met' : 'MISSED'}`);
if (!onPostgres) console.log('(embedded database: indicative only; the targets are judged on PostgreSQL)');
await database.close();
