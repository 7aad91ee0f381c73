import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../server/db/client.js';
import { recreateDatabase } from './harness.js';
import { loadLookupBenchData, mix, searchedYear } from './lookup-data.js';
import { searchLookup } from '../server/lookup/search-lookup.js';
import { likeEscape, runner } from '../server/lookup/sql.js';
import { tariffYears } from '../common/lookup/query.js';

/**
 * Lookup search latency through the HTTP API under concurrent clients, against a plain ILIKE search
 * over the same rows in the same run. Data (bench/lookup-data.ts): the Vietnamese tariff Dutybook ships
 * (data/vn-tariff.csv.gz, Vietnamese and English, with its sections and chapters) and the Explanatory Notes of its
 * headings in all eight tariff years, plus generated Vietnamese classification decisions. BENCH_DATABASE_URL runs it on PostgreSQL (that database is dropped and created again, as
 * bench/harness.ts does); otherwise on a fresh embedded database.
 *
 * BENCH_REQUESTS (1,000) requests go to the search API and as many to the ranked search without its answer cache, from
 * BENCH_CLIENTS (50) clients at once; BENCH_BASELINE_REQUESTS (400) to the plain ILIKE, which takes 20–60 ms of the
 * database each; BENCH_DECISIONS (3,000) decisions a year. BENCH_SQL names a file of SQL statements run once the data are
 * loaded (before they are analysed), so that an index can be measured before a migration adds it.
 */
const clients = Number(process.env.BENCH_CLIENTS ?? 50);
const requestsPerTarget = Number(process.env.BENCH_REQUESTS ?? 1000);
const baselineRequests = Number(process.env.BENCH_BASELINE_REQUESTS ?? 400);
const decisionsPerYear = Number(process.env.BENCH_DECISIONS ?? 3000);
/** Below this many requests at once a p95 rests on too few of the slowest answers to compare runs by. */
const meaningfulRequests = 1000;
const targetP95Ms = 30;
/** The benchmark routes' queries, their schemas built once as the app's own are (a schema built per request costs 0.1 ms). */
const uncachedQuery = z.object({ q: z.string(), mode: z.enum(['tariff', 'classification']), lang: z.enum(['en', 'vi']), exact: z.string() });
const baselineQuery = z.object({ q: z.string(), mode: z.string(), lang: z.string() });

/** The same ranked search without the answer cache, as a first-time query sees it. */
function addUncachedRoute(app: FastifyInstance, database: Database): void {
  app.get('/bench/uncached', async (request) => {
    const query = uncachedQuery.parse(request.query);
    return searchLookup({ database, q: query.q, mode: query.mode, exact: query.exact === '1', year: searchedYear, page: 1, rows: 8 });
  });
}

/** The baseline: every word as a plain ILIKE over the raw text columns, first rows in tariff order. */
function addBaselineRoute(app: FastifyInstance, database: Database): void {
  const run = runner(database);
  app.get('/bench/ilike', async (request) => {
    const query = baselineQuery.parse(request.query);
    const words = query.q.replaceAll('"', '').trim().split(/\s+/).filter(Boolean);
    const tariff = query.mode === 'tariff';
    // Every language, as the search reads them.
    const fields = tariff
      ? ['description', 'notes', 'en_description', 'en_notes', 'ko_description', 'ko_notes']
      : ['product_name', 'product_properties', 'product_description', 'en_product_name', 'en_product_properties', 'ko_product_name', 'ko_product_properties'];
    const where = words.map((_w, i) => `(${fields.map((f) => `${f} ILIKE $${i + 2}`).join(' OR ')} OR hs ILIKE $${i + 2})`);
    const sqlText = `SELECT *, count(*) OVER () AS total FROM ${tariff ? 'lookup_tariff_line' : 'lookup_decision'} WHERE year = $1 ${where.length ? `AND ${where.join(' AND ')}` : ''}
      ORDER BY ${tariff ? 'position' : 'id'} LIMIT 8`;
    const rows = await run(sqlText, [searchedYear, ...words.map((w) => `%${likeEscape(w)}%`)]);
    return { numFound: Number((rows[0] as { total?: string } | undefined)?.total ?? 0), docs: rows.map(({ search_f: _s, ...row }) => row) };
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Runs `total` requests over `clients` concurrent loops in a worker thread; sorted latencies in ms and requests per second. */
async function load(urlOf: (i: number) => string, total: number, concurrent = clients): Promise<{ latencies: number[]; rps: number; errors: number }> {
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: { urls: Array.from({ length: total }, (_, i) => urlOf(i)), clients: concurrent } });
  const result = await new Promise<{ latencies: number[]; seconds: number; errors: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  return { latencies: result.latencies, rps: total / result.seconds, errors: result.errors };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dutybook-bench-'));
  const url = process.env.BENCH_DATABASE_URL;
  if (url && !(await recreateDatabase(url))) throw new Error(`No PostgreSQL server answers at BENCH_DATABASE_URL (${url}).`);
  const database = url ? await openPostgres(url) : await openPglite({ dataDir: path.join(dataDir, 'db') });
  try {
    await migrateDatabase(database);
    const t0 = performance.now();
    const rows = await loadLookupBenchData(database, decisionsPerYear, async () => {
      if (!process.env.BENCH_SQL) return;
      const statements = fs.readFileSync(process.env.BENCH_SQL, 'utf8').split(';').map((statement) => statement.trim()).filter(Boolean);
      for (const statement of statements) await runner(database)(statement);
      console.log(`ran the ${statements.length} statements of ${process.env.BENCH_SQL}`);
    });
    console.log(`data: ${rows} tariff lines in ${tariffYears.length} years, ${decisionsPerYear * tariffYears.length} decisions, loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${database.kind}`);

    const app = await buildApp({ config: { ...loadConfig({ DATA_DIR: dataDir }), webDir: path.join(dataDir, 'no-web'), lookupSearchPerMinute: 0 }, database });
    addBaselineRoute(app, database);
    addUncachedRoute(app, database);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const searchUrl = (i: number) => {
      const item = mix[i % mix.length]!;
      return `${address}/api/lookup/search/?${new URLSearchParams({ q: item.q, mode: item.mode, lang: item.lang, year: String(searchedYear), exact: item.exact ? '1' : '0' })}`;
    };
    const benchUrl = (route: string) => (i: number) => {
      const item = mix[i % mix.length]!;
      return `${address}/bench/${route}?${new URLSearchParams({ q: item.q, mode: item.mode, lang: item.lang, exact: item.exact ? '1' : '0' })}`;
    };
    const [uncachedUrl, baselineUrl] = [benchUrl('uncached'), benchUrl('ilike')];
    for (const urlOf of [searchUrl, uncachedUrl, baselineUrl]) await load(urlOf, mix.length * 4);
    // One client at a time: what a search costs on an idle server.
    const idle = await load(uncachedUrl, mix.length * 10, 1);
    const ours = await load(searchUrl, requestsPerTarget);
    const uncached = await load(uncachedUrl, requestsPerTarget);
    const baseline = await load(baselineUrl, baselineRequests);
    await app.close();

    const row = (name: string, r: typeof ours) =>
      `${name.padEnd(26)} median ${percentile(r.latencies, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(r.latencies, 95).toFixed(1).padStart(7)} ms   ${r.rps.toFixed(0).padStart(6)} req/s   errors ${r.errors}`;
    console.log(`${requestsPerTarget} requests to the search (${baselineRequests} to the baseline), ${clients} concurrent clients, ${mix.length}-query mix:`);
    if (requestsPerTarget < meaningfulRequests) console.log(`fewer than ${meaningfulRequests} requests: the p95 figures are a smoke test, not a measure`);
    console.log(row('lookup search API', ours));
    console.log(row('ranked search, no cache', uncached));
    console.log(row('  the same, one client', idle));
    console.log(row('baseline: plain ILIKE', baseline));
    const p95 = percentile(ours.latencies, 95);
    for (const [name, r] of [['API', ours], ['no cache', uncached]] as const) {
      const ratio = percentile(baseline.latencies, 95) / percentile(r.latencies, 95);
      console.log(`${name}: p95 ${ratio.toFixed(2)}× faster than the baseline`);
    }
    console.log(`target p95 < ${targetP95Ms} ms through the API: ${p95 < targetP95Ms ? 'met' : 'NOT met'} (${p95.toFixed(1)} ms)`);
    console.log(`whole run ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
