import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { resourceNamed } from '../common/resources/index.js';
import { buildApp } from '../server/app.js';
import { issueToken } from '../server/auth/tokens.js';
import { loadConfig } from '../server/config.js';
import { migrateDatabase, openPostgres } from '../server/db/client.js';
import { importLookupFile } from '../server/lookup/import-lookup-file.js';
import { searchLookup } from '../server/lookup/search-lookup.js';
import { shippedTariffFile } from '../server/lookup/seed-lookup.js';
import { customsYear } from './customs-year.js';
import { percentile, recreateDatabase } from './harness.js';
import { runner } from '../server/db/run.js';

/**
 * The public lookup and the business tables under load together, on PostgreSQL: 25 lookup clients searching varied
 * terms of the shipped 2025 tariff and 25 signed-in clients listing a company of 150,000 declaration lines with random
 * pages, orderings, searches and filters, all at once for BENCH_SECONDS (40). Beside each side's p95 under the mix is
 * its idle figure, one request at a time: list requests of the same kinds, and each lookup term computed afresh (no
 * answer cache). Goals on a 2-core machine: table list p95 < 1 s, lookup p95 < 300 ms, no errors.
 *
 * BENCH_DATABASE_URL (else dutybook_bench_load on the local server), recreated unless BENCH_REUSE=1 finds the data of
 * an earlier run; BENCH_ROWS (150,000), BENCH_CLIENTS
 * (25 a side; BENCH_LIST_CLIENTS, BENCH_LOOKUP_CLIENTS for one side), BENCH_SECONDS, BENCH_IDLE_REQUESTS (120 lists).
 */
const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/dutybook_bench_load';
const rows = Number(process.env.BENCH_ROWS ?? 150_000);
const clients = Number(process.env.BENCH_CLIENTS ?? 25);
const listClients = Number(process.env.BENCH_LIST_CLIENTS ?? clients);
const lookupClients = Number(process.env.BENCH_LOOKUP_CLIENTS ?? clients);
const seconds = Number(process.env.BENCH_SECONDS ?? 40);
const idleRequests = Number(process.env.BENCH_IDLE_REQUESTS ?? 120);
const goals = { list: 1000, lookup: 300 };
const ecus = resourceNamed('ecus');
/** Kept in the company's description: BENCH_REUSE=1 reuses data a previous run made the same way. */
const marker = `load bench v1: ${rows} lines`;

/** A repeatable sequence of numbers in [0, 1), so two runs send the same requests. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * List queries as the table screen sends them: mostly first pages, some deep ones; one in five with a search, about
 * half with filters (type code, a date range, a code prefix, a country).
 */
function listQueries(count: number, lineCount: number, seed: number): Array<Record<string, string>> {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  // The screen sorts by one column at a time: mostly the default (newest first), dates and codes, sometimes any other.
  const orderings = ['', '', '', '', 'registered_date', '-registered_date', 'code', '-code', 'account_number', '-account_number', 'hs', '-hs', '-id', 'item_name', '-total_value'];
  // Searches and filters with varied values, so that counts kept for one are seldom another's.
  const number = (below: number) => Math.floor(random() * below);
  const searches = [() => `NPL-${number(2000)}`, () => `SP-${number(500)}`, () => `Line ${number(10_000)}`, () => `line ${number(100)}`, () => `NPL-${number(20)}`];
  const month = () => String(1 + number(12)).padStart(2, '0');
  const filters: Array<() => Record<string, string>> = [
    () => ({ type_code: pick(['E31', 'E62', 'B13']) }),
    () => { const m = month(); return { registered_date__gte: `2025-${m}-01`, registered_date__lte: `2025-${m}-28` }; },
    () => ({ registered_date__gte: `2025-${month()}-01`, type_code: 'E31' }),
    () => ({ code__startswith: pick(['SP-', 'NPL-1', `SP-${number(50)}`]) }),
    () => ({ code: `NPL-${number(2000)}` }),
    () => ({ from_country: pick(['CN', 'KR']) }),
    () => ({ type_code__in: 'E31,B13' }),
  ];
  return Array.from({ length: count }, () => {
    const ordering = pick(orderings);
    const query: Record<string, string> = { ...(ordering ? { ordering } : {}), page_size: pick(['25', '25', '50', '100']) };
    if (random() < 0.1) query.search = pick(searches)();
    if (random() < 0.5) Object.assign(query, pick(filters)());
    const filtered = query.search || Object.keys(query).some((key) => !['ordering', 'page_size'].includes(key));
    const pages = Math.max(1, Math.floor((filtered ? lineCount / 20 : lineCount) / Number(query.page_size)));
    const roll = random();
    query.page = String(roll < 0.5 ? 1 : roll < 0.8 ? 2 + Math.floor(random() * Math.min(20, pages)) : 1 + Math.floor(random() * pages));
    return query;
  });
}

type Side = { latencies: number[]; rps: number; errors: number };

/** `clients` closed loops over `urls` in a worker thread, for `seconds` or once through the list. */
async function load(urls: string[], options: { clients: number; seconds?: number; headers?: Record<string, string> }): Promise<Side> {
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: { urls, ...options } });
  const result = await new Promise<{ latencies: number[]; seconds: number; errors: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  return { latencies: result.latencies, rps: result.latencies.length / result.seconds, errors: result.errors };
}

async function main(): Promise<void> {
  const reuse = Boolean(process.env.BENCH_REUSE) && await openPostgres(url, 1).then(async (kept) => {
    const found = await runner(kept)(`SELECT 1 FROM companies c WHERE c.name = 'Bench load' AND c.description = $1`, [marker]).catch(() => []);
    await kept.close();
    return found.length > 0;
  }).catch(() => false);
  if (!reuse && !(await recreateDatabase(url))) {
    console.log(`No PostgreSQL server answers at ${url}: this benchmark is defined on PostgreSQL (set BENCH_DATABASE_URL).`);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dutybook-bench-'));
  const database = await openPostgres(url);
  try {
    await migrateDatabase(database);
    const t0 = performance.now();
    const run = runner(database);
    if (!reuse) {
      const year = await customsYear(database, 'load', rows);
      await importLookupFile({ database, kind: 'tariff', year: 2025, file: shippedTariffFile });
      await run('UPDATE companies SET description = $2 WHERE id = $1', [year.period.companyId, marker]);
      await run('VACUUM (ANALYZE)');
    }
    const [{ lines, slug, folder, userId }] = await run<{ lines: number; slug: string; folder: string; userId: string }>(
      `SELECT (SELECT count(*)::int FROM ecus_lines WHERE company_id = c.id) AS lines, c.slug, f.slug AS folder, c.created_by AS "userId"
         FROM companies c JOIN folder_sets f ON f.company_id = c.id WHERE c.name = 'Bench load'`) as [{ lines: number; slug: string; folder: string; userId: string }];
    // Varied public searches: words and two-word phrases of the tariff's English and Vietnamese descriptions, heading codes.
    const terms = await run<{ q: string; lang: string }>(
      `(SELECT q, 'en' AS lang FROM (SELECT DISTINCT regexp_split_to_table(lower(en_description), '[^a-z]+') AS q FROM lookup_tariff_line WHERE year = 2025) x
         WHERE length(q) >= 4 ORDER BY md5(q) LIMIT 100)
       UNION ALL (SELECT q, 'vi' FROM (SELECT DISTINCT regexp_split_to_table(lower(description), '[\\s,.;:()/-]+') AS q FROM lookup_tariff_line WHERE year = 2025) x
         WHERE length(q) >= 3 ORDER BY md5(q) LIMIT 60)
       UNION ALL (SELECT q, 'en' FROM (SELECT DISTINCT substring(lower(en_description) FROM '^[a-z]{3,} [a-z]{3,}') AS q FROM lookup_tariff_line WHERE year = 2025) x
         WHERE q IS NOT NULL ORDER BY md5(q) LIMIT 50)
       UNION ALL (SELECT q, 'vi' FROM (SELECT DISTINCT substring(lower(description) FROM '^[^\\s,.;:()-]+ [^\\s,.;:()-]+') AS q FROM lookup_tariff_line WHERE year = 2025) x
         WHERE q IS NOT NULL ORDER BY md5(q) LIMIT 50)
       UNION ALL (SELECT id, 'en' FROM lookup_tariff_line WHERE year = 2025 AND length(id) = 4 ORDER BY md5(id) LIMIT 40)`);
    console.log(`data: ${lines.toLocaleString('en')} declaration lines in one company, the 2025 tariff, ${terms.length} lookup terms; ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const app = await buildApp({ config: { ...loadConfig({ DATA_DIR: dataDir }), webDir: path.join(dataDir, 'no-web'), logLevel: 'error', lookupSearchPerMinute: 0 }, database }, { logger: true });
    const uncachedQuery = z.object({ q: z.string() });
    app.get('/bench/uncached', async (request) => {
      const query = uncachedQuery.parse(request.query);
      return searchLookup({ database, q: query.q, mode: 'tariff', exact: false, year: 2025, page: 1, rows: 8 });
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { access_token: token } = await issueToken({ db: database.db, userId, ttlHours: 2 });
    const headers = { authorization: `Bearer ${token}` };

    const random = seeded(7);
    const listUrl = (query: Record<string, string>) => `${address}/api/${ecus.family}/${ecus.name}/?${new URLSearchParams({ company_slug: slug, folder_slug: folder, ...query })}`;
    const listUrls = listQueries(20_000, lines, 26).map(listUrl);
    const lookupUrls = Array.from({ length: 20_000 }, () => {
      const term = terms[Math.floor(random() * terms.length)]!;
      return `${address}/api/lookup/search/?${new URLSearchParams({ q: term.q, mode: 'tariff', lang: term.lang, year: '2025', exact: '0' })}`;
    });
    const uncachedUrls = terms.map((term) => `${address}/bench/uncached?${new URLSearchParams({ q: term.q })}`);

    // Idle: one request at a time (other requests of the same kind than the mix's), after a few to warm the plans and buffers.
    const idleUrls = listQueries(idleRequests + 10, lines, 1).map(listUrl);
    await load(idleUrls.slice(idleRequests), { clients: 1, headers });
    const idleList = await load(idleUrls.slice(0, idleRequests), { clients: 1, headers });
    const idleLookup = await load(uncachedUrls, { clients: 1 });

    const [mixList, mixLookup] = await Promise.all([load(listUrls, { clients: listClients, seconds, headers }), load(lookupUrls, { clients: lookupClients, seconds })]);
    await app.close();

    const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;
    const line = (name: string, idle: Side, mix: Side, goal: number) => {
      const p95 = percentile(mix.latencies, 95);
      console.log(`${name.padEnd(12)} idle p95 ${ms(percentile(idle.latencies, 95))} | mix median ${ms(percentile(mix.latencies, 50))}  p95 ${ms(p95)}  max ${ms(mix.latencies.at(-1) ?? 0)}  ${mix.rps.toFixed(0).padStart(5)} req/s  ${mix.latencies.length} requests  errors ${mix.errors + idle.errors} | goal p95 < ${goal} ms ${p95 < goal && mix.errors + idle.errors === 0 ? 'met' : 'MISSED'}`);
    };
    console.log(`\nPostgreSQL, ${os.cpus().length} cores: ${listClients} list and ${lookupClients} lookup clients for ${seconds} s (idle, one request at a time: ${idleRequests} lists, and each lookup term once without the answer cache)`);
    line('table list', idleList, mixList, goals.list);
    line('lookup', idleLookup, mixLookup, goals.lookup);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
