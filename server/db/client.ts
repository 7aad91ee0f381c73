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
    close: () => Promise<void>;
  };

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

export async function openPostgres(url: string, poolSize = 10, options: { tableQueryTimeoutMs?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: sessionOptions });
  const tablePool = new pg.Pool({
    connectionString: url, max: Math.max(2, Math.ceil(poolSize / 2)), options: sessionOptions, statement_timeout: options.tableQueryTimeoutMs ?? tableQueryTimeoutMs,
  });
  // An idle connection the server drops (a restart, an administrator) is discarded by the pool and the next
  // query opens another; unheard, its error would end the process.
  for (const each of [pool, tablePool]) each.on('error', (error) => process.emitWarning(`PostgreSQL dropped an idle connection: ${error.message}`));
  // Fail fast with a clear message instead of on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  let closed: Promise<void> | undefined;
  return { kind: 'postgres', db, pool, tablePool, close: () => (closed ??= Promise.all([pool.end(), tablePool.end()]).then(() => undefined)) };
}

/** Applies the committed migrations; on PostgreSQL under an advisory lock so that several servers may start at once. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as Parameters<typeof migratePglite>[0], { migrationsFolder });
    return;
  }
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['dutybook:migrate']);
    await migratePg(drizzlePg({ client, schema, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['dutybook:migrate']).catch(() => undefined);
    client.release();
  }
}

/** PGlite keeps a single-process lock on its directory; a second process would corrupt it. */
export class DataDirInUseError extends Error {
  constructor(dir: string) {
    super(`The embedded database in ${dir} is in use by another Dutybook process. Stop it first, or set DATABASE_URL to use a PostgreSQL server.`);
  }
}

/** Opens the configured database: PostgreSQL when a URL is given, otherwise PGlite under `dataDir/db`. */
export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
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
