import { resources } from '../../common/resources/index.js';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Run } from '../db/run.js';

/** Every stored business table, once: views derive from them and are not counted. */
const storedTables = resources.filter((resource) => !resource.view);
const statementTables = new Set(['statement-15', 'statement-15A']);

/**
 * Rows per business table of some companies (and one folder set, when given), in one statement: each count reads
 * the table's company and folder set index. Rows of imports still loading are counted once they succeed.
 */
function countsQuery(folderSet: boolean): string {
  return storedTables.map((resource) => `
    SELECT '${resource.name}' AS resource, company_id, count(*)::int AS rows FROM ${resource.table}
     WHERE company_id = ANY($1::uuid[])${folderSet ? ' AND folder_set_id = $2' : ''}
       AND (import_record_id IS NULL OR import_record_id NOT IN (SELECT id FROM import_records WHERE company_id = ANY($1::uuid[]) AND status IN ('queued', 'running')))
     GROUP BY company_id`).join('\n    UNION ALL');
}

/** The sidebar counts of each company: its business rows, and among them its statement rows. */
export async function companyRowCounts(db: Db, companyIds: string[]): Promise<Map<string, { balance: number; statement: number }>> {
  const counts = new Map<string, { balance: number; statement: number }>();
  if (companyIds.length === 0) return counts;
  // The ids come from the companies table itself; checked all the same before they are written into the statement.
  if (!companyIds.every((id) => /^[0-9a-f-]{36}$/.test(id))) throw new Error('not a company id');
  const ids = `ARRAY[${companyIds.map((id) => `'${id}'`).join(', ')}]`;
  const result = await db.execute(sql.raw(countsQuery(false).replaceAll('$1::uuid[]', `${ids}::uuid[]`)));
  for (const row of (result as unknown as { rows: Array<{ resource: string; company_id: string; rows: number }> }).rows) {
    const entry = counts.get(row.company_id) ?? { balance: 0, statement: 0 };
    entry.balance += row.rows;
    if (statementTables.has(row.resource)) entry.statement += row.rows;
    counts.set(row.company_id, entry);
  }
  return counts;
}

export interface FolderSetOverview {
  tables: Array<{ resource: string; family: string; rows: number }>;
  imports: Array<{ id: number; resource: string; import_type: string; status: string; from_file: string; inserted: number; rejected: number; created_at: string }>;
}

/** What a folder set holds: rows per table (every table, zero included) and its latest imports. */
export async function folderSetOverview(run: Run, scope: { companyId: string; folderSetId: string }): Promise<FolderSetOverview> {
  const [counts, imports] = await Promise.all([
    run<{ resource: string; rows: number }>(countsQuery(true), [[scope.companyId], scope.folderSetId]),
    run<FolderSetOverview['imports'][number]>(
      `SELECT id, resource, import_type, status, from_file, inserted, rejected, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
         FROM import_records WHERE company_id = $1 AND folder_set_id = $2 ORDER BY created_at DESC, id DESC LIMIT 8`,
      [scope.companyId, scope.folderSetId]),
  ]);
  const rowsOf = new Map(counts.map((row) => [row.resource, row.rows]));
  return {
    tables: storedTables.map((resource) => ({ resource: resource.name, family: resource.family, rows: rowsOf.get(resource.name) ?? 0 })),
    imports,
  };
}
