import { columnNumber, extraFieldName } from '../../common/imports/cells.js';
import { type ChoiceLabels, type ImportFailure } from '../../common/imports/coerce.js';
import type { SkippedRow } from '../../common/imports/row-kinds.js';
import type { FieldDefinition, ResourceDefinition } from '../../common/resources/define.js';
import { resourceNamed } from '../../common/resources/index.js';
import type { Database } from '../db/client.js';
import { companyDataChanged } from '../db/data-version.js';
import { copyInto, inTransaction, type Run, runner, skipRowChecks } from '../db/run.js';
import { catalogs } from '../i18n.js';
import {
  type AddedUp, addUpImportedLines, analyseDeclarations, createImportedLines, dataStillAt, type Declarations, declarationsOfImport, type ImportedLines, judgeImportedDeclarations, keepImportedLines,
  lastDeclarationLine, refreshDeclarations, refreshEffectiveLines, versioned,
} from '../resources/declaration-versions.js';
import { quoted } from '../db/statement.js';
import { forgetSearchTexts } from '../resources/search-texts.js';
import { addImportedBookSums, importedBookCodes, refreshBookSums } from '../resources/book-sums.js';
import { findClassificationConflicts } from '../precedents/find-classification-conflicts.js';
import type { RefusedRow, RowError, RowPlan } from './convert-rows.js';
import { LeaseLost, ServerClosing } from '../jobs/leases.js';
import { numberFormatsOfSheet } from './headers.js';
import { loadInChild } from './reader.js';
import { type ImportType, importFields, type Setup, targetOf } from './setup.js';
import { cancelledCodes, cancelMarkedLines, maxErrors, stepOf, UnmatchedLines } from './variant-steps.js';
import { type SheetLimits } from '../spreadsheets/sniff.js';
import { UnreadableFile } from '../spreadsheets/unreadable.js';
import type { Upload } from './uploads.js';

export interface ImportJob {
  recordId: number;
  companyId: string;
  folderSetId: string;
  resource: ResourceDefinition;
  importType: ImportType;
  keepPosting: boolean;
  upload: Upload;
  sheet: string;
  headerFrom: number;
  headerTo: number;
  headers: Record<string, string>;
  setup: Setup;
  limits: SheetLimits;
  /** Earlier imports of the same file whose rows this one replaces when it succeeds. */
  replaces: number[];
}

const maxRefusedRows = 100_000;
const progressEveryMs = 250;
const sqlType: Record<FieldDefinition['kind'], string> = { text: 'text', code: 'text', choice: 'text', decimal: 'numeric', integer: 'int', date: 'date' };

/**
 * A choice's labels in every interface language, so 'Nguyên liệu, vật tư' and 'Material' both read as `material`. A
 * label that names two things is also read by each of them ('Nguyên liệu', 'vật tư'), as sheets write one or the other.
 */
function choiceLabelsOf(field: string): ChoiceLabels {
  const labels: Record<string, string[]> = {};
  for (const catalog of Object.values(catalogs) as Array<{ choices?: Record<string, Record<string, string>> }>) {
    for (const [value, label] of Object.entries(catalog.choices?.[field] ?? {})) {
      const parts = label.includes(',') ? label.split(',').map((part) => part.trim()).filter(Boolean) : [];
      (labels[value] ??= []).push(label, ...parts);
    }
  }
  return labels;
}

const stageOf = (recordId: number) => `import_stage_${recordId}`;
const keptOf = (recordId: number): ImportedLines => ({
  sums: `import_sums_${recordId}`, classifications: `import_classifications_${recordId}`, tariffKinds: `import_tariff_kinds_${recordId}`,
  declarations: `import_declarations_${recordId}`,
});
const judgedOf = (recordId: number) => `import_judged_${recordId}`;
const summedOf = (recordId: number): AddedUp => ({ sums: `import_summed_${recordId}`, classifications: `import_classified_${recordId}`, tariffKinds: `import_kinds_${recordId}` });
/** The tables of an import's own that outlive its batches, dropped however it ends. */
const scratchOf = (recordId: number) => [stageOf(recordId), ...Object.values(keptOf(recordId)), ...Object.values(summedOf(recordId)), judgedOf(recordId)];

/**
 * How the job's rows are converted: mapped fields by kind, values for every row, unmapped columns as
 * extra fields. Rows of the table itself start with their company, folder set and import.
 */
function planOf(job: ImportJob, direct: boolean): RowPlan {
  const mappedColumns = new Set(Object.values(job.setup.mapping).map((entry) => columnNumber(entry.mapping_col_name)));
  const fields = importFields(job.resource, job.importType);
  const numberFormats = numberFormatsOf(job, fields);
  return {
    fields: Object.entries(fields).map(([name, definition]) => {
      const column = job.setup.mapping[name]?.mapping_col_name ?? null;
      const codeColumn = definition.codeInField ? job.setup.mapping[definition.codeInField]?.mapping_col_name ?? null : null;
      return {
        name, definition, column, fallback: job.setup.extra_fields[name] ?? null,
        choiceLabels: definition.kind === 'choice' ? choiceLabelsOf(name) : {},
        decimalMark: column ? numberFormats.get(columnNumber(column))?.mark ?? null : null,
        codeColumn,
      };
    }),
    extraColumns: Object.entries(job.headers).filter(([letter]) => !mappedColumns.has(columnNumber(letter)))
      .map(([letter, header]) => ({ index: columnNumber(letter) - 1, name: extraFieldName(header) })).filter((column) => column.name),
    headers: job.headers,
    date1904: job.upload.outline.date1904,
    leading: direct ? [job.companyId, job.folderSetId, String(job.recordId)] : null,
  };
}

/**
 * How each mapped numeric column writes its numbers, decided from the rows below the header that the upload's outline
 * holds (its first 200): cells further down that show the other mark are refused, never read another way.
 */
function numberFormatsOf(job: ImportJob, fields: Record<string, FieldDefinition>) {
  const numeric = Object.entries(job.setup.mapping)
    .filter(([name]) => fields[name]?.kind === 'decimal' || fields[name]?.kind === 'integer')
    .map(([, mapping]) => columnNumber(mapping.mapping_col_name));
  return numberFormatsOfSheet(job.upload, job.sheet, job.headerTo, numeric, job.setup.decimal_mark).columns;
}

/**
 * Deletes the rows a failed or interrupted import loaded, a slice at a time so that the embedded
 * database keeps answering other requests in between. They were never listed: their import is still
 * running until this is done.
 */
export async function deleteLoadedRows(run: Run, table: string, recordId: number): Promise<void> {
  const slice = 5000;
  for (;;) {
    const [gone] = await run<{ count: number }>(
      `WITH gone AS (DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE import_record_id = $1 LIMIT ${slice}) RETURNING 1)
       SELECT count(*)::int AS count FROM gone`, [recordId]);
    if ((gone?.count ?? 0) < slice) return;
  }
}

/**
 * Runs an import. The reader process reads and converts the sheet; the rows it accepts are loaded with
 * COPY batch by batch: straight into the table for an ordinary import (hidden from every list while
 * the import runs, deleted again if it fails), into a staging table for ECUS amendments and
 * cancellations, which are applied in the final transaction. That transaction also takes out the rows
 * of a replaced import and marks the record succeeded; nothing of a failed import remains.
 */
export async function runImport(database: Database, job: ImportJob, signal?: AbortSignal): Promise<void> {
  const run = runner(database);
  const target = targetOf(job.resource, job.importType);
  // Rows of their own go straight into their table; a step's rows are staged and applied at the end.
  const step = stepOf(job.resource, job.importType);
  const direct = !step;
  const plan = planOf(job, direct);
  const fieldColumns = plan.fields.map((field) => field.name);
  const stage = stageOf(job.recordId);
  // Declaration lines are summed by month and classified as they arrive, for the monthly sums the statements read and
  // the classifications the precedents read, and their declarations kept, for judging which versions they supersede.
  const kept = direct && target.table === 'ecus_lines' ? keptOf(job.recordId) : null;
  let keptTo = 0;
  const [table, columns] = direct
    ? [target.table, ['company_id', 'folder_set_id', 'import_record_id', 'extra', ...fieldColumns]]
    : [stage, ['_row', 'extra', ...fieldColumns]];
  const errors: RowError[] = [];
  const skipped: SkippedRow[] = [];
  let refusedKept = 0;
  let rejected = 0;
  let inserted = 0;
  let seen = 0;
  let reportedAt = 0;

  const record = (fragment: string, params: unknown[], on: Run = run) => on(`UPDATE import_records SET ${fragment} WHERE id = $1`, [job.recordId, ...params]);
  const keepRefused = async (refused: RefusedRow[]) => {
    for (const row of refused) for (const error of row.errors) if (errors.length < maxErrors) errors.push(error);
    const kept = refused.slice(0, maxRefusedRows - refusedKept);
    refusedKept += kept.length;
    if (kept.length === 0) return;
    await run(
      `INSERT INTO import_rejected_rows (import_record_id, row_number, cells, message)
       SELECT $1, r, c, m FROM unnest($2::int[], $3::jsonb[], $4::text[]) AS u(r, c, m)`,
      [job.recordId, kept.map((row) => row.row), kept.map((row) => JSON.stringify(row.cells)), kept.map((row) => row.message)],
    );
  };
  const fail = async (traceback: string, failure: ImportFailure) => {
    if (direct) await deleteLoadedRows(run, table, job.recordId);
    await finish(run, job.recordId, 'failed', { total: seen, inserted: 0, rejected, errors, skipped, traceback, failure });
  };
  const interrupt = async () => {
    if (direct) await deleteLoadedRows(run, table, job.recordId);
    await markInterrupted(run, job.recordId);
  };

  try {
    await record("status = 'running'", []);
    if (!direct) await run(`CREATE UNLOGGED TABLE ${stage} (_row int NOT NULL, extra jsonb, ${plan.fields.map((field) => `${quoted(field.name)} ${sqlType[field.definition.kind]}`).join(', ')})`);
    if (kept) {
      await createImportedLines(run, kept);
      keptTo = await lastDeclarationLine(run);
    }
    for await (const batch of loadInChild({ file: job.upload.path, format: job.upload.format, sheet: job.sheet, fromRow: job.headerTo + 1, plan, keepPosting: job.keepPosting, owner: job.upload.userId, limits: job.limits, signal })) {
      inserted += batch.lines;
      seen += batch.seen;
      rejected += batch.refused.length;
      const progressDue = Date.now() - reportedAt >= progressEveryMs;
      if (progressDue) reportedAt = Date.now();
      const progress = (on: Run) => record('total_rows = $2, rejected = $3, progress = $4',
        [Math.max(seen, batch.declaredRows ?? 0), rejected, Math.min(99, Math.floor(batch.fraction * 100))], on);
      // The lines just copied are summed, and the progress told, in the batch's own transaction.
      if (batch.lines > 0) {
        await copyInto(database, table, columns, batch.text, direct ? { companyId: job.companyId, folderSetId: job.folderSetId } : undefined, async (tx) => {
          if (kept) keptTo = await keepImportedLines(tx, kept, job.recordId, keptTo);
          if (progressDue) await progress(tx);
        });
      } else if (progressDue) await progress(run);
      await keepRefused(batch.refused);
      skipped.push(...batch.skipped.slice(0, maxErrors - skipped.length));
    }

    signal?.throwIfAborted();
    if (rejected > 0 && !job.keepPosting) {
      await fail(`${rejected} of ${seen} rows have problems; nothing was imported. Fix them, or import with "keep posting" to load the good rows.`,
        { code: 'rows_refused', values: { refused: rejected, total: seen } });
      return;
    }
    if (seen === 0) {
      await fail('The sheet has no rows below the header.', { code: 'no_rows' });
      return;
    }
    // The statistics the final statements are planned on, sampled before the transaction: a statement of its own, so
    // that on the embedded database other requests get their turn before the final work and not only after it.
    if (!direct || versioned(target)) await analyseDeclarations(run);
    // The sums and classifications its batches kept, added up before the transaction too.
    const summed = kept ? await addUpImportedLines(run, kept, summedOf(job.recordId)) : null;
    // Which lines the import's versions supersede, judged before it as well while nothing else changes the company's data.
    const judged = kept && job.replaces.length === 0
      ? { table: judgedOf(job.recordId), version: await judgeImportedDeclarations(run, job.companyId, job.recordId, kept, judgedOf(job.recordId)) } : null;
    // The item codes and names it declares under a second HS code, said in its result; a declaration import only.
    const conflicts = summed ? await findClassificationConflicts({ run, companyId: job.companyId, imported: summed.classifications }) : null;
    await inTransaction(database, async (tx) => {
      const stillJudged = judged !== null && await dataStillAt(tx, job.companyId, judged.version);
      const unmatched = step ? await step.apply(tx, {
        stage, companyId: job.companyId, folderSetId: job.folderSetId, recordId: job.recordId, keepPosting: job.keepPosting, mapping: job.setup.mapping, fields: fieldColumns,
      }, errors) : 0;
      for (const earlier of job.replaces) await rollBackRows(tx, earlier);
      await finish(tx, job.recordId, 'succeeded', { total: seen, inserted: inserted - unmatched, rejected: rejected + unmatched, errors, skipped, traceback: null, failure: null });
      if (conflicts) await tx('UPDATE import_records SET classification_conflicts = $2 WHERE id = $1', [job.recordId, JSON.stringify(conflicts)]);
      // A table without searched columns has no search text to keep.
      if (target.search.length === 0) await tx('UPDATE import_records SET search_indexed = true WHERE id = $1', [job.recordId]);
      if (direct) {
        // The embedded database runs each foreign-key check of the derived rows as an interpreted query: the import's
        // company and folder set, which every one of them names, are checked once instead, as for its batches.
        if (database.kind === 'pglite') await skipRowChecks(tx, { companyId: job.companyId, folderSetId: job.folderSetId });
        // Visible now, the import's declaration versions supersede the earlier ones.
        if (versioned(target)) {
          await refreshDeclarations(tx, job.companyId, { importRecordId: job.recordId, ...(summed ? { summed } : {}), ...(stillJudged ? { judged: judged.table } : {}) }, { analysed: true });
          // Declarations the file marks cancelled count as a cancel import would leave them: out of the sums. Only a sheet
          // that gives a status is read for it, so that no other import's final transaction scans its lines again.
          const statusGiven = 'declaration_status' in job.setup.mapping || job.setup.extra_fields.declaration_status !== undefined;
          if (target.table === 'ecus_lines' && statusGiven && await cancelMarkedLines(tx, job.companyId, job.folderSetId, job.recordId) > 0) {
            await refreshEffectiveLines(tx, job.companyId, await cancelledCodes(tx, job.recordId));
          }
        }
        await addImportedBookSums(tx, target, job.companyId, job.recordId);
        if (database.kind === 'pglite') await tx('SET LOCAL session_replication_role = origin');
      }
      // Corrections and cancellations change which quantities count, not which versions.
      if (step) await refreshEffectiveLines(tx, job.companyId, await step.codesActedOn(tx, job.recordId));
      await companyDataChanged(tx, job.companyId);
    });
  } catch (error) {
    // Another server took the job over when its heartbeat stopped: the cleaning up is that server's.
    if (error instanceof LeaseLost) return;
    if (error instanceof ServerClosing || (error instanceof UnreadableFile && error.reason === 'interrupted')) {
      await interrupt().catch(() => undefined);
      return;
    }
    if (error instanceof UnmatchedLines) rejected += error.count;
    else if (!(error instanceof UnreadableFile)) console.error(error);
    const failure: ImportFailure = error instanceof UnreadableFile ? { code: 'unreadable', values: { reason: error.reason, limit: error.limit } }
      : error instanceof UnmatchedLines ? { code: 'lines_unmatched', values: { count: error.count } } : { code: 'unexpected' };
    await fail(error instanceof UnreadableFile || error instanceof UnmatchedLines ? error.message : 'The import stopped on an unexpected problem; nothing was imported.', failure)
      .catch(() => undefined);
  } finally {
    await run(`DROP TABLE IF EXISTS ${scratchOf(job.recordId).join(', ')}`).catch(() => undefined);
  }
}

/**
 * Marks an import interrupted once its loaded rows are gone: the progress it had reached stays, and it
 * can be rolled back (a no-op) or started again from its kept upload.
 */
export async function markInterrupted(run: Run, recordId: number): Promise<void> {
  await run(`DROP TABLE IF EXISTS ${scratchOf(recordId).join(', ')}`);
  await run(
    `UPDATE import_records SET status = 'interrupted', traceback = 'The import stopped before it finished; nothing was imported. Start it again.',
            failure = '{"code": "interrupted"}', finished_at = now()
      WHERE id = $1 AND status IN ('queued', 'running')`, [recordId]);
}

async function finish(run: Run, recordId: number, status: 'succeeded' | 'failed', counts: {
  total: number; inserted: number; rejected: number; errors: RowError[]; skipped: SkippedRow[]; traceback: string | null; failure: ImportFailure | null;
}): Promise<void> {
  await run(
    `UPDATE import_records SET status = $2, progress = 100, total_rows = $3, inserted = $4, rejected = $5, errors = $6, skipped = $9, traceback = $7, failure = $8, finished_at = now()
      WHERE id = $1`,
    [recordId, status, counts.total, counts.inserted, counts.rejected, JSON.stringify(counts.errors), counts.traceback, counts.failure && JSON.stringify(counts.failure), JSON.stringify(counts.skipped)],
  );
}

/**
 * Takes an import's rows out again: a variant with a step undoes it (an amendment restores the lines it changed),
 * other imports delete their rows. The caller has checked that nothing later depends on them. `declarationsAtMost`: how
 * many of its declarations' codes are re-derived one by one before its whole folder set is instead.
 */
export async function rollBackRows(tx: Run, recordId: number, declarationsAtMost?: number): Promise<void> {
  // The record is locked first: a slice of its rows' search text being kept finishes before, or sees it rolled back.
  const [record] = await tx<{ resource: string; import_type: ImportType; company_id: string; folder_set_id: string }>(
    'SELECT resource, import_type, company_id, folder_set_id FROM import_records WHERE id = $1 FOR UPDATE', [recordId]);
  if (!record) return;
  const resource = resourceNamed(record.resource);
  const step = stepOf(resource, record.import_type);
  const target = targetOf(resource, record.import_type);
  await forgetSearchTexts(tx, target, `SELECT id FROM ${target.table} WHERE import_record_id = $1`, [recordId]);
  const bookCodes = step ? [] : await importedBookCodes(tx, resource, recordId);
  // What taking its rows out can change, asked while they are there.
  const actedOn = step ? await step.codesActedOn(tx, recordId) : [];
  const declarations: Declarations = step || !versioned(resource) ? []
    : resource.table === 'ecus_lines' ? await declarationsOfImport(tx, record.company_id, recordId, record.folder_set_id, declarationsAtMost) : { folderSetId: record.folder_set_id };
  if (step) await step.rollBack(tx, recordId);
  else {
    // The cancellations a plain declaration import recorded from its status column go before its lines.
    if (resource.table === 'ecus_lines') await tx('DELETE FROM ecus_cancel_records WHERE import_record_id = $1', [recordId]);
    await tx(`DELETE FROM ${resource.table} WHERE import_record_id = $1`, [recordId]);
  }
  await refreshBookSums(tx, resource, record.company_id, bookCodes);
  // The versions it brought gone, earlier versions of its declarations may be the latest again; corrections and
  // cancellations undone change only which quantities count.
  if (step) await refreshEffectiveLines(tx, record.company_id, actedOn);
  else await refreshDeclarations(tx, record.company_id, declarations);
  await tx("UPDATE import_records SET status = 'rolled_back', finished_at = now() WHERE id = $1", [recordId]);
  await companyDataChanged(tx, record.company_id);
}
