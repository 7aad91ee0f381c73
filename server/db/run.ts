import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { AppError } from '../http/errors.js';
import { type Database, tableTimeoutOf } from './client.js';
import type pg from 'pg';

/** Runs one parameterised statement and returns its rows. */
export type Run = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** The raw client of either engine: lookup queries are hand-written SQL over tables outside the Drizzle schema. */
export function runner(database: Database): Run {
  if (database.kind === 'pglite') {
    return async <T>(text: string, params: unknown[] = []) => (await database.pglite.query<T>(text, params)).rows;
  }
  return async <T>(text: string, params: unknown[] = []) => (await database.pool.query(text, params)).rows as T[];
}

/**
 * A runner that keeps the plans of the statements it runs most, for statements whose planning costs more than their
 * execution (the lookup's ranked search: a long statement over a few hundred lines). Each connection keeps its
 * `capacity` statements used last as prepared statements, which PostgreSQL parses once and, after a few runs, plans once
 * (a generic plan); the one used longest ago is deallocated when another is needed, so the plans a connection keeps stay
 * bounded (about 0.3–0.4 MB each). The statements' texts must not vary with the values they are given (those are
 * parameters), or every text would be a statement of its own. On PostgreSQL they are named statements of the wire
 * protocol; PGlite, which has no named statements, prepares them in SQL and runs them with their values written as
 * literals (strings, numbers and arrays of strings). Behind a transaction pooler, which may run a statement on another
 * server connection than the one that prepared it, it is the plain runner.
 */
export function planKeepingRunner(database: Database, capacity: number): Run {
  const name = (text: string) => `kept_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  if (database.kind === 'pglite') {
    const { pglite } = database;
    // One connection that searches share: a statement is prepared once however many searches wait for it, and one
    // a search is about to run is not deallocated.
    const kept = keptOnPglite.get(pglite) ?? new Map<string, { ready: Promise<unknown>; users: number }>();
    keptOnPglite.set(pglite, kept);
    return async <T>(text: string, params: unknown[] = []) => {
      const statement = name(text);
      let entry = kept.get(statement);
      if (entry) kept.delete(statement);
      else {
        for (const [oldest, { users }] of kept) {
          if (kept.size < capacity) break;
          if (users > 0) continue;
          kept.delete(oldest);
          void pglite.query(`DEALLOCATE ${oldest}`).catch(() => undefined);
        }
        entry = { ready: pglite.query(`PREPARE ${statement} AS ${text}`), users: 0 };
        entry.ready.catch(() => kept.delete(statement));
      }
      kept.set(statement, entry);
      entry.users += 1;
      try {
        await entry.ready;
        return (await pglite.query<T>(`EXECUTE ${statement}${params.length > 0 ? `(${params.map(sqlLiteral).join(', ')})` : ''}`)).rows;
      } finally {
        entry.users -= 1;
      }
    };
  }
  if (database.pooling !== 'session') return runner(database);
  const { pool } = database;
  return async <T>(text: string, params: unknown[] = []) => {
    const statement = name(text);
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const kept = keptStatements(client);
      if (kept.has(statement)) kept.delete(statement);
      else if (kept.size >= capacity) {
        const [oldest] = kept;
        kept.delete(oldest!);
        await client.query(`DEALLOCATE ${oldest!}`);
        // node-postgres remembers which statements its connection has parsed, and would not parse this one again.
        delete (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements[oldest!];
      }
      kept.add(statement);
      return (await client.query({ name: statement, text, values: params })).rows as T[];
    } catch (error) {
      // A connection whose statements are in doubt is not lent again.
      broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

/** A value written into a statement (standard-conforming strings: only the quote is doubled). */
function sqlLiteral(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return `ARRAY[${value.map(sqlLiteral).join(', ')}]::text[]`;
  throw new Error(`A kept statement takes strings, numbers and arrays of strings, not ${typeof value}`);
}

/** The statements an embedded database keeps prepared, the one used last at the end, with the searches using each. */
const keptOnPglite = new WeakMap<object, Map<string, { ready: Promise<unknown>; users: number }>>();

/** The statements a pooled connection keeps prepared, the one used last at the end. */
const keptByClient = new WeakMap<pg.PoolClient, Set<string>>();
function keptStatements(client: pg.PoolClient): Set<string> {
  let kept = keptByClient.get(client);
  if (!kept) keptByClient.set(client, kept = new Set());
  return kept;
}

/**
 * The runner of a business table's list page: on PostgreSQL it uses the table pool, whose statements are cut
 * off after `tableQueryTimeoutMs`; a statement cut off answers 503 `query_timeout` with what to do about it.
 */
export function tableRunner(database: Database): Run {
  if (database.kind === 'pglite') return runner(database);
  const { tablePool } = database;
  const query = database.pooling === 'session'
    ? (text: string, params: unknown[]) => tablePool.query(text, params)
    : timedInTransaction(tablePool, String(tableTimeoutOf(tablePool)));
  return async <T>(text: string, params: unknown[] = []) => {
    try {
      return (await query(text, params)).rows as T[];
    } catch (error) {
      // 57014 query_canceled: the statement timeout ended it.
      if ((error as { code?: string }).code === '57014') {
        throw new AppError('query_timeout', 'The search took too long. Narrow it with a filter or a longer search text.');
      }
      throw error;
    }
  };
}

/**
 * Behind a transaction pooler the timeout cannot be a setting of the pool's sessions, which the pooler shares: each
 * statement runs in a transaction of its own that sets it first.
 */
function timedInTransaction(pool: pg.Pool, timeoutMs: string): (text: string, params: unknown[]) => Promise<pg.QueryResult> {
  return (text, params) => transactionOn(pool, async (client) => {
    await client.query(`SELECT set_config('statement_timeout', $1, true)`, [timeoutMs]);
    return client.query(text, params);
  });
}

/** `work` in one transaction on one connection of the pool: committed when it returns, rolled back when it throws. */
async function transactionOn<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Runs `work` in one transaction on one connection; readers see the old data until it commits. */
export async function inTransaction<T>(database: Database, work: (run: Run) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') {
    return database.pglite.transaction(async (tx) => work(async <R>(text: string, params: unknown[] = []) => (await tx.query<R>(text, params)).rows));
  }
  return transactionOn(database.pool, (client) => work(async <R>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as R[]));
}

/** Escapes LIKE wildcards so user text matches literally. */
export const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);
/** Escapes regular-expression syntax so user text matches literally. */
export const regexEscape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, (char) => `\\${char}`);

/** The company and folder set every row of a COPY batch belongs to. */
export interface RowsOwner { companyId: string; folderSetId: string }

/**
 * Loads rows given as PostgreSQL COPY text (tab-separated, `\N` for null; a string or its UTF-8 bytes)
 * into a table's columns: the fastest way in on either engine. On PostgreSQL it takes a connection of
 * its own for the statement.
 *
 * Rows of a business table name their `owner`. Each row's two foreign-key checks cost a quarter of the load on PGlite,
 * where they run as interpreted queries, and a fifth on PostgreSQL, where they are a query each. So the owner is
 * checked once for the batch (and locked, as those checks would lock it) and the batch is copied with triggers off:
 * always on PGlite; on PostgreSQL when the database role may set `session_replication_role` (a superuser, or a role
 * granted SET on it), otherwise with the checks. The business tables carry no triggers but their references' (a test
 * holds that true).
 *
 * `alongside` is work of the batch's own, done after the copy in the same transaction, with the checks on again: an
 * import sums the lines it has just copied and says how far it has got, and the three commit once, without waiting
 * for the disk. A batch is durable only once its import's final transaction commits (an import its server lost is
 * taken out at the next start); on PostgreSQL each statement of its own waited for the disk (6–13 ms a statement).
 */
export async function copyInto(
  database: Database, table: string, columns: readonly string[], text: string | Uint8Array<ArrayBuffer>, owner?: RowsOwner, alongside?: (run: Run) => Promise<void>,
): Promise<void> {
  const target = `${table} (${columns.map((name) => `"${name}"`).join(', ')})`;
  if (database.kind === 'pglite') {
    const copy = `COPY ${target} FROM '/dev/blob'`;
    const blob = new Blob([text]);
    if (!owner && !alongside) {
      await database.pglite.query(copy, [], { blob });
      return;
    }
    await database.pglite.transaction(async (tx) => {
      const run: Run = async <T>(query: string, params: unknown[] = []) => (await tx.query<T>(query, params)).rows;
      if (owner) await skipRowChecks(run, owner);
      await tx.query('SET LOCAL synchronous_commit = off');
      await tx.query(copy, [], { blob });
      if (alongside) {
        if (owner) await tx.query('SET LOCAL session_replication_role = origin');
        await alongside(run);
      }
    });
    return;
  }
  const withoutChecks = owner !== undefined && await maySkipTriggers(database.pool);
  const transaction = withoutChecks || alongside !== undefined;
  const client = await database.pool.connect();
  const run: Run = async <T>(query: string, params: unknown[] = []) => (await client.query(query, params)).rows as T[];
  try {
    if (transaction) {
      await client.query('BEGIN');
      if (withoutChecks) await skipRowChecks(run, owner);
      await client.query('SET LOCAL synchronous_commit = off');
    }
    const chunk = typeof text === 'string' ? text : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
    await pipeline(Readable.from([chunk]), client.query(copyFrom(`COPY ${target} FROM STDIN`)));
    if (alongside) {
      if (withoutChecks) await client.query('SET LOCAL session_replication_role = origin');
      await alongside(run);
    }
    if (transaction) await client.query('COMMIT');
    client.release();
  } catch (error) {
    // A connection whose COPY failed midway is closed rather than handed to the next query.
    client.release(error as Error);
    throw error;
  }
}

/**
 * Checks and locks a company and folder set, then turns the transaction's triggers off, so that rows written for them
 * skip their two foreign-key checks each; `SET LOCAL session_replication_role = origin` turns them on again.
 */
export async function skipRowChecks(run: Run, owner: RowsOwner): Promise<void> {
  const found = await run(
    'SELECT 1 FROM folder_sets f JOIN companies c ON c.id = f.company_id WHERE f.id = $2 AND c.id = $1 FOR KEY SHARE OF f, c',
    [owner.companyId, owner.folderSetId],
  );
  if (found.length === 0) throw new Error(`folder set ${owner.folderSetId} of company ${owner.companyId} is gone`);
  await run('SET LOCAL session_replication_role = replica');
}

/** Whether the pool's role may set `session_replication_role`, tried once per pool in a transaction rolled back. */
const skippingTriggers = new WeakMap<pg.Pool, Promise<boolean>>();
function maySkipTriggers(pool: pg.Pool): Promise<boolean> {
  let allowed = skippingTriggers.get(pool);
  if (!allowed) {
    allowed = (async () => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SET LOCAL session_replication_role = replica');
        return true;
      } catch {
        return false;
      } finally {
        await client.query('ROLLBACK').catch(() => undefined);
        client.release();
      }
    })();
    skippingTriggers.set(pool, allowed);
  }
  return allowed;
}
