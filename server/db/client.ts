import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { givePriorityToRequests } from './background.js';
import * as schema from './schema.js';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type Schema = typeof schema;
/** The Drizzle handle; the same type whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** One open database: the Drizzle handle plus the raw engine for what Drizzle does not do (COPY, dumps). */
export type Database =
  | { kind: 'pglite'; db: Db; pglite: PGlite; close: () => Promise<void> }
  | {
    kind: 'postgres'; db: Db; pool: pg.Pool;
    /**
     * Connections of their own for the business tables' list pages, each statement cut off after
     * `tableQueryTimeoutMs`: a slow search can neither run on without bound nor take the connections the public
     * lookup, sign-in and imports need.
     */
    tablePool: pg.Pool;
    /**
     * `transaction`: the URL names a pooler that lends a server connection for one transaction at a time (PgBouncer
     * in transaction pooling). Nothing may then rest on a session: no startup parameters (the pooler refuses them),
     * and the table pool's statement timeout is set in a transaction around each statement (docs/deploy.md).
     */
    pooling: DatabasePooling;
    close: () => Promise<void>;
  };

/** How the PostgreSQL connections are pooled between the app and the server (DATABASE_POOLING). */
export type DatabasePooling = 'session' | 'transaction';

export type DatabaseKind = Database['kind'];

const pgliteSharedBuffers = '64MB';

/** The extensions every Dutybook database loads (search needs both). */
const pgliteExtensions = { pg_trgm, unaccent };

/**
 * Opens PGlite. `dataDir` undefined keeps it in memory; `loadDataDir` starts from a dump
 * (tests start from a migrated template instead of creating a cluster, which takes seconds).
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: pgliteExtensions,
    // The embedded database lives in the server's own memory and allocates its whole buffer cache when it
    // opens: half the default keeps a server importing a large file under its memory ceiling, while the
    // lookup's searches still find their pages there (at 40 or 48 MB they slow down). Its files stay in
    // the operating system's page cache anyway.
    postgresqlconf: [`shared_buffers=${pgliteSharedBuffers}`],
  });
  givePriorityToRequests(pglite);
  const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' }) as unknown as Db;
  let closed: Promise<void> | undefined;
  return { kind: 'pglite', db, pglite, close: () => (closed ??= pglite.close()) };
}

/** How long one statement of a business table's list page may run on PostgreSQL (PGlite has no such timer). */
export const tableQueryTimeoutMs = 15_000;

/**
 * No JIT compilation: the app's statements are short, or reports over a year whose plans JIT compiles in about half a
 * second for nothing (Statement 15 over a million lines: 2.9 s with it, 2.3 s without).
 */
const sessionOptions = '-c jit=off';

export async function openPostgres(url: string, poolSize = 10, options: { tableQueryTimeoutMs?: number; pooling?: DatabasePooling } = {}): Promise<Database> {
  const pooling = options.pooling ?? 'session';
  // Behind a transaction pooler a session setting would stay on whichever server connection it reached: no startup
  // parameters (PgBouncer refuses those it does not track), and jit is turned off for the database or role instead.
  const session = pooling === 'session' ? { options: sessionOptions } : {};
  const timeout = options.tableQueryTimeoutMs ?? tableQueryTimeoutMs;
  const pool = new pg.Pool({ connectionString: url, max: poolSize, ...session });
  const tablePool = new pg.Pool({
    connectionString: url, max: Math.max(2, Math.ceil(poolSize / 2)), ...session, ...(pooling === 'session' ? { statement_timeout: timeout } : {}),
  });
  tableTimeouts.set(tablePool, timeout);
  // An idle connection the server drops (a restart, an administrator) is discarded by the pool and the next
  // query opens another; unheard, its error would end the process.
  for (const each of [pool, tablePool]) each.on('error', (error) => process.emitWarning(`PostgreSQL dropped an idle connection: ${error.message}`));
  // Fail fast with a clear message instead of on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  let closed: Promise<void> | undefined;
  return { kind: 'postgres', db, pool, tablePool, pooling, close: () => (closed ??= Promise.all([pool.end(), tablePool.end()]).then(() => undefined)) };
}

/** The statement timeout of each table pool, for the pools that set it per transaction. */
const tableTimeouts = new WeakMap<pg.Pool, number>();
export const tableTimeoutOf = (pool: pg.Pool): number => tableTimeouts.get(pool) ?? tableQueryTimeoutMs;

/**
 * Applies the committed migrations, then `afterwards` (a server's seeders); on PostgreSQL under an advisory lock so that
 * several servers may start at once: the second finds the database migrated and seeded by the first.
 *
 * The lock is a transaction's, held open on a connection of its own while the migrations run on another: a session's
 * lock behind a transaction pooler (PgBouncer) would be taken on one server connection and released on another, or
 * never, and the migrator's own transaction cannot be the one that waits for the lock.
 */
export async function migrateDatabase(database: Database, afterwards?: () => Promise<void>): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as Parameters<typeof migratePglite>[0], { migrationsFolder });
    await afterwards?.();
    return;
  }
  // A client beside the pool, so that a pool of one connection can still run the migrations.
  const holder = new pg.Client(database.pool.options);
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['dutybook:migrate']);
    const client = await database.pool.connect();
    try {
      await migratePg(drizzlePg({ client, schema, casing: 'snake_case' }), { migrationsFolder });
    } finally {
      client.release();
    }
    await afterwards?.();
  } finally {
    await holder.query('ROLLBACK').catch(() => undefined);
    await holder.end().catch(() => undefined);
  }
}

/** PGlite keeps a single-process lock on its directory; a second process would corrupt it. */
export class DataDirInUseError extends Error {
  constructor(dir: string) {
    super(`The embedded database in ${dir} is in use by another Dutybook process. Stop it first, or set DATABASE_URL to use a PostgreSQL server.`);
  }
}

/** Opens the configured database: PostgreSQL when a URL is given, otherwise PGlite under `dataDir/db`. */
export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string; databasePooling?: DatabasePooling }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, undefined, { pooling: options.databasePooling ?? 'session' });
  const dir = path.join(options.dataDir, 'db');
  await claimDataDir(dir);
  const database = await openPglite({ dataDir: dir });
  const close = database.close;
  return { ...database, close: async () => { await close(); await releaseDataDir(dir); } };
}

const lockFile = (dir: string) => `${dir}.lock`;

async function claimDataDir(dir: string): Promise<void> {
  await fs.mkdir(path.dirname(dir), { recursive: true });
  try {
    await fs.writeFile(lockFile(dir), String(process.pid), { flag: 'wx' });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const holder = Number(await fs.readFile(lockFile(dir), 'utf8').catch(() => ''));
  if (holder && holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(dir);
  // A stale lock from a process that died: take it over.
  await fs.writeFile(lockFile(dir), String(process.pid));
}

async function releaseDataDir(dir: string): Promise<void> {
  await fs.rm(lockFile(dir), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
