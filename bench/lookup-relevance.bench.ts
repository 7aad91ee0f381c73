import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, migrateDatabase, openPglite } from '../server/db/client.js';
import { lookupSeeder } from '../server/lookup/seed-lookup.js';
import { searchLookup } from '../server/lookup/search-lookup.js';
import { devQueries, figuresOf, rankOf } from '../server/lookup/dev-set.js';

/**
 * Relevance of the tariff search on the development set (server/lookup/fixtures/dev-set.json), per half and per
 * language: the tuning half, which the search's rules and weights are shaped on, and the check half, which they never
 * are; the gap between them measures over-fitting. Runs on an embedded database seeded with the shipped tariff
 * (BENCH_PGLITE_DIR keeps it between runs). BENCH_MISSES=tuning|check|all lists the queries without their code in the
 * first three.
 */
const dir = process.env.BENCH_PGLITE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dutybook-relevance-'));
const database: Database = await openPglite({ dataDir: dir });
await migrateDatabase(database);
await lookupSeeder('shipped').run(database);

const misses = process.env.BENCH_MISSES;
const ranks = new Map<string, number[]>();
const listed: string[] = [];
const started = performance.now();
for (const query of devQueries()) {
  const answer = await searchLookup({ database, q: query.q, year: 2025, mode: 'tariff', exact: false, page: 1, rows: 10 });
  const ids = answer.response.docs.map((doc) => doc.id);
  const rank = rankOf(ids, query.expect);
  for (const key of [`${query.half} ${query.lang}`, `${query.half} all`]) ranks.set(key, [...(ranks.get(key) ?? []), rank]);
  if ((misses === query.half || misses === 'all') && (rank === 0 || rank > 3)) {
    listed.push(`${query.half} ${query.lang} ${query.q} → ${ids.slice(0, 3).join(' ')} (expected ${query.expect.join(' ')}, rank ${rank})`);
  }
}
const elapsed = performance.now() - started;
const percent = (value: number) => `${(100 * value).toFixed(0)}%`;
console.log('| half | language | queries | first | first three | MRR |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const half of ['tuning', 'check']) {
  for (const lang of ['vi', 'vi-plain', 'en', 'ko', 'all']) {
    const figures = figuresOf(ranks.get(`${half} ${lang}`) ?? []);
    console.log(`| ${half} | ${lang} | ${figures.queries} | ${percent(figures.top1)} | ${percent(figures.top3)} | ${figures.mrr.toFixed(2)} |`);
  }
}
console.log(`${[...ranks.values()].reduce((sum, list) => sum + list.length, 0) / 2} searches, ${(elapsed / 1000).toFixed(1)} s`);
if (listed.length > 0) console.log(listed.join('\n'));
await database.close();
if (!process.env.BENCH_PGLITE_DIR) fs.rmSync(dir, { recursive: true, force: true });
