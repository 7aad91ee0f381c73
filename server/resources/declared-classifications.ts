import type { Run } from '../db/run.js';
import { type CodeKey, effectiveLine, latestLine, sumScope } from './sum-scope.js';

/**
 * The company's declared classifications (`ecus_classifications`, docs/precedents.md): its effective declaration lines
 * with an HS code grouped by folder set, item code, folded item name, HS code and type code, with their count, first and
 * last day and latest line. The precedents search, the consistency report and a declaration import's conflict check
 * read these few thousand rows rather than a million lines. Every line belongs to the groups of its item code, so the
 * writers of declaration lines keep them with the monthly sums, for the same codes (declaration-versions.ts): re-derived
 * from the effective lines of those codes, or, for an import, added from what it kept of its own lines.
 */

/** Lines (a FROM clause up to its WHERE, which this continues with AND) with an HS code, grouped by their raw item name. */
const byItemName = (lines: string) => `
  SELECT folder_set_id, code, item_name, hs, type_code, count(*)::int AS lines, min(registered_date) AS first_day,
         max(registered_date) AS last_day, ${latestLine('registered_date', 'id')} AS last_line
    FROM ${lines} AND hs IS NOT NULL AND hs <> '' GROUP BY 1, 2, 3, 4, 5`;

/**
 * Groups by raw item name (as `byItemName` answers them) added up by folded name, as the classifications hold them,
 * in their columns' order. Only the groups' names are folded: folding every line of a million cost more than the
 * grouping itself.
 */
const byFoldedName = (groups: string) => `
  SELECT folder_set_id, code, coalesce(fold_text(item_name), '') AS folded, max(item_name) AS name, hs, type_code, sum(lines)::int AS lines,
         min(first_day) AS first_day, max(last_day) AS last_day, ${latestLine('last_day', 'last_line')} AS last_line
    FROM (${groups}) g GROUP BY 1, 2, 3, 5, 6`;

const classificationColumns = 'company_id, folder_set_id, code, folded, name, hs, type_code, lines, first_day, last_day, last_line';

/**
 * Re-derives the classifications of some codes, or of a whole folder set, from their effective lines: the lines of
 * each code are read through the code index. Two statements, since an insert does not see what a delete in its own
 * statement took out, and the key is unique; the caller's transaction keeps a reader from seeing them half done.
 */
export async function classifyDeclarations(run: Run, companyId: string, scope: readonly CodeKey[] | { folderSetId: string }): Promise<void> {
  const scoped = sumScope('ecus_lines', 'e', companyId, scope);
  if (!scoped) return;
  const { sums, lines, params } = scoped;
  await run(`DELETE FROM ecus_classifications s WHERE s.company_id = $1 AND ${sums}`, params);
  await run(`INSERT INTO ecus_classifications (${classificationColumns}) SELECT $1, * FROM (${byFoldedName(byItemName(`${lines} AND ${effectiveLine('e')}`))}) k`, params);
}

/**
 * Creates the table a declaration import keeps its lines' classifications in as it loads them: a batch's lines
 * grouped by raw item name, a group of the import possibly in each batch.
 */
export const createImportedClassifications = (run: Run, table: string) => run(
  `CREATE UNLOGGED TABLE ${table} (folder_set_id uuid NOT NULL, code text NOT NULL, item_name text, hs text NOT NULL, type_code text NOT NULL,
     lines int NOT NULL, first_day date NOT NULL, last_day date NOT NULL, last_line int NOT NULL)`);

/** The statement keeping a batch's classifications in `table`: its lines are `batch`, a query's name. */
export const keepBatchClassifications = (table: string, batch: string) => `INSERT INTO ${table} ${byItemName(`${batch} WHERE true`)}`;

/**
 * Adds up the classifications an import kept batch by batch into `into`, one row a classification of the company's
 * (its columns but the company), before its final transaction: each raw name once, then folded.
 */
export async function addUpImportedClassifications(run: Run, kept: string, into: string): Promise<void> {
  await run(
    `CREATE UNLOGGED TABLE ${into} AS ${byFoldedName(`
       SELECT folder_set_id, code, item_name, hs, type_code, sum(lines)::int AS lines, min(first_day) AS first_day, max(last_day) AS last_day,
              ${latestLine('last_day', 'last_line')} AS last_line
         FROM ${kept} GROUP BY 1, 2, 3, 4, 5`)}`);
}

/**
 * Adds an import's added-up classifications (`table`) to the company's, but for the codes re-derived whole because a
 * line of them changed version (`changed`): every line of the import counts, being new and the latest of its
 * declaration. A classification the company already has grows by the import's lines.
 */
export async function addImportedClassifications(run: Run, companyId: string, table: string, changed: readonly CodeKey[]): Promise<void> {
  await run(
    `INSERT INTO ecus_classifications AS k (${classificationColumns})
     SELECT $1, a.* FROM ${table} a
      WHERE NOT EXISTS (SELECT 1 FROM unnest($2::uuid[], $3::text[]) r (folder_set_id, code) WHERE r.folder_set_id = a.folder_set_id AND r.code = a.code)
     ON CONFLICT (company_id, folder_set_id, code, folded, hs, type_code) DO UPDATE
       SET name = greatest(k.name, excluded.name), lines = k.lines + excluded.lines, first_day = least(k.first_day, excluded.first_day),
           last_day = greatest(k.last_day, excluded.last_day),
           last_line = CASE WHEN (excluded.last_day, excluded.last_line) > (k.last_day, k.last_line) THEN excluded.last_line ELSE k.last_line END`,
    [companyId, changed.map((key) => key.folder_set_id), changed.map((key) => key.code)]);
}
