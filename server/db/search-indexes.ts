import type { Run } from './run.js';

/**
 * Moves the entries of a table's text-search and trigram indexes (GIN) out of their pending lists. GIN indexes take new
 * rows into an unsorted pending list (up to 4 MB each) that every search reads through in full until a vacuum merges it;
 * PGlite runs no autovacuum, and on PostgreSQL a search right after a load found its 2,000 lines among 3,900 pending
 * entries (13 ms of a 16 ms statement). A bulk writer merges them itself when it is done. Only the owner of an index may
 * (the role that migrated the database); under another role the entries wait for a vacuum, as before.
 */
export async function settleSearchIndexes(run: Run, table: string): Promise<void> {
  await run(`SELECT gin_clean_pending_list(i.indexrelid) FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
    WHERE i.indrelid = $1::regclass AND a.amname = 'gin' AND pg_has_role(c.relowner, 'USAGE')`, [table]);
}
