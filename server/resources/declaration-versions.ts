import type { ResourceDefinition } from '../../common/resources/define.js';
import type { Run } from '../db/run.js';

/**
 * The superseded declaration lines (`ecus_superseded_lines`): the 12th digit of a declaration number counts its
 * in-clearance amendments, and only the latest visible version of a declaration counts. Working that out at read
 * time means grouping every line of the year first, so each writer of `ecus_lines` re-derives it here for the
 * declarations it touched: the table API after its writes, an import when it succeeds or is rolled back, the demo
 * seed. Rows of an import still loading are not visible, so they supersede nothing until it succeeds.
 */

/** A declaration (its first 11 digits) in one folder set. */
export interface DeclarationKey { folder_set_id: string; declaration: string }

/** Which declarations to re-derive: some, those of an import's lines, or a whole folder set. */
export type Declarations = readonly DeclarationKey[] | { importRecordId: number } | { folderSetId: string };

export const versioned = (resource: Pick<ResourceDefinition, 'table'>) => resource.table === 'ecus_lines';

/** The declarations some lines belong to now: what writing them can change the latest version of. */
export async function declarationsOfLines(run: Run, resource: Pick<ResourceDefinition, 'table'>, companyId: string, ids: readonly number[]): Promise<DeclarationKey[]> {
  if (!versioned(resource) || ids.length === 0) return [];
  return run<DeclarationKey>(
    'SELECT DISTINCT folder_set_id, left(account_number, 11) AS declaration FROM ecus_lines WHERE company_id = $1 AND id = ANY($2::int[])',
    [companyId, ids]);
}

/**
 * Re-derives the superseded lines of some declarations of a company in one statement, so a reader never sees them
 * half done: every line of those declarations below the latest visible version is superseded, every other is not.
 */
export async function refreshDeclarationVersions(run: Run, companyId: string, declarations: Declarations): Promise<void> {
  let lines: string;
  let params: unknown[];
  if ('importRecordId' in declarations) {
    lines = `(e.folder_set_id, left(e.account_number, 11)) IN (
      SELECT i.folder_set_id, left(i.account_number, 11) FROM ecus_lines i WHERE i.import_record_id = $2 AND i.company_id = $1)`;
    params = [companyId, declarations.importRecordId];
  } else if ('folderSetId' in declarations) {
    lines = 'e.folder_set_id = $2';
    params = [companyId, declarations.folderSetId];
  } else {
    if (declarations.length === 0) return;
    lines = '(e.folder_set_id, left(e.account_number, 11)) IN (SELECT * FROM unnest($2::uuid[], $3::text[]))';
    params = [companyId, declarations.map((key) => key.folder_set_id), declarations.map((key) => key.declaration)];
  }
  // A window over each declaration rather than a join to its latest version: right after a bulk load the planner has
  // no statistics (the embedded database never analyses on its own) and would join the two row by row.
  await run(
    `WITH judged AS MATERIALIZED (
       SELECT id, folder_set_id, coalesce(account_number < max(account_number) FILTER (WHERE visible) OVER (PARTITION BY folder_set_id, declaration), false) AS superseded
         FROM (SELECT e.id, e.folder_set_id, left(e.account_number, 11) AS declaration, e.account_number,
                      e.import_record_id IS NULL OR e.import_record_id NOT IN (SELECT id FROM import_records WHERE company_id = $1 AND status IN ('queued', 'running')) AS visible
                 FROM ecus_lines e WHERE e.company_id = $1 AND ${lines}) l),
     -- Lines of these declarations that are no longer below the latest (an amendment rolled back or edited away).
     restored AS (
       DELETE FROM ecus_superseded_lines s USING judged j
        WHERE s.folder_set_id = j.folder_set_id AND s.line_id = j.id AND NOT j.superseded)
     INSERT INTO ecus_superseded_lines (company_id, folder_set_id, line_id)
     SELECT $1, folder_set_id, id FROM judged WHERE superseded ON CONFLICT DO NOTHING`,
    params);
}
