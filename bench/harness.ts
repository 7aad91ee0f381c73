/**
 * What the benchmarks share: a database of their own (a PostgreSQL database recreated for the run, or PGlite when no
 * server answers) with a company and a 2025 folder set to fill, the statements the app sends timed by category, a
 * mailer that keeps the codes it sends, and the arithmetic of timings. bench/processes.ts samples processes.
 */
import pg from 'pg';
import { users } from '../server/auth/tables.js';
import { createCompany } from '../server/companies/companies.js';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../server/db/client.js';
import { type Run, runner } from '../server/db/run.js';
import type { Mail, Mailer } from '../server/mail/mailer.js';

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

/** Milliseconds on one clock for this process and the ones it starts (`performance.timeOrigin` + now). */
export const epoch = () => performance.timeOrigin + performance.now();

export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A mailer that keeps what it sends, for the registration codes of the users a benchmark signs up. */
export function capturingMailer(): Mailer & { lastCode: (to: string) => string } {
  const sent: Mail[] = [];
  return {
    send: async (mail) => { sent.push(mail); },
    lastCode: (to) => {
      const code = [...sent].reverse().find((mail) => mail.to === to)?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code was mailed to ${to}`);
      return code;
    },
  };
}

/** A statement the app sent, by the category the benchmark gave it, with when it started and how long it took. */
export interface Timed { category: string; start: number; ms: number }

/**
 * The same database with the statements the app sends timed (the runner's `query` and the
 * transactions'), without touching the server's code: those `categoryOf` names are logged, the rest pass untimed.
 * Drizzle's own statements are not timed.
 */
export function instrumented(database: Database, log: Timed[], categoryOf: (sql: string) => string | null): Database {
  const timed = async <T>(sql: unknown, work: () => Promise<T>): Promise<T> => {
    const category = typeof sql === 'string' ? categoryOf(sql) : null;
    if (!category) return work();
    const start = epoch();
    try {
      return await work();
    } finally {
      log.push({ category, start, ms: epoch() - start });
    }
  };
  const bound = <T extends object>(target: T, key: string | symbol) => {
    const value = Reflect.get(target, key) as unknown;
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  };
  const withTimedQuery = <T extends object>(target: T, extra: (key: string | symbol) => unknown = () => undefined): T => new Proxy(target, {
    get(object, key) {
      if (key === 'query') {
        const query = (Reflect.get(object, key) as (...args: unknown[]) => unknown).bind(object);
        // Callback calls (pg.Pool's own use of its clients) pass through untimed: their promise forms are timed.
        // A COPY stream (pg-copy-streams) is timed until it finishes.
        return (...args: unknown[]) => {
          if (typeof args.at(-1) === 'function') return query(...args);
          const copy = args[0] as { text?: unknown; on?: unknown } | undefined;
          if (copy && typeof copy === 'object' && typeof copy.text === 'string' && typeof copy.on === 'function') {
            const stream = query(...args) as NodeJS.EventEmitter;
            const start = epoch();
            const category = categoryOf(copy.text);
            if (category) stream.once('finish', () => log.push({ category, start, ms: epoch() - start }));
            return stream;
          }
          return timed(args[0], () => query(...args) as Promise<unknown>);
        };
      }
      return extra(key) ?? bound(object, key);
    },
  });
  if (database.kind === 'pglite') {
    const pglite = withTimedQuery(database.pglite, (key) => (key === 'transaction'
      ? (work: (tx: object) => Promise<unknown>) => database.pglite.transaction((tx) => work(withTimedQuery(tx)))
      : undefined));
    return { ...database, pglite };
  }
  const pool = withTimedQuery(database.pool, (key) => (key === 'connect'
    ? (...args: unknown[]) => (args.length > 0 ? database.pool.connect(...(args as [() => void])) : database.pool.connect().then((client) => withTimedQuery(client)))
    : undefined));
  return { ...database, pool };
}
