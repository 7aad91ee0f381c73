/**
 * The company's declared classifications (`ecus_classifications`): its effective declaration lines grouped by folder
 * set, item code, folded item name, HS code and type code, with their count, first and last day and latest line. The
 * precedents search and the consistency report read them instead of a million lines. They are kept per company data
 * version (server/db/data-version.ts), which every writer of declaration lines moves, and rebuilt whole, in one
 * statement, the first time they are read after it moved: a million lines take about a second on PostgreSQL, while
 * keeping them line by line through every writer (imports, amendments, cancellations, rollbacks, edits) would have put
 * work in each of those paths for a search most writes are never followed by.
 */
import type { Database } from '../db/client.js';
import { inTransaction, type Run, runner } from '../db/run.js';
import { latestLine } from '../resources/declaration-versions.js';
import { loadingImports } from '../resources/sum-scope.js';

/**
 * The effective lines of company `$1` with an HS code: visible (no import still loading), not below a later version of
 * their declaration, not cancelled.
 */
export const effectiveDeclaredLines = `ecus_lines e
  WHERE e.company_id = $1 AND e.hs IS NOT NULL AND e.hs <> ''
    AND (e.import_record_id IS NULL OR e.import_record_id NOT IN (${loadingImports}))
    AND NOT EXISTS (SELECT 1 FROM ecus_superseded_lines s WHERE s.folder_set_id = e.folder_set_id AND s.line_id = e.id)
    AND NOT EXISTS (SELECT 1 FROM ecus_cancel_records c WHERE c.company_id = $1 AND c.folder_set_id = e.folder_set_id AND c.ecus_id = e.id)`;

/**
 * Groups the effective lines by their raw item name first and folds only the distinct names: folding every line of a
 * million cost more than the grouping itself.
 */
const rebuild = `
  WITH gone AS (DELETE FROM ecus_classifications WHERE company_id = $1),
  raw AS (
    SELECT e.folder_set_id, e.code, e.item_name, e.hs, e.type_code, count(*)::int AS lines, min(e.registered_date) AS first_day,
           max(e.registered_date) AS last_day, ${latestLine('e.registered_date', 'e.id')} AS last_line
      FROM ${effectiveDeclaredLines}
     GROUP BY 1, 2, 3, 4, 5)
  INSERT INTO ecus_classifications (company_id, folder_set_id, code, folded, name, hs, type_code, lines, first_day, last_day, last_line)
  SELECT $1, folder_set_id, code, coalesce(fold_text(item_name), ''), max(item_name), hs, type_code, sum(lines)::int, min(first_day), max(last_day),
         ${latestLine('last_day', 'last_line')}
    FROM raw GROUP BY folder_set_id, code, coalesce(fold_text(item_name), ''), hs, type_code`;

/** Whether the company's classifications were built at its current data version. */
async function current(run: Run, companyId: string, lock: boolean): Promise<{ fresh: boolean; version: number }> {
  const [row] = await run<{ data_version: number; built: number | null }>(
    `SELECT c.data_version, v.data_version AS built FROM companies c LEFT JOIN ecus_classification_versions v ON v.company_id = c.id
      WHERE c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`, [companyId]);
  return { fresh: row !== undefined && row.built === row.data_version, version: row?.data_version ?? 0 };
}

/**
 * Makes the company's classifications those of its data as it is now, rebuilding them when its data version moved
 * since they were built. The company row is locked while they are rebuilt, so that a write between reading the version
 * and the lines cannot leave them marked current, and two readers do not rebuild them twice.
 */
export async function ensureClassifications(database: Database, companyId: string): Promise<void> {
  if ((await current(runner(database), companyId, false)).fresh) return;
  await inTransaction(database, async (tx) => {
    const { fresh, version } = await current(tx, companyId, true);
    if (fresh) return;
    await tx(rebuild, [companyId]);
    await tx(
      `INSERT INTO ecus_classification_versions (company_id, data_version) VALUES ($1, $2)
       ON CONFLICT (company_id) DO UPDATE SET data_version = excluded.data_version`, [companyId, version]);
  });
  // The searches are planned on the rows as they are now, not on a company's first few (the embedded database never
  // analyses on its own); a few thousand rows are sampled in milliseconds.
  await runner(database)('ANALYZE ecus_classifications');
}

