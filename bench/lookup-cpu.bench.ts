import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../server/db/client.js';
import { recreateDatabase } from './harness.js';
import { loadLookupBenchData, type MixQuery, mix, searchedYear } from './lookup-data.js';
import { searchLookup } from '../server/lookup/search-lookup.js';
import { runner } from '../server/lookup/sql.js';
import { devQueries } from '../server/lookup/dev-set.js';

/**
 * The CPU a fresh tariff search costs, one search at a time, without HTTP or the answer cache: on a machine shared with
 * other work it tells changes apart far better than latency does. On PostgreSQL (BENCH_DATABASE_URL; one connection)
 * it reads the CPU time of the server's process for that connection (/proc/<pid>/schedstat, in nanoseconds) and of this
 * process; on PGlite (the default) this process's, where PGlite runs. Data as `npm run bench -- lookup` loads them
 * (bench/lookup-data.ts): the mix of that benchmark BENCH_ROUNDS (10) times over, each query's rounds one after another,
 * then the development set's 1,153 tariff searches once (server/lookup/fixtures/dev-set.json, all its names: their CPU,
 * not their ranks). BENCH_KEEP=1 keeps the database between runs (PostgreSQL: the data are loaded only when the database
 * has none; PGlite: in BENCH_PGLITE_DIR).
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const keep = process.env.BENCH_KEEP === '1';
const decisionsPerYear = Number(process.env.BENCH_DECISIONS ?? 3000);

/** CPU time in milliseconds of this process and of the server's process behind the connection, when it can be read. */
function cpuClock(backendPid: number | undefined): () => { own: number; server: number } {
  const schedstat = backendPid === undefined ? undefined : `/proc/${backendPid}/schedstat`;
  const readable = schedstat !== undefined && fs.existsSync(schedstat);
  if (schedstat !== undefined && !readable) console.log(`the database's process (${backendPid}) is not on this machine: its CPU is not counted`);
  return () => {
    const usage = process.cpuUsage();
    const server = readable ? Number(fs.readFileSync(schedstat, 'utf8').split(' ')[0]) / 1e6 : 0;
    return { own: (usage.user + usage.system) / 1000, server };
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (value: number) => value.toFixed(2).padStart(7);

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = process.env.BENCH_PGLITE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dutybook-bench-cpu-'));
  let fresh = true;
  const open = () => (url ? openPostgres(url, 1) : openPglite({ dataDir: path.join(dataDir, 'db') }));
  const kept = keep ? await open().catch(() => undefined) : undefined;
  if (url && !kept && !(await recreateDatabase(url))) throw new Error(`No PostgreSQL server answers at BENCH_DATABASE_URL (${url}).`);
  const database: Database = kept ?? await open();
  const run = runner(database);
  try {
    await migrateDatabase(database);
    if (keep) fresh = (await run<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM lookup_tariff_line WHERE year = $1) AS found', [searchedYear]))[0]?.found !== true;
    if (fresh) {
      const t0 = performance.now();
      const lines = await loadLookupBenchData(database, decisionsPerYear);
      console.log(`data: ${lines} tariff lines, loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${database.kind}`);
    }
    const backendPid = url ? (await run<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid : undefined;
    const clock = cpuClock(backendPid);
    const search = (item: MixQuery, rows = 8) =>
      searchLookup({ database, q: item.q, mode: item.mode, exact: item.exact ?? false, year: searchedYear, page: 1, rows });
    const dev = devQueries().map((query): MixQuery => ({ q: query.q, mode: 'tariff', lang: 'vi' }));
    // Warm: the term tables read, the plans' catalogues cached, the pages in memory.
    for (const item of mix) await search(item);
    for (const item of dev) await search(item, 10);

    console.log(`CPU per search, one at a time, ${database.kind}${url ? ' (this process + the server\'s process of the connection)' : ' (this process)'}, ${rounds} rounds:`);
    let mixTotal = 0;
    for (const item of mix) {
      const before = clock();
      for (let round = 0; round < rounds; round += 1) await search(item);
      const after = clock();
      const own = (after.own - before.own) / rounds;
      const server = (after.server - before.server) / rounds;
      mixTotal += own + server;
      console.log(`  ${`${item.q}${item.exact ? ' (exact)' : ''}${item.mode === 'classification' ? ' (decisions)' : ''}`.padEnd(36)} ${ms(own + server)} ms${url ? `  (node ${ms(own)}, database ${ms(server)})` : ''}`);
    }
    console.log(`mix: ${ms(mixTotal / mix.length)} ms of CPU per search on average`);
    const each: number[] = [];
    let own = 0;
    let server = 0;
    for (const item of dev) {
      const before = clock();
      await search(item, 10);
      const after = clock();
      own += after.own - before.own;
      server += after.server - before.server;
      each.push(after.own - before.own + after.server - before.server);
    }
    each.sort((a, b) => a - b);
    const total = each.reduce((sum, value) => sum + value, 0);
    console.log(`development set: ${dev.length} searches, CPU per search mean ${ms(total / dev.length)} ms${url ? ` (node ${ms(own / dev.length)}, database ${ms(server / dev.length)})` : ''}, median ${ms(percentile(each, 50))} ms, p95 ${ms(percentile(each, 95))} ms, max ${ms(each.at(-1) ?? 0)} ms`);
    console.log(`load average ${os.loadavg().map((value) => value.toFixed(1)).join(' ')}`);
  } finally {
    await database.close();
    if (!process.env.BENCH_PGLITE_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
