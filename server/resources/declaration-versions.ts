import type { ResourceDefinition } from '../../common/resources/define.js';
import { lockCompanyData } from '../db/data-version.js';
import type { Run } from '../db/run.js';
import { addImportedClassifications, addUpImportedClassifications, classifyDeclarations, createImportedClassifications, keepBatchClassifications } from './declared-classifications.js';
import { addImportedTariffKinds, addUpImportedTariffKinds, createImportedTariffKinds, keepBatchTariffKinds, keepTariffKinds } from './declared-tariff-kinds.js';
import { estimatedCount } from './list-rows.js';
import { type CodeKey, effectiveLine, latestLine, loadingImports, sumScope } from './sum-scope.js';

/**
 * What the reports read instead of grouping a year of declaration lines, kept by every writer of the lines that
 * decide which declaration lines count: the table API after its writes, an import when it succeeds or is rolled
 * back, the demo seed.
 *
 * - The superseded lines (`ecus_superseded_lines`): the 12th digit of a declaration number counts its in-clearance
 *   amendments, and only the latest visible version of a declaration counts.
 * - The monthly sums (`ecus_monthly_sums`) of the effective lines: latest versions, not cancelled, per month, type
 *   code, code and unit, with the latest line of each.
 * - The classifications (`ecus_classifications`, declared-classifications.ts) of the effective lines, and the kinds of
 *   the import lines the tariff check judges (`ecus_tariff_kinds`, declared-tariff-kinds.ts), kept for the same codes as
 *   the monthly sums.
 *
 * Rows of an import still loading are not visible: they supersede nothing and add to no sum until it succeeds.
 */

/** A declaration (its first 11 digits) in one folder set, and the code of a line written to it. */
export interface DeclarationKey { folder_set_id: string; declaration: string; code: string | null }

/**
 * Which declarations to re-derive: some, those of an import's lines, or a whole folder set. An import that summed its
 * lines as it loaded them names the tables of those sums and classifications, one row each (`addUpImportedLines`), and
 * one that judged its declarations' lines before its final transaction (`judgeImportedDeclarations`) the table of that
 * judgement.
 */
export type Declarations = readonly DeclarationKey[] | { importRecordId: number; summed?: AddedUp; judged?: string } | { folderSetId: string };

/** The tables whose rows decide the effective declaration lines: the lines and their cancellations. */
export const versioned = (resource: Pick<ResourceDefinition, 'table'>) => resource.table === 'ecus_lines' || resource.table === 'ecus_cancel_records';

/**
 * The declarations some rows touch now, with the codes of their lines: what writing them can change. Called before
 * and after a write, so that a line moved to another code or declaration refreshes both.
 */
export async function declarationsOfLines(run: Run, resource: Pick<ResourceDefinition, 'table'>, companyId: string, ids: readonly number[]): Promise<DeclarationKey[]> {
  if (!versioned(resource) || ids.length === 0) return [];
  const lines = resource.table === 'ecus_lines'
    ? 'ecus_lines e WHERE e.company_id = $1 AND e.id = ANY($2::int[])'
    : 'ecus_cancel_records c JOIN ecus_lines e ON e.id = c.ecus_id AND e.company_id = c.company_id WHERE c.company_id = $1 AND c.id = ANY($2::int[])';
  return run<DeclarationKey>(`SELECT DISTINCT e.folder_set_id, left(e.account_number, 11) AS declaration, e.code FROM ${lines}`, [companyId, ids]);
}

/**
 * Whether line `line` is of the declaration `declaration` names (the first 11 digits of its number): a range of the
 * account-number index, which compares byte by byte (`bytewise`), then the exact test. The range holds every number
 * that begins with the declaration, but for one with U+10FFFF, a noncharacter, at its 12th place and more after it.
 */
export const ofDeclaration = (line: string, declaration: string) =>
  `${line}.account_number >= ${declaration} AND ${line}.account_number <= ${declaration} || chr(1114111) AND left(${line}.account_number, 11) = ${declaration}`;

/** An import's declarations: those of its lines (`$2`), each in its folder set. */
const importedDeclarations = `SELECT DISTINCT i.folder_set_id, left(i.account_number, 11) AS declaration
  FROM ecus_lines i WHERE i.import_record_id = $2 AND i.company_id = $1`;

/** Some declarations named by key: their folder sets (`$2`) and first 11 digits (`$3`). */
const namedDeclarations = 'SELECT DISTINCT * FROM unnest($2::uuid[], $3::text[]) d (folder_set_id, declaration)';

/**
 * The lines (`e`) of some declarations (a query of `folder_set_id` and `declaration`), each declaration's looked up by
 * its range of the account-number index. A lookup each (`OFFSET 0` keeps the planner from making it a join), whatever
 * the planner would guess: it cannot tell how few lines a range holds, and the join it costed on a guess read every
 * line of the company (190 ms at 1,000,000 lines, against 0.1 ms).
 */
const linesOfDeclarations = (declarations: string) => `(${declarations}) d CROSS JOIN LATERAL (
  SELECT e.* FROM ecus_lines e WHERE e.company_id = $1 AND e.folder_set_id = d.folder_set_id AND ${ofDeclaration('e', 'd.declaration')} OFFSET 0) e`;

/** The folder set an import of the company loads into; undefined for an import of another company. */
async function folderSetOfImport(run: Run, companyId: string, importRecordId: number): Promise<string | undefined> {
  const [record] = await run<{ folder_set_id: string }>('SELECT folder_set_id FROM import_records WHERE id = $1 AND company_id = $2', [importRecordId, companyId]);
  return record?.folder_set_id;
}

/**
 * Whether an import's declarations are better looked up one by one than read with the other lines of their stretch of
 * the account-number index: where the folder set holds more lines than the import brings. Otherwise reading those lines
 * once costs less than a lookup each for many declarations (for 200,000 lines into an empty folder set on the embedded
 * database, 0.7 s where the lookups took 1.2 s). Both counts are the planner's estimates, sampled just before
 * (`analyseDeclarations`).
 */
export async function lookUpImportedDeclarations(run: Run, companyId: string, importRecordId: number, folderSetId: string): Promise<boolean> {
  const imported = await estimatedCount(run, 'ecus_lines', 'import_record_id = $1', [importRecordId]);
  const held = await estimatedCount(run, 'ecus_lines', 'company_id = $1 AND folder_set_id = $2', [companyId, folderSetId]);
  return held - imported > imported;
}

/** The lines (`e`) of an import's declarations, found as `lookUpImportedDeclarations` says. */
async function linesOfImportedDeclarations(run: Run, companyId: string, importRecordId: number, folderSetId: string): Promise<string> {
  return await lookUpImportedDeclarations(run, companyId, importRecordId, folderSetId) ? linesOfDeclarations(importedDeclarations)
    : `(${importedDeclarations}) d JOIN ecus_lines e ON e.company_id = $1 AND e.folder_set_id = d.folder_set_id AND left(e.account_number, 11) = d.declaration`;
}

/**
 * Every line of some declarations with its declaration and whether it is visible: the lines (`e`) of `from`, a FROM
 * clause. `$1` is the company; the lines of the import `visibleImport` names count as visible although it is still
 * running.
 */
const declarationLines = (from: string, visibleImport?: string) => `
  SELECT e.id, e.folder_set_id, e.code, left(e.account_number, 11) AS declaration, e.account_number,
         e.import_record_id IS NULL OR e.import_record_id NOT IN (${loadingImports}${visibleImport ? ` AND id <> ${visibleImport}` : ''}) AS visible
    FROM ${from}`;

/**
 * Every line of some declarations (those of `from`, as `declarationLines` reads it) with whether it is superseded: below
 * the latest visible version of its declaration. A window over each declaration rather than a join to its latest
 * version, which a planner misled on the declarations' sizes would make row by row.
 */
const judgedLines = (from: string) => `
  SELECT id, folder_set_id, code, coalesce(account_number < max(account_number) FILTER (WHERE visible) OVER (PARTITION BY folder_set_id, declaration), false) AS superseded
    FROM (${declarationLines(from)}) l`;

/** Declarations judged a statement at a time, so that on the embedded database other requests get their turn between. */
const judgedPerStatement = 4000;

/**
 * Judges a running import's declarations as they will be once it succeeds, before its final transaction: that
 * transaction then only writes the outcome, and on the embedded database keeps other requests waiting for less.
 * `table` receives the lines the import newly supersedes: its own below a later version, and earlier versions not
 * marked yet. Visible lines added only raise a declaration's latest version, so no line marked already is restored.
 * Only declarations with more than one version are looked at line by line, through the account-number index.
 * The declarations are those the import kept as it loaded its lines (`keepImportedLines`), judged in slices of their
 * order: in one statement, 200,000 lines kept the embedded database from other requests for 0.4–1.1 s. Answers the
 * company's data version read first; the judgement holds while it is unchanged, since every writer of declaration
 * lines moves it (`companyDataChanged`).
 */
export async function judgeImportedDeclarations(run: Run, companyId: string, importRecordId: number, kept: ImportedLines, table: string): Promise<number> {
  const [company] = await run<{ data_version: number }>('SELECT data_version FROM companies WHERE id = $1', [companyId]);
  await run(`CREATE UNLOGGED TABLE ${table} (id int NOT NULL, folder_set_id uuid NOT NULL, code text, superseded boolean NOT NULL)`);
  // Another company's import, or none, has no lines here to judge.
  const folderSetId = await folderSetOfImport(run, companyId, importRecordId);
  if (!folderSetId) return company?.data_version ?? -1;
  // A slice's lines: a lookup for each declaration, or the stretch of the index from its first to its last.
  const lines = await lookUpImportedDeclarations(run, companyId, importRecordId, folderSetId) ? linesOfDeclarations('SELECT * FROM slice')
    : `ecus_lines e WHERE e.company_id = $1 AND e.folder_set_id = $3
         AND e.account_number >= (SELECT min(declaration) FROM slice) AND e.account_number <= (SELECT max(declaration) FROM slice) || chr(1114111)
         AND left(e.account_number, 11) IN (SELECT declaration FROM slice)`;
  for (let after = '';;) {
    // OFFSET 0 keeps the lines of each declaration a lookup of their own, rather than a join the planner would make with
    // every line of the company, expecting far more declarations with versions than there are.
    const [slice] = await run<{ last: string | null }>(
      `WITH slice AS MATERIALIZED (
         SELECT $3::uuid AS folder_set_id, declaration FROM ${kept.declarations} WHERE declaration > $4 ORDER BY declaration LIMIT ${judgedPerStatement}),
       judged AS (
         INSERT INTO ${table} (id, folder_set_id, code, superseded)
         SELECT e.id, e.folder_set_id, e.code, true
           FROM (SELECT folder_set_id, declaration, max(account_number) FILTER (WHERE visible) AS latest
                   FROM (${declarationLines(lines, '$2')}) l
                  GROUP BY 1, 2 HAVING min(account_number) < max(account_number) FILTER (WHERE visible)) d,
                LATERAL (SELECT e.id, e.folder_set_id, e.code FROM ecus_lines e
                          WHERE e.company_id = $1 AND e.folder_set_id = d.folder_set_id AND ${ofDeclaration('e', 'd.declaration')} AND e.account_number < d.latest
                            AND (e.import_record_id = $2 OR NOT EXISTS (SELECT 1 FROM ecus_superseded_lines s WHERE s.folder_set_id = e.folder_set_id AND s.line_id = e.id))
                         OFFSET 0) e)
       SELECT max(declaration) AS last FROM slice`,
      [companyId, importRecordId, folderSetId, after]);
    if (!slice?.last) break;
    after = slice.last;
  }
  return company?.data_version ?? -1;
}

/** Whether the company's data is still at `version`, locking it until the transaction ends so that it stays there. */
export async function dataStillAt(tx: Run, companyId: string, version: number): Promise<boolean> {
  const [company] = await tx<{ data_version: number }>('SELECT data_version FROM companies WHERE id = $1 FOR UPDATE', [companyId]);
  return company?.data_version === version;
}

/**
 * Re-derives the superseded lines, the monthly sums and the classifications of some declarations of a company, in the
 * caller's transaction, so a reader never sees them half done. The company is locked first: two writers of the same
 * codes re-derive them one after the other, never into rows the other is replacing.
 */
export async function refreshDeclarations(run: Run, companyId: string, declarations: Declarations, options: Analysed = {}): Promise<void> {
  if (!Array.isArray(declarations) && !options.analysed) await analyseDeclarations(run);
  // Each line of these declarations with whether it is superseded: judged here, or read from an import's judgement.
  let judgement: string;
  let params: unknown[];
  // The sums to re-derive: an import's or a folder set's whole folder set, else the codes the declarations hold. An
  // import with its lines summed adds those sums, and re-derives only the codes of the lines whose version changed.
  let sums: { folderSetId: string } | undefined;
  let summed: AddedUp | undefined;
  if ('importRecordId' in declarations) {
    const { judged } = declarations;
    // Judged already, the statement reads the judgement and names only the company.
    params = judged ? [companyId] : [companyId, declarations.importRecordId];
    const folderSetId = await folderSetOfImport(run, companyId, declarations.importRecordId);
    if (!folderSetId) return;
    judgement = judged ? `SELECT * FROM ${judged}` : judgedLines(await linesOfImportedDeclarations(run, companyId, declarations.importRecordId, folderSetId));
    summed = declarations.summed;
    if (!summed) sums = { folderSetId };
  } else if ('folderSetId' in declarations) {
    judgement = judgedLines('ecus_lines e WHERE e.company_id = $1 AND e.folder_set_id = $2');
    params = [companyId, declarations.folderSetId];
    sums = declarations;
  } else {
    if (declarations.length === 0) return;
    judgement = judgedLines(linesOfDeclarations(namedDeclarations));
    params = [companyId, declarations.map((key) => key.folder_set_id), declarations.map((key) => key.declaration)];
  }
  await lockCompanyData(run, companyId);
  // Every line of these declarations below the latest visible version is superseded, every other is not.
  const changedCodes = await run<{ folder_set_id: string; code: string | null }>(
    `WITH judged AS MATERIALIZED (${judgement}),
     -- Lines of these declarations that are no longer below the latest (an amendment rolled back or edited away).
     restored AS (
       DELETE FROM ecus_superseded_lines s USING judged j
        WHERE s.folder_set_id = j.folder_set_id AND s.line_id = j.id AND NOT j.superseded RETURNING s.line_id),
     superseded AS (
       INSERT INTO ecus_superseded_lines (company_id, folder_set_id, line_id)
       SELECT $1, folder_set_id, id FROM judged WHERE superseded ON CONFLICT DO NOTHING RETURNING line_id)
     -- The codes whose sums these declarations can change, besides those of the lines written; with the import's lines
     -- summed, those of the lines that changed version.
     SELECT DISTINCT folder_set_id, code FROM judged
      WHERE ${sums ? 'false' : summed ? 'id IN (SELECT line_id FROM restored UNION ALL SELECT line_id FROM superseded)' : 'true'}`,
    params);
  // A folder set's or an import's versions can change the superseded lines by thousands, which the statements after
  // check every line against: they are planned on them as they are now. Estimated at none, the 10,000 superseded lines
  // of a folder set were read again for each of its million lines (stopped after three minutes, against 3 s).
  if (!Array.isArray(declarations)) await run('ANALYZE ecus_superseded_lines');
  if (summed) {
    await addImportedSums(run, companyId, summed.sums, changedCodes);
    await addImportedClassifications(run, companyId, summed.classifications, changedCodes);
    await addImportedTariffKinds(run, companyId, summed.tariffKinds, changedCodes);
    await deriveCodes(run, companyId, changedCodes);
    return;
  }
  await deriveCodes(run, companyId, sums ?? [...declarations as readonly DeclarationKey[], ...changedCodes]);
}

/** The tables a declaration import keeps of its lines as it loads them, batch by batch (`keepImportedLines`). */
export interface ImportedLines {
  /** Their sums by month, type code, code and unit, batch by batch: a sum of the import can have a row in each batch. */
  sums: string;
  /** Their classifications by raw item name, batch by batch, as the sums. */
  classifications: string;
  /** The kinds of their import lines, batch by batch, as the sums. */
  tariffKinds: string;
  /** Their declarations, ordered by the first 11 digits of their numbers. */
  declarations: string;
}

/** The tables an import's kept sums, classifications and kinds are added up into before its final transaction, one row each. */
export interface AddedUp { sums: string; classifications: string; tariffKinds: string }

/**
 * Creates the tables an import keeps of its lines. The sums of each batch are added as rows of their own: adding them
 * to the sums of earlier batches, a lookup and an update each, cost three times as much (5.5 s against 1.9 s for
 * 200,000 lines on the embedded database); they are added up once, before the final transaction
 * (`addUpImportedLines`). The declarations are what the import's versions are judged on (`judgeImportedDeclarations`), a
 * slice at a time, without reading the import's lines again.
 */
export async function createImportedLines(run: Run, kept: ImportedLines): Promise<void> {
  await run(
    `CREATE UNLOGGED TABLE ${kept.sums} (folder_set_id uuid NOT NULL, month date NOT NULL, type_code text, code text, unit text,
       total numeric NOT NULL, lines int NOT NULL, name text, last_day date NOT NULL, last_line int NOT NULL)`);
  await createImportedClassifications(run, kept.classifications);
  await createImportedTariffKinds(run, kept.tariffKinds);
  await run(`CREATE UNLOGGED TABLE ${kept.declarations} (declaration text COLLATE "C" PRIMARY KEY)`);
}

/**
 * Keeps what the import's lines loaded after line `afterId` (its latest batch) bring: their sums by month, type code,
 * code and unit, as the monthly sums have them, their classifications and their declarations; answers the last line
 * kept. A few thousand lines just written cost little to read again here, while reading the whole import at the end
 * would keep the embedded database from other requests for seconds. The batch is read by its range of ids: `+ 0` keeps the planner, which knows
 * nothing yet of the import's lines, from reading them through the import's index, every line loaded so far once per
 * batch (9 ms a batch at 100,000 lines, against 0.4 ms).
 */
export async function keepImportedLines(run: Run, kept: ImportedLines, importRecordId: number, afterId: number): Promise<number> {
  const [batch] = await run<{ last: number | null }>(
    `WITH batch AS MATERIALIZED (
       SELECT id, folder_set_id, account_number, registered_date, type_code, code, unit, total, item_name, hs, co_form, co_number, tariff_schedule,
              from_country, exemption_code, tax_rate, tax_cost, total_value, nt_value, unit_price, currency, exchange_rate FROM ecus_lines
        WHERE id > $2 AND id <= (SELECT max(id) FROM ecus_lines) AND import_record_id + 0 = $1),
     summed AS (
       INSERT INTO ${kept.sums} (folder_set_id, month, type_code, code, unit, total, lines, name, last_day, last_line)
       SELECT folder_set_id, date_trunc('month', registered_date)::date, type_code, code, unit, sum(total), count(*), max(item_name), max(registered_date),
              ${latestLine('registered_date', 'id')}
         FROM batch WHERE registered_date IS NOT NULL GROUP BY 1, 2, 3, 4, 5),
     classified AS (${keepBatchClassifications(kept.classifications, 'batch')}),
     kinds AS (${keepBatchTariffKinds(kept.tariffKinds, 'batch')}),
     declared AS (INSERT INTO ${kept.declarations} SELECT DISTINCT left(account_number, 11) FROM batch ON CONFLICT DO NOTHING)
     SELECT max(id) AS last FROM batch`, [importRecordId, afterId]);
  return batch?.last ?? afterId;
}

/**
 * Adds up the sums and classifications an import kept batch by batch into the tables `into` names, one row a sum or a
 * classification, before its final transaction; answers those tables. That transaction then adds to the monthly sums as
 * many rows as the import has sums (21,000 for 200,000 lines, against 187,000 batch sums), and on the embedded database
 * keeps other requests waiting for less (0.35 s against 0.75 s).
 */
export async function addUpImportedLines(run: Run, kept: ImportedLines, into: AddedUp): Promise<AddedUp> {
  await addUpImportedClassifications(run, kept.classifications, into.classifications);
  await addUpImportedTariffKinds(run, kept.tariffKinds, into.tariffKinds);
  await run(
    `CREATE UNLOGGED TABLE ${into.sums} AS
     SELECT folder_set_id, month, type_code, code, unit, sum(total) AS total, sum(lines)::int AS lines, max(name) AS name, max(last_day) AS last_day,
            ${latestLine('last_day', 'last_line')} AS last_line
       FROM ${kept.sums} GROUP BY 1, 2, 3, 4, 5`);
  return into;
}

/** The last line of the table before an import loads its own: every line it loads comes after it. */
export async function lastDeclarationLine(run: Run): Promise<number> {
  const [last] = await run<{ id: number | null }>('SELECT max(id) AS id FROM ecus_lines');
  return last?.id ?? 0;
}

/**
 * Adds an import's summed lines (`table`, one row a sum: `addUpImportedLines`) to the monthly sums, but for the codes
 * re-derived whole because a line of them changed version (`changed`): all its lines count, being new and the latest of
 * their declarations.
 */
async function addImportedSums(run: Run, companyId: string, table: string, changed: readonly CodeKey[]): Promise<void> {
  // A sum's key as one text, nulls apart from empty texts, so that the kept sums of those keys are found by a hash join.
  await run(
    `WITH added AS MATERIALIZED (
       SELECT * FROM ${table} a
        WHERE NOT EXISTS (SELECT 1 FROM unnest($2::uuid[], $3::text[]) r (folder_set_id, code) WHERE r.folder_set_id = a.folder_set_id AND r.code IS NOT DISTINCT FROM a.code)),
     kept AS (
       DELETE FROM ecus_monthly_sums s USING (SELECT folder_set_id, month, row(type_code, code, unit)::text AS key FROM added) k
        WHERE s.company_id = $1 AND s.folder_set_id = k.folder_set_id AND s.month = k.month AND row(s.type_code, s.code, s.unit)::text = k.key
       RETURNING s.folder_set_id, s.month, s.type_code, s.code, s.unit, s.total, s.lines, s.name, s.last_day, s.last_line)
     INSERT INTO ecus_monthly_sums (company_id, folder_set_id, month, type_code, code, unit, total, lines, name, last_day, last_line)
     SELECT $1, folder_set_id, month, type_code, code, unit, sum(total), sum(lines), max(name), max(last_day), ${latestLine('last_day', 'last_line')}
       FROM (SELECT * FROM kept UNION ALL SELECT folder_set_id, month, type_code, code, unit, total, lines, name, last_day, last_line FROM added) a
      GROUP BY 2, 3, 4, 5, 6`,
    [companyId, changed.map((key) => key.folder_set_id), changed.map((key) => key.code)]);
}

/**
 * After a bulk write the planner's statistics do not know the new rows (the embedded database never analyses on its
 * own; PostgreSQL not before autovacuum comes round), or worse, still describe a table emptied since. Estimating a
 * folder set of a million lines at a few dozen, it checked each line against every cancellation (400 s); estimating
 * an import's lines at none, it joined them to themselves row by row. A sample of the columns these statements and
 * the reports filter and join on first, and they are planned on the rows as they are. Only those columns: the
 * expression of the search index would cost five times as much to sample.
 */
export const analyseDeclarations = (run: Run) => run(`ANALYZE
  ecus_lines (company_id, folder_set_id, import_record_id, account_number, registered_date, type_code, code, unit),
  ecus_superseded_lines, ecus_cancel_records (company_id, folder_set_id, ecus_id)`);

/**
 * Whether the caller has sampled the statistics already (`analyseDeclarations`): an import does it before its final
 * transaction, where on the embedded database it would keep every other request waiting.
 */
export interface Analysed { analysed?: boolean }

/**
 * Re-derives the monthly sums, classifications and kinds of some codes, or of a whole folder set, the company locked as
 * `refreshDeclarations` locks it: after AMA corrections or cancellations, which change no version, only which
 * quantities count. The codes such an import acted on are all it can change: re-deriving the whole folder set held the
 * company for 12–14 s at a million lines.
 */
export async function refreshEffectiveLines(run: Run, companyId: string, scope: readonly CodeKey[] | { folderSetId: string }, options: Analysed = {}): Promise<void> {
  if ('folderSetId' in scope && !options.analysed) await analyseDeclarations(run);
  await lockCompanyData(run, companyId);
  await deriveCodes(run, companyId, scope);
}

/** The most declarations and codes a rollback re-derives one by one; an import of more re-derives its whole folder set. */
const rolledBackKeys = 10_000;

/**
 * What taking an import's declaration lines out can change, asked before they go: their declarations (each with the
 * codes of its lines), whose earlier versions may count again, or the whole folder set for an import of more than
 * `rolledBackKeys` of them, where one statement over the folder set costs less than a lookup each.
 */
export async function declarationsOfImport(run: Run, companyId: string, importRecordId: number, folderSetId: string, keysAtMost = rolledBackKeys): Promise<Declarations> {
  const keys = await run<DeclarationKey>(
    `SELECT DISTINCT i.folder_set_id, left(i.account_number, 11) AS declaration, i.code FROM ecus_lines i
      WHERE i.import_record_id = $2 AND i.company_id = $1 LIMIT ${keysAtMost + 1}`, [companyId, importRecordId]);
  return keys.length > keysAtMost ? { folderSetId } : keys;
}

/** Re-derives what the effective lines of some codes, or of a whole folder set, keep: their monthly sums, classifications and kinds. */
async function deriveCodes(run: Run, companyId: string, scope: readonly CodeKey[] | { folderSetId: string }): Promise<void> {
  await sumDeclarations(run, companyId, scope);
  await classifyDeclarations(run, companyId, scope);
  await keepTariffKinds(run, companyId, scope);
}

/** Re-derives the monthly sums of the effective lines of some codes, or of a whole folder set. */
async function sumDeclarations(run: Run, companyId: string, scope: readonly CodeKey[] | { folderSetId: string }): Promise<void> {
  const scoped = sumScope('ecus_lines', 'e', companyId, scope);
  if (!scoped) return;
  const { sums, lines, params } = scoped;
  await run(
    `WITH gone AS (DELETE FROM ecus_monthly_sums s WHERE s.company_id = $1 AND ${sums})
     INSERT INTO ecus_monthly_sums (company_id, folder_set_id, month, type_code, code, unit, total, lines, name, last_day, last_line)
     SELECT $1, e.folder_set_id, date_trunc('month', e.registered_date)::date, e.type_code, e.code, e.unit, sum(e.total), count(*),
            max(e.item_name), max(e.registered_date), ${latestLine('e.registered_date', 'e.id')}
       FROM ${lines} AND e.registered_date IS NOT NULL AND ${effectiveLine('e')}
      GROUP BY 2, 3, 4, 5, 6`,
    params);
}
