import type { Database } from './client.js';

/** Runs one parameterised statement and returns its rows. */
export type Run = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** The raw client of either engine: lookup queries are hand-written SQL over tables outside the Drizzle schema. */
export function runner(database: Database): Run {
  if (database.kind === 'pglite') {
    return async <T>(text: string, params: unknown[] = []) => (await database.pglite.query<T>(text, params)).rows;
  }
  return async <T>(text: string, params: unknown[] = []) => (await database.pool.query(text, params)).rows as T[];
}

/** Runs `work` in one transaction on one connection; readers see the old data until it commits. */
export async function inTransaction<T>(database: Database, work: (run: Run) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') {
    return database.pglite.transaction(async (tx) => work(async <R>(text: string, params: unknown[] = []) => (await tx.query<R>(text, params)).rows));
  }
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(async <R>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as R[]);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Escapes LIKE wildcards so user text matches literally. */
export const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);
/** Escapes regular-expression syntax so user text matches literally. */
export const regexEscape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, (char) => `\\${char}`);
