/**
 * The search text of an import's rows, kept once the import has succeeded. Keeping a trigram index row by row during
 * the load cost more than the load itself, so the rows are loaded without it and their folded text is added to
 * `search_texts` afterwards, in slices, by the worker that ran the import (or, should it stop, by the next sweep).
 * Searches find the rows meanwhile by folding them as they read (server/resources/search-texts.ts).
 */
import { resourceNamed } from '../../common/resources/index.js';
import type { Run } from '../db/run.js';
import { settleSearchIndexes } from '../db/search-indexes.js';
import { keepSearchTexts } from '../resources/search-texts.js';
import { type ImportType, targetOf } from './setup.js';

/**
 * Ids per slice: on the embedded database other requests get their turn between two slices, so a slice is kept to a few
 * tens of milliseconds there (on PostgreSQL they run beside it). ECUS lines took 100–210 ms a slice of 2,000, and a
 * request that came during one waited for it.
 */
const sliceIds = 500;

/**
 * Adds the search text of an import's rows to `search_texts`, a slice of ids at a time, then marks the record
 * `search_indexed`. Each slice renews the record's heartbeat, so no sweep takes it over meanwhile, and holds the
 * record against a rollback, which waits for the slice and then takes its texts out with the rows. Stops between
 * slices when `signal` aborts (the server is closing) or the import was rolled back.
 */
export async function indexImportedRows(run: Run, recordId: number, signal?: AbortSignal): Promise<void> {
  const [record] = await run<{ resource: string; import_type: ImportType }>(
    "SELECT resource, import_type FROM import_records WHERE id = $1 AND status = 'succeeded' AND NOT search_indexed", [recordId]);
  if (!record) return;
  const target = targetOf(resourceNamed(record.resource), record.import_type);
  if (target.search.length > 0) {
    const [range] = await run<{ first: number | null; last: number | null }>(
      `SELECT min(id) AS first, max(id) AS last FROM ${target.table} WHERE import_record_id = $1`, [recordId]);
    const last = range?.last ?? -1;
    for (let from = range?.first ?? 0; from <= last; from += sliceIds) {
      if (signal?.aborted) return;
      // A slice is read by its range of ids; `+ 0` keeps the planner from reading all the import's rows through its index.
      const [live] = await run<{ id: number }>(
        `WITH live AS (SELECT id FROM import_records WHERE id = $1 AND status = 'succeeded' FOR SHARE),
              kept AS (${keepSearchTexts(target, `(SELECT * FROM ${target.table}
                         WHERE id BETWEEN $2 AND $3 AND import_record_id + 0 = $1 AND EXISTS (SELECT 1 FROM live)) slice`, 'ignore')})
         UPDATE import_records SET heartbeat_at = now() WHERE id IN (SELECT id FROM live) RETURNING id`,
        [recordId, from, from + sliceIds - 1]);
      if (!live) return;
    }
  }
  // The texts just added wait in the index's pending list, which every search would read through until merged.
  if (target.search.length > 0) await settleSearchIndexes(run, 'search_texts');
  await run("UPDATE import_records SET search_indexed = true WHERE id = $1 AND status = 'succeeded'", [recordId]);
}

/**
 * Claims one succeeded import whose rows' search text is not kept yet and whose worker has not said for `staleMs`
 * that it is keeping it (it stopped, or the import predates kept texts), by renewing its heartbeat in its name.
 */
export async function claimUnindexedImport(run: Run, staleMs: number): Promise<number | null> {
  const [claimed] = await run<{ id: number }>(
    `UPDATE import_records SET heartbeat_at = now()
      WHERE id = (SELECT id FROM import_records
                   WHERE status = 'succeeded' AND NOT search_indexed
                     AND coalesce(heartbeat_at, finished_at, created_at) < now() - make_interval(secs => $1)
                   ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`, [staleMs / 1000]);
  return claimed?.id ?? null;
}
