import type { Run } from '../db/run.js';

/** Declaration lines of a folder set the charts read: never those of an import still loading. */
const visibleLines = `ecus_lines e
   WHERE e.company_id = $1 AND e.folder_set_id = $2
     AND (e.import_record_id IS NULL OR e.import_record_id NOT IN (SELECT id FROM import_records WHERE company_id = $1 AND status IN ('queued', 'running')))
     AND NOT EXISTS (SELECT 1 FROM ecus_cancel_records c WHERE c.company_id = $1 AND c.folder_set_id = $2 AND c.ecus_id = e.id)
     AND e.account_number = (SELECT max(x.account_number) FROM ecus_lines x
                              WHERE x.company_id = $1 AND x.folder_set_id = $2 AND left(x.account_number, 11) = left(e.account_number, 11))`;

export interface Dashboard {
  /** Declared lines and customs value (VND) per month, imports and exports, per type code. */
  by_month: Array<{ month: string; direction: 'import' | 'export'; type_code: string; lines: number; value: string }>;
  /** The ten imported codes of the largest customs value. */
  top_materials: Array<{ code: string; name: string | null; value: string; lines: number }>;
  /** Import duty per month: paid (the duty amounts declared) and exempted (value × rate on lines that paid none). */
  duty: Array<{ month: string; paid: string; exempted_value: string }>;
}

/**
 * The overview's charts, each one aggregate statement over the folder set's declarations as the statements count
 * them (the latest version of each, cancelled lines out; import declarations start with 1, exports with 3).
 */
export async function folderSetDashboard(run: Run, scope: { companyId: string; folderSetId: string }): Promise<Dashboard> {
  const params = [scope.companyId, scope.folderSetId];
  const [byMonth, top, duty] = await Promise.all([
    run<Dashboard['by_month'][number]>(
      `SELECT to_char(e.registered_date, 'YYYY-MM') AS month, CASE WHEN e.account_number LIKE '3%' THEN 'export' ELSE 'import' END AS direction,
              e.type_code, count(*)::int AS lines, round(coalesce(sum(e.total_value), 0))::text AS value
         FROM ${visibleLines} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`, params),
    run<Dashboard['top_materials'][number]>(
      `SELECT e.code, max(e.item_name) AS name, round(coalesce(sum(e.total_value), 0))::text AS value, count(*)::int AS lines
         FROM ${visibleLines} AND e.account_number LIKE '1%' GROUP BY e.code ORDER BY sum(e.total_value) DESC NULLS LAST, e.code LIMIT 10`, params),
    run<Dashboard['duty'][number]>(
      `SELECT to_char(e.registered_date, 'YYYY-MM') AS month, round(coalesce(sum(e.tax_cost), 0))::text AS paid,
              round(coalesce(sum(e.total_value) FILTER (WHERE coalesce(e.tax_cost, 0) = 0), 0))::text AS exempted_value
         FROM ${visibleLines} AND e.account_number LIKE '1%' GROUP BY 1 ORDER BY 1`, params),
  ]);
  return { by_month: byMonth, top_materials: top, duty };
}
