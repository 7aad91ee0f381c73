import type { Database } from '../db/client.js';

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

/** Column list of a tariff line as the API shows it. */
export const tariffColumns = `l.id, l.hs, l.year::int AS year, l.level::int AS level, l.section, l.parent_id AS "_nest_parent_",
  l.description, l.notes, l.unit_of_quantity, l.en_description, l.en_notes, l.en_unit_of_quantity,
  l.ko_description, l.ko_notes, l.ko_unit_of_quantity`;

export const decisionColumns = `d.id::text AS id, d.year::int AS year, d.hs, d.doc_no, d.doc_date::text AS doc_date,
  d.product_name, d.product_properties, d.product_description, d.en_product_name, d.en_product_properties,
  d.ko_product_name, d.ko_product_properties`;
