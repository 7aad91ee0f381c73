/**
 * The steps of the import variants whose rows act on a table's lines instead of being rows of their own (ECUS
 * amendments and cancellations, `step` in the table's definition): how the staged rows are applied in the import's
 * final transaction, what keeps such an import from being rolled back, and how a rollback undoes it. The runner and
 * the import records call the step a variant names and never ask which variant it is.
 */
import { importMessages } from '../../common/imports/coerce.js';
import { importVariantsOf, type ImportType, type ResourceDefinition, type VariantStep } from '../../common/resources/define.js';
import { cancelledLineColumns } from '../../common/resources/ecus-cancel.js';
import { ecus as declarationLines } from '../../common/resources/ecus.js';
import type { Run } from '../db/run.js';
import { quoted } from '../db/statement.js';
import { ofDeclaration } from '../resources/declaration-versions.js';
import type { CodeKey } from '../resources/sum-scope.js';
import { refreshSearchTexts } from '../resources/search-texts.js';
import type { RowError } from './convert-rows.js';

/** The most row errors an import keeps. */
export const maxErrors = 1000;

/** A field's sheet column, as the setup maps it. */
type ColumnMapping = { mapping_col_name: string };

/** An import's rows staged for its step, with what the step needs of the import. */
export interface StagedRows {
  stage: string;
  companyId: string;
  folderSetId: string;
  recordId: number;
  keepPosting: boolean;
  mapping: Record<string, ColumnMapping>;
  /** The fields the sheet filled, as the stage's columns. */
  fields: string[];
}

export interface StepRules {
  /** What a mapping lacks beyond its required fields. */
  mappingProblems: (mapping: Record<string, ColumnMapping>) => Record<string, string[]>;
  /** Applies the staged rows; answers how many named no line (each reported in `errors`). */
  apply: (tx: Run, rows: StagedRows, errors: RowError[]) => Promise<number>;
  /** Why an import of this step cannot be rolled back yet: a later import that depends on what it did. */
  blockerOfRollback: (tx: Run, recordId: number) => Promise<string | null>;
  /** An import of this step that acted on lines the given import loaded, which must be rolled back first. */
  actedOnLinesOf: (tx: Run, recordId: number) => Promise<number | null>;
  rollBack: (tx: Run, recordId: number) => Promise<void>;
  /** The codes of the lines the import acted on, before and after: all that applying or rolling it back can change. */
  codesActedOn: (tx: Run, recordId: number) => Promise<CodeKey[]>;
}

export class UnmatchedLines extends Error {
  constructor(readonly count: number) {
    super(`${count} rows name declaration lines that are not in this folder set; nothing was imported.`);
  }
}

/**
 * Rows find their declaration lines by the first 11 digits of the declaration number (the 12th counts in-clearance
 * amendments) and the line number, or (`byCode`) the code. Unmatched rows are reported, each saying whether its
 * declaration is missing from the folder set altogether (not imported yet, or another period's) or only the line;
 * unless the import keeps posting, they stop it.
 */
async function reportUnmatched(tx: Run, rows: StagedRows, errors: RowError[], byCode: boolean): Promise<number> {
  const unmatched = await tx<{ _row: number; declaration: string; row_number: number | null; code: string | null; declared: boolean }>(
    `SELECT s._row, left(s.account_number, 11) AS declaration, s.row_number, ${byCode ? 's.code' : 'NULL::text AS code'},
            EXISTS (SELECT 1 FROM ecus_lines e WHERE e.company_id = $1 AND e.folder_set_id = $2 AND ${ofDeclaration('e', 'left(s.account_number, 11)')}) AS declared
       FROM ${rows.stage} s LEFT JOIN LATERAL (SELECT 1 AS found FROM ecus_lines e WHERE ${lineMatch(byCode)} LIMIT 1) m ON true
      WHERE m.found IS NULL ORDER BY s._row`, [rows.companyId, rows.folderSetId]);
  for (const row of unmatched.slice(0, maxErrors - errors.length)) {
    errors.push(row.declared
      ? { row: row._row, column: rows.mapping[row.row_number !== null ? 'row_number' : 'code']?.mapping_col_name ?? null, field: row.row_number !== null ? 'row_number' : 'code', message: row.row_number !== null ? `${importMessages.lineNotFound} ${row.row_number}` : `${importMessages.codeNotFound} ${row.code ?? ''}` }
      : { row: row._row, column: rows.mapping.account_number?.mapping_col_name ?? null, field: 'account_number', message: `${importMessages.declarationNotFound} ${row.declaration}` });
  }
  if (unmatched.length > 0 && !rows.keepPosting) throw new UnmatchedLines(unmatched.length);
  return unmatched.length;
}

/**
 * Whether line `e` is the one staged row `s` names. Each row looks its lines up by the range of its declaration in the
 * account-number index (`ofDeclaration`), as a lateral join that `OFFSET 0` or `LIMIT 1` keeps from becoming a plain
 * one: the planner cannot tell how few lines a range holds, and a join costed on a guess would read every line of the
 * folder set.
 */
const lineMatch = (byCode: boolean) => `e.company_id = $1 AND e.folder_set_id = $2 AND ${ofDeclaration('e', 'left(s.account_number, 11)')}
  AND (s.row_number IS NULL OR e.row_number = s.row_number) AND (s.row_number IS NOT NULL OR ${byCode ? 'e.code = s.code' : 'true'})`;

/** The import of step records (`table`) that acted on a line the given import loaded, other than that import. */
const recordsOnLinesOf = async (tx: Run, table: string, recordId: number) =>
  // A plain import's own cancellations (`cancelMarkedLines`) go with it.
  (await tx<{ id: number }>(`SELECT x.import_record_id AS id FROM ecus_lines e JOIN ${table} x ON x.ecus_id = e.id WHERE e.import_record_id = $1 AND x.import_record_id <> $1 LIMIT 1`, [recordId]))[0]?.id ?? null;

/** Amendments override the line they name and keep its previous values, which a rollback puts back. */
const amendLines: StepRules = {
  mappingProblems: (mapping): Record<string, string[]> =>
    ('row_number' in mapping || 'code' in mapping ? {} : { row_number: ['Map the line number or the code, so each row finds its declaration line.'] }),
  apply: async (tx, rows, errors) => {
    const unmatched = await reportUnmatched(tx, rows, errors, true);
    await tx(
      `WITH matched AS (
         SELECT DISTINCT ON (s._row) s.account_number, coalesce(s.row_number, e.row_number) AS row_number, s.code, s.unit, s.total, e.id AS ecus_id, e.code AS previous_code, e.unit AS previous_unit, e.total AS previous_total
           FROM ${rows.stage} s CROSS JOIN LATERAL (SELECT * FROM ecus_lines e WHERE ${lineMatch(true)} OFFSET 0) e
          ORDER BY s._row, e.account_number DESC, e.id DESC),
       recorded AS (
         INSERT INTO ecus_ama_records (company_id, folder_set_id, import_record_id, ecus_id, account_number, row_number, code, unit, total, previous_code, previous_unit, previous_total)
         SELECT $1, $2, $3, ecus_id, account_number, row_number, coalesce(code, previous_code), coalesce(unit, previous_unit), coalesce(total, previous_total), previous_code, previous_unit, previous_total
           FROM matched
         RETURNING ecus_id, code, unit, total)
       UPDATE ecus_lines e SET code = r.code, unit = r.unit, total = r.total, updated_at = now() FROM recorded r WHERE e.id = r.ecus_id`,
      [rows.companyId, rows.folderSetId, rows.recordId],
    );
    await refreshSearchTexts(tx, declarationLines, 'SELECT ecus_id FROM ecus_ama_records WHERE import_record_id = $1', [rows.recordId]);
    return unmatched;
  },
  blockerOfRollback: async (tx, recordId) => {
    const [row] = await tx<{ id: number }>(
      `SELECT later.import_record_id AS id FROM ecus_ama_records mine JOIN ecus_ama_records later ON later.ecus_id = mine.ecus_id AND later.id > mine.id
        WHERE mine.import_record_id = $1 LIMIT 1`, [recordId]);
    return row ? `Import ${row.id} amended the same lines later; roll it back first.` : null;
  },
  actedOnLinesOf: (tx, recordId) => recordsOnLinesOf(tx, 'ecus_ama_records', recordId),
  rollBack: async (tx, recordId) => {
    await tx(
      `UPDATE ecus_lines e SET code = a.previous_code, unit = a.previous_unit, total = a.previous_total, updated_at = now()
         FROM ecus_ama_records a WHERE a.import_record_id = $1 AND e.id = a.ecus_id`,
      [recordId],
    );
    await refreshSearchTexts(tx, declarationLines, 'SELECT ecus_id FROM ecus_ama_records WHERE import_record_id = $1', [recordId]);
    await tx('DELETE FROM ecus_ama_records WHERE import_record_id = $1', [recordId]);
  },
  codesActedOn: (tx, recordId) => tx<CodeKey>(
    `SELECT DISTINCT a.folder_set_id, c.code FROM ecus_ama_records a CROSS JOIN LATERAL (VALUES (a.code), (a.previous_code)) c (code)
      WHERE a.import_record_id = $1`, [recordId]),
};

/** Cancellations record every line they match, with every column of the line and the sheet's date and reason. */
const cancelLines: StepRules = {
  mappingProblems: () => ({}),
  apply: async (tx, rows, errors) => {
    const unmatched = await reportUnmatched(tx, rows, errors, false);
    const fromLine = Object.entries(cancelledLineColumns);
    const fromSheet = rows.fields.filter((name) => !(name in cancelledLineColumns));
    const columns = [...fromLine.map(([, column]) => column), ...fromSheet];
    const values = [...fromLine.map(([line]) => `e.${quoted(line)}`), ...fromSheet.map((name) => `s.${quoted(name)}`)];
    await tx(
      `INSERT INTO ecus_cancel_records (company_id, folder_set_id, import_record_id, ecus_id, ${columns.map(quoted).join(', ')})
       SELECT DISTINCT ON (e.id) $1::uuid, $2::uuid, $3::int, e.id, ${values.join(', ')}
         FROM ${rows.stage} s CROSS JOIN LATERAL (SELECT * FROM ecus_lines e WHERE ${lineMatch(false)} OFFSET 0) e`,
      [rows.companyId, rows.folderSetId, rows.recordId],
    );
    return unmatched;
  },
  blockerOfRollback: async () => null,
  actedOnLinesOf: (tx, recordId) => recordsOnLinesOf(tx, 'ecus_cancel_records', recordId),
  rollBack: async (tx, recordId) => { await tx('DELETE FROM ecus_cancel_records WHERE import_record_id = $1', [recordId]); },
  codesActedOn: (tx, recordId) => cancelledCodes(tx, recordId),
};

/** The codes of the lines an import recorded as cancelled: a cancel import's, or a plain import's marked ones. */
export const cancelledCodes = (tx: Run, recordId: number) => tx<CodeKey>(
  'SELECT DISTINCT c.folder_set_id, e.code FROM ecus_cancel_records c JOIN ecus_lines e ON e.id = c.ecus_id WHERE c.import_record_id = $1', [recordId]);

/**
 * A declaration an export marks cancelled in its status column ('Hủy', 'Đã hủy', 'Cancelled'): folded, the word on its
 * own. Its lines are imported, and kept as cancelled as a cancel import would keep them.
 */
const markedCancelled = (status: string) => `fold_text(${status}) ~ '(^|[^a-z])(huy|cancell?ed|cancel|취소)([^a-z]|$)'`;

/**
 * Records the lines of a plain import whose declaration status says cancelled as cancelled by that import: out of the
 * statements, stock and tariff check, and taken out with it by a rollback. Answers how many.
 */
export async function cancelMarkedLines(tx: Run, companyId: string, folderSetId: string, recordId: number): Promise<number> {
  const fromLine = Object.entries(cancelledLineColumns);
  const [row] = await tx<{ count: number }>(
    `WITH cancelled AS (
       INSERT INTO ecus_cancel_records (company_id, folder_set_id, import_record_id, ecus_id, cancel_reason, ${fromLine.map(([, column]) => quoted(column)).join(', ')})
       SELECT $1::uuid, $2::uuid, $3::int, e.id, e.declaration_status, ${fromLine.map(([line]) => `e.${quoted(line)}`).join(', ')}
         FROM ecus_lines e
        WHERE e.company_id = $1 AND e.import_record_id = $3 AND e.declaration_status IS NOT NULL AND ${markedCancelled('e.declaration_status')}
       RETURNING 1)
     SELECT count(*)::int AS count FROM cancelled`,
    [companyId, folderSetId, recordId],
  );
  return row?.count ?? 0;
}

const steps: Record<VariantStep, StepRules> = { 'amend-lines': amendLines, 'cancel-lines': cancelLines };

/** The step of a table's import of this type; none when its rows are rows of their own. */
export function stepOf(resource: ResourceDefinition, importType: ImportType): StepRules | undefined {
  const step = importVariantsOf(resource).find((variant) => variant.importType === importType)?.step;
  return step ? steps[step] : undefined;
}

/** The steps of a table's variants: what may have acted on the lines a plain import of it loaded. */
export const stepsOf = (resource: ResourceDefinition): StepRules[] =>
  importVariantsOf(resource).flatMap((variant) => (variant.step ? [steps[variant.step]] : []));
