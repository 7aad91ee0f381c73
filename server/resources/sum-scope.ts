/** The imports of company `$1` still loading: their rows are no one's yet, and add to no kept sum. */
export const loadingImports = `SELECT id FROM import_records WHERE company_id = $1 AND status IN ('queued', 'running')`;

/**
 * Whether declaration line `line` of company `$1` counts, as the statements count lines: no import still loading it,
 * not below a later version of its declaration (`ecus_superseded_lines`), not cancelled.
 */
export const effectiveLine = (line: string) => `(${line}.import_record_id IS NULL OR ${line}.import_record_id NOT IN (${loadingImports}))
  AND NOT EXISTS (SELECT 1 FROM ecus_superseded_lines s WHERE s.folder_set_id = ${line}.folder_set_id AND s.line_id = ${line}.id)
  AND NOT EXISTS (SELECT 1 FROM ecus_cancel_records c WHERE c.company_id = $1 AND c.folder_set_id = ${line}.folder_set_id AND c.ecus_id = ${line}.id)`;

/**
 * The latest of some lines by day, then id, as one aggregate: the day in the high bits of a bigint and the id in the
 * low 32, so that the kept sums keep their latest line (`last_line`) in the same pass as their totals, not in a sort.
 */
export const latestLine = (day: string, id: string) => `(max(((${day} - DATE '2000-01-01')::bigint << 32) + ${id}) & 4294967295)::int`;

/** A code in one folder set: what writing a line can change in the sums kept per code. */
export interface CodeKey { folder_set_id: string; code: string | null }

/**
 * What re-deriving kept sums of some codes of a table, or of a whole folder set, reads and replaces: `sums`, the
 * condition on the kept rows (aliased `s`); `lines`, the table's lines (aliased `alias`) to sum, up to a WHERE the
 * caller continues with `AND`; and the parameters, `$1` the company. The lines of each code are read by the table's
 * code index and those without a code apart: a condition joining both with OR would read the whole folder set for
 * one edited line. Null for no code at all.
 */
export function sumScope(table: string, alias: string, companyId: string, scope: readonly CodeKey[] | { folderSetId: string }): { sums: string; lines: string; params: unknown[] } | null {
  if ('folderSetId' in scope) {
    return { sums: 's.folder_set_id = $2', lines: `${table} ${alias} WHERE ${alias}.company_id = $1 AND ${alias}.folder_set_id = $2`, params: [companyId, scope.folderSetId] };
  }
  const codes = scope as readonly CodeKey[];
  if (codes.length === 0) return null;
  const coded = codes.filter((key) => key.code !== null);
  return {
    sums: '((s.folder_set_id, s.code) IN (SELECT * FROM unnest($2::uuid[], $3::text[])) OR (s.code IS NULL AND s.folder_set_id = ANY($4::uuid[])))',
    lines: `(SELECT ${alias}.* FROM (SELECT DISTINCT * FROM unnest($2::uuid[], $3::text[])) k (folder_set_id, code)
               JOIN ${table} ${alias} ON ${alias}.company_id = $1 AND ${alias}.folder_set_id = k.folder_set_id AND ${alias}.code = k.code
             UNION ALL
             SELECT ${alias}.* FROM ${table} ${alias} WHERE ${alias}.company_id = $1 AND ${alias}.code IS NULL AND ${alias}.folder_set_id = ANY($4::uuid[])) ${alias}
       WHERE true`,
    params: [companyId, coded.map((key) => key.folder_set_id), coded.map((key) => key.code),
      [...new Set(codes.filter((key) => key.code === null).map((key) => key.folder_set_id))]],
  };
}
