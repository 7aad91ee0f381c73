import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { resourceNamed } from '../common/resources/index.js';
import { defaultPageSize, type Page, type Row } from '../common/resources/schemas.js';
import { buildApp } from '../server/app.js';
import { users } from '../server/auth/tables.js';
import { issueToken } from '../server/auth/tokens.js';
import { createCompany, createFolderSet } from '../server/companies/companies.js';
import { loadConfig } from '../server/config.js';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../server/db/client.js';
import { runner } from '../server/db/run.js';
import { searchCountCap } from '../server/resources/list-rows.js';
import { type ListParameters, pageQuery, whereClause } from '../server/resources/row-sql.js';
import { Statement } from '../server/db/statement.js';
import type { Scope } from '../server/access.js';

/**
 * A business table at scale: one company's folder set holding a million declaration lines (beside two
 * other companies' lines), listed through the real HTTP API with a bearer token, against the very
 * statements the engine runs (page and count side by side) sent straight to the pool. The targets are
 * defined on PostgreSQL (BENCH_DATABASE_URL, created when missing); without it the benchmark runs on
 * a fresh embedded database with fewer rows, which says little about the targets.
 *
 * BENCH_ROWS (1,000,000 on PostgreSQL), BENCH_NOISE_ROWS (200,000 in each other company),
 * BENCH_REQUESTS (200 per case after 20 warm-up), BENCH_SEARCH_REQUESTS (5 after 1: it reads the whole folder set), BENCH_FRESH=1 to rebuild
 * data a previous run left, BENCH_EXPLAIN=1 to print the plans even when the targets hold.
 */
const url = process.env.BENCH_DATABASE_URL;
const onPostgres = Boolean(url);
const rowCount = Number(process.env.BENCH_ROWS ?? (onPostgres ? 1_000_000 : 100_000));
const noiseRows = Number(process.env.BENCH_NOISE_ROWS ?? (onPostgres ? 200_000 : 20_000));
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const warmup = Number(process.env.BENCH_WARMUP ?? 20);
const searchRequests = Number(process.env.BENCH_SEARCH_REQUESTS ?? 5);
const targetP95Ms = 100;
const targetRatio = 2;

const ecus = resourceNamed('ecus');
const benchEmail = 'bench-tables@dutybook.local';
const companyPrefix = 'Bench Tables';
/** Kept in the main company's description: data a previous run left is reused only if it was made the same way. */
const marker = `tables bench v1: ${rowCount} rows, 2 × ${noiseRows} noise`;

/** Creates the benchmark database when the server does not have it yet. */
async function ensureDatabase(databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
      console.log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Lines `from`..`to` of a folder set, computed in SQL: declarations of ten lines with a type code (E31
 * most, then E62, A12, E21, B13, G13), a date anywhere in 2025, one of ~2,000 codes, and quantities,
 * prices and values that vary line by line.
 */
const generateLines = `
  INSERT INTO ecus_lines (company_id, folder_set_id, account_number, row_number, registered_date, type_code, code, hs, item_name,
    from_country, total, unit, unit_price, currency, exchange_rate, nt_value, total_value, partner, invoice_no, bill_date)
  SELECT $1::uuid, $2::uuid,
         CASE WHEN d.exporting THEN '30' ELSE '10' END || lpad((700000000 + g.decl)::text, 9, '0') || '0',
         g.line, d.day, d.type_code,
         CASE WHEN d.exporting THEN 'SP-' || lpad((g.item % 300)::text, 4, '0') ELSE 'NPL-' || lpad(g.item::text, 5, '0') END,
         lpad(((g.item::bigint * 104729) % 90000000 + 10000000)::text, 8, '0'),
         (ARRAY['Vải cotton 100%', 'Vải lót polyester', 'Cúc nhựa 4 lỗ', 'Khóa kéo kim loại', 'Chỉ may polyester', 'Nhãn dệt', 'Thùng carton 5 lớp', 'Mex dựng'])[g.item % 8 + 1] || ' loại ' || g.item,
         CASE WHEN d.exporting THEN 'VN' ELSE (ARRAY['CN', 'KR', 'JP', 'TW', 'TH', 'IN'])[g.item % 6 + 1] END,
         v.total, (ARRAY['MTR', 'PCE', 'KGM', 'SET', 'CONE'])[g.item % 5 + 1], v.price, 'USD', v.rate,
         v.total * v.price, round(v.total * v.price * v.rate),
         (ARRAY['Shaoxing Huamei Textile Co., Ltd.', 'Daegu Fabric Co., Ltd.', 'Nishida Fastener Co., Ltd.', 'Nordic Apparel AB', 'Osaka Fashion Co., Ltd.', 'Hanbit Fashion Co., Ltd.', 'Siam Trims Co., Ltd.', 'Pacific Garments Inc.'])[g.decl % 8 + 1],
         'INV-' || g.decl, d.day - 3
    FROM (SELECT i, (i - 1) / 10 AS decl, (i - 1) % 10 + 1 AS line, ((i::bigint * 7919) % 2000)::int AS item
            FROM generate_series($3::int, $4::int) AS i) g
   CROSS JOIN LATERAL (
     SELECT t.type_code, t.type_code IN ('E62', 'B13') AS exporting, DATE '2025-01-01' + ((g.decl::bigint * 7727) % 365)::int AS day
       FROM (SELECT (ARRAY['E31', 'E31', 'E31', 'E31', 'E31', 'E31', 'E31', 'E31', 'E62', 'E62', 'E62', 'E62', 'E62', 'E62',
                           'A12', 'A12', 'E21', 'E21', 'B13', 'G13'])[(g.decl::bigint * 37 % 20)::int + 1] AS type_code) t) d
   CROSS JOIN LATERAL (
     SELECT ((g.i::bigint * 37) % 5000 + 1)::numeric AS total, (((g.item::bigint * 131) % 50000 + 10) / 10000.0)::numeric AS price,
            (25000 + g.decl % 500)::numeric AS rate) v`;

interface Target { token: string; companySlug: string; folderSlug: string; scope: Scope }

async function fill(database: Database, companyId: string, folderSetId: string, offset: number, count: number, label: string): Promise<void> {
  const run = runner(database);
  const batch = 250_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await run(generateLines, [companyId, folderSetId, offset + from, offset + to]);
    process.stdout.write(`\r${label}: ${to.toLocaleString('en')} / ${count.toLocaleString('en')} lines`);
  }
  process.stdout.write('\n');
}

/** A user with a bearer token, the measured company and two noisy neighbours, each with a 2025 folder set. */
async function prepare(database: Database): Promise<Target> {
  const { db } = database;
  const run = runner(database);
  let [user] = await db.select().from(users).where(eq(users.email, benchEmail)).limit(1);
  user ??= (await db.insert(users).values({ email: benchEmail, name: 'Benchmark', isVerified: true }).returning())[0];
  if (!user) throw new Error('the benchmark user was not saved');
  const { access_token: token } = await issueToken({ db, userId: user.id, ttlHours: 2 });

  const [kept] = await run<{ company_id: string; slug: string; folder_set_id: string }>(
    `SELECT c.id AS company_id, c.slug, f.id AS folder_set_id FROM companies c JOIN folder_sets f ON f.company_id = c.id AND f.slug = '2025'
      WHERE c.created_by = $1 AND c.name = $2 AND c.description = $3`, [user.id, `${companyPrefix} Main`, marker]);
  if (kept && !process.env.BENCH_FRESH) {
    console.log(`data: reusing the lines a previous run left (${marker}); BENCH_FRESH=1 rebuilds them`);
    return { token, companySlug: kept.slug, folderSlug: '2025', scope: { companyId: kept.company_id, folderSetId: kept.folder_set_id, role: 'owner', importing: [], imported: [] } };
  }

  const t0 = performance.now();
  const removed = await run('DELETE FROM companies WHERE created_by = $1 AND name LIKE $2 RETURNING id', [user.id, `${companyPrefix} %`]);
  if (removed.length > 0) console.log(`removed ${removed.length} companies a previous run left`);
  let target: Target | undefined;
  for (const [index, name] of ['Main', 'Neighbour A', 'Neighbour B'].entries()) {
    const { company } = await createCompany(db, user.id, { name: `${companyPrefix} ${name}`, companyType: 'SXXK' });
    const folderSet = await createFolderSet(db, company, { name: '2025', year: 2025, date_start: '2025-01-01', date_end: '2025-12-31', type_code: 'SXXK' });
    const [scope] = await run<{ id: string }>('SELECT id FROM folder_sets WHERE company_id = $1 AND slug = $2', [company.id, folderSet.slug]);
    const count = index === 0 ? rowCount : noiseRows;
    await fill(database, company.id, scope!.id, index * 10_000_000, count, `${company.name}`);
    if (index === 0) target = { token, companySlug: company.slug, folderSlug: folderSet.slug, scope: { companyId: company.id, folderSetId: scope!.id, role: 'owner', importing: [], imported: [] } };
  }
  await run('UPDATE companies SET description = $2 WHERE id = $1', [target!.scope.companyId, marker]);
  // A bulk load is followed by autovacuum on a live server; do it now so the plans are the steady ones.
  await run('VACUUM (ANALYZE) ecus_lines');
  console.log(`data: ${(rowCount + 2 * noiseRows).toLocaleString('en')} lines generated and analysed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return target!;
}

/** The two statements listRows builds for these parameters: the page, and the count without LIMIT and OFFSET (of a search, up to the cap). */
function engineStatements(scope: Scope, parameters: ListParameters) {
  const page = Number(parameters.page ?? 1);
  const pageSize = Number(parameters.page_size ?? defaultPageSize);
  const statement = new Statement();
  const where = whereClause(statement, ecus, scope, parameters);
  const limit = statement.param(pageSize);
  const offset = statement.param((page - 1) * pageSize);
  // A search counts its matches only up to the cap, as the engine does (listRows), and answers the cap beyond it.
  const searching = Boolean(parameters.search?.trim());
  return {
    page: { text: pageQuery(ecus, where, parameters.ordering, limit, offset), params: statement.params },
    count: {
      text: searching
        ? `SELECT least(count(*), ${searchCountCap})::int AS count FROM (SELECT 1 FROM ${ecus.table} WHERE ${where} LIMIT ${searchCountCap + 1}) matched`
        : `SELECT count(*)::int AS count FROM ${ecus.table} WHERE ${where}`,
      params: statement.params.slice(0, -2),
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

async function timed(count: number, warm: number, once: () => Promise<void>, beforeMeasuring: () => void = () => undefined): Promise<number[]> {
  for (let i = 0; i < warm; i += 1) await once();
  beforeMeasuring();
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    await once();
    samples.push(performance.now() - t0);
  }
  return samples;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dutybook-bench-'));
  if (url) await ensureDatabase(url);
  else {
    console.log('NOTE: the targets are defined on PostgreSQL; set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/dutybook_bench).');
    console.log(`Running on a fresh embedded PGlite database with ${rowCount.toLocaleString('en')} lines instead: the figures do not judge the targets.`);
  }
  const database = url ? await openPostgres(url) : await openPglite({ dataDir: path.join(dataDir, 'db') });
  try {
    await migrateDatabase(database);
    const target = await prepare(database);
    const run = runner(database);

    // Errors only, so that a failing request shows its cause.
    const app = await buildApp({ config: { ...loadConfig({ DATA_DIR: dataDir }), webDir: path.join(dataDir, 'no-web'), logLevel: 'error' }, database }, { logger: true });
    // Time spent in the server per request, from the first byte read to the last one handed to the socket.
    const serverTimes: number[] = [];
    app.server.on('request', (_request, response) => {
      const t0 = performance.now();
      response.once('finish', () => serverTimes.push(performance.now() - t0));
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { authorization: `Bearer ${target.token}` };

    const filtered = { type_code: 'E31', registered_date__gte: '2025-03-01', registered_date__lte: '2025-06-30', ordering: '-registered_date', page_size: '50' };
    // Page 200 of the filtered list, or its last page when a small data set has fewer.
    const { count: filteredCount } = (await run<{ count: number }>(engineStatements(target.scope, filtered).count.text, engineStatements(target.scope, filtered).count.params))[0]!;
    const deepPage = Math.max(1, Math.min(200, Math.ceil(filteredCount / 50)));
    const cases: Array<{ name: string; parameters: ListParameters; requests: number; warmup: number }> = [
      { name: 'first page: E31, Mar–Jun, newest first', parameters: filtered, requests, warmup },
      { name: `deep page: the same, page ${deepPage}`, parameters: { ...filtered, page: String(deepPage) }, requests, warmup },
      { name: "search 'khoa keo', whole folder set", parameters: { search: 'khoa keo', page_size: '50' }, requests: searchRequests, warmup: 1 },
    ];

    const results = [];
    for (const item of cases) {
      const query = new URLSearchParams({ company_slug: target.companySlug, folder_slug: target.folderSlug, ...item.parameters } as Record<string, string>);
      const apiUrl = `${address}/api/${ecus.family}/${ecus.name}/?${query.toString()}`;
      const statements = engineStatements(target.scope, item.parameters);
      const direct = async () => Promise.all([run<Row>(statements.page.text, statements.page.params), run<{ count: number }>(statements.count.text, statements.count.params)]);

      // Both sides must answer the same rows, or the comparison means nothing.
      const answer = await fetch(apiUrl, { headers });
      if (!answer.ok) throw new Error(`${item.name}: the API answered ${answer.status} ${await answer.text()}`);
      const page = (await answer.json()) as Page<Row> & { count_estimated?: true };
      const [rows, [counted]] = await direct();
      // A large list without a search answers the planner's estimate (docs/tables.md, Counts), which no count matches.
      if ((!page.count_estimated && page.count !== counted?.count) || page.results.map((row) => row.id).join() !== rows.map((row) => row.id).join()) {
        throw new Error(`${item.name}: the API and the direct statements answer different rows`);
      }

      const api = await timed(item.requests, item.warmup, async () => {
        const response = await fetch(apiUrl, { headers });
        await response.text();
        if (!response.ok) throw new Error(`${item.name}: ${response.status}`);
      }, () => { serverTimes.length = 0; });
      const server = [...serverTimes];
      const sql = await timed(item.requests, item.warmup, async () => { await direct(); });
      results.push({ item, count: page.count, api: summary(api), server: summary(server), sql: summary(sql), statements });
    }
    await app.close();

    const ms = (value: number) => value.toFixed(1).padStart(7);
    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`.padStart(7);
    console.log(`\n${database.kind}: ${rowCount.toLocaleString('en')} lines in the folder set, ${(2 * noiseRows).toLocaleString('en')} in two other companies; requests one at a time over keep-alive HTTP.`);
    console.log(`${'case'.padEnd(40)} ${'rows'.padStart(8)} | ${'API median'.padStart(10)} ${'p95'.padStart(7)} | ${'server median'.padStart(13)} ${'p95'.padStart(7)} | ${'SQL median'.padStart(10)} ${'p95'.padStart(7)} | ${'API/SQL median'.padStart(14)} ${'p95'.padStart(7)}`);
    for (const result of results) {
      console.log(`${result.item.name.padEnd(40)} ${String(result.count).padStart(8)} | ${ms(result.api.median).padStart(10)} ${ms(result.api.p95)} | ${ms(result.server.median).padStart(13)} ${ms(result.server.p95)} | ${ms(result.sql.median).padStart(10)} ${ms(result.sql.p95)} | ${ratio(result.api.median, result.sql.median).padStart(14)} ${ratio(result.api.p95, result.sql.p95)}`);
    }
    console.log(`(${requests} requests a case after ${warmup} warm-up; the search ${searchRequests} after 1. Times in ms; API = round trip, server = inside the server, SQL = page and count side by side on the pool.)`);

    let missedAny = false;
    for (const result of results) {
      const overhead = result.api.median / result.sql.median < targetRatio && result.api.p95 / result.sql.p95 < targetRatio;
      const fast = result.api.p95 < targetP95Ms;
      missedAny ||= !overhead || !fast;
      console.log(`${result.item.name}: API p95 < ${targetP95Ms} ms ${fast ? 'met' : 'MISSED'} (${result.api.p95.toFixed(1)} ms); API under ${targetRatio}× direct SQL ${overhead ? 'met' : 'MISSED'}`);
    }
    if (!onPostgres) console.log('(embedded database: indicative only; the targets are judged on PostgreSQL)');

    if ((missedAny || process.env.BENCH_EXPLAIN) && database.kind === 'postgres') {
      for (const result of results) {
        for (const [kind, statement] of Object.entries(result.statements)) {
          const plan = await run<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
          console.log(`\n--- ${result.item.name}: ${kind}\n${plan.map((line) => line['QUERY PLAN']).join('\n')}`);
        }
      }
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
