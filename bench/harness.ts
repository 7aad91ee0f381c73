/**
 * What the database benchmarks share: a database of their own (a PostgreSQL database recreated for the run, or
 * PGlite when no server answers), a company with a 2025 folder set to fill, and the median of repeated timings.
 */
import pg from 'pg';
import { users } from '../server/auth/tables.js';
import { createCompany } from '../server/companies/companies.js';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../server/db/client.js';
import { type Run, runner } from '../server/db/run.js';

/** Drops and creates the database `url` names; false when no PostgreSQL server answers there. */
export async function recreateDatabase(url: string): Promise<boolean> {
  const admin = new URL(url);
  const name = decodeURIComponent(admin.pathname.slice(1));
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
    return true;
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  database: Database;
  run: Run;
  onPostgres: boolean;
  engine: 'PostgreSQL' | 'PGlite';
  /** A company of a bench user, with one folder set for 2025. */
  scope: { companyId: string; folderSetId: string };
}

/**
 * A migrated database for one benchmark: BENCH_DATABASE_URL, else `dutybook_bench_<name>` on the local server,
 * recreated; PGlite when neither answers.
 */
export async function openBenchDatabase(name: string): Promise<BenchDatabase> {
  const url = process.env.BENCH_DATABASE_URL || `postgres://postgres@127.0.0.1:5432/dutybook_bench_${name}`;
  const onPostgres = await recreateDatabase(url);
  const database = onPostgres ? await openPostgres(url, 4) : await openPglite();
  await migrateDatabase(database);
  const run = runner(database);
  const [user] = await database.db.insert(users).values({ email: `bench-${name}@dutybook.local`, name: 'Bench', isVerified: true }).returning();
  const access = await createCompany(database.db, user!.id, { name: `Bench ${name}` });
  const [set] = await run<{ id: string }>(`UPDATE folder_sets SET date_start = '2025-01-01', date_end = '2025-12-31', year = 2025 WHERE company_id = $1 RETURNING id`, [access.company.id]);
  return { database, run, onPostgres, engine: onPostgres ? 'PostgreSQL' : 'PGlite', scope: { companyId: access.company.id, folderSetId: set!.id } };
}

/** The median of `runs` timings of `work` in milliseconds, after one warm-up run. */
export async function medianMs(work: () => Promise<unknown>, runs: number): Promise<number> {
  const times: number[] = [];
  await work();
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}
