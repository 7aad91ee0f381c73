import en from '../../common/i18n/en.json' with { type: 'json' };
import ko from '../../common/i18n/ko.json' with { type: 'json' };
import vi from '../../common/i18n/vi.json' with { type: 'json' };
import { columnNumber, extraFieldName } from '../../common/imports/cells.js';
import { type ChoiceLabels, coerceCell, importMessages } from '../../common/imports/coerce.js';
import type { FieldDefinition, ResourceDefinition } from '../../common/resources/define.js';
import { resourceNamed } from '../../common/resources/index.js';
import type { FieldValue } from '../../common/resources/schemas.js';
import type { Database } from '../db/client.js';
import { inTransaction, type Run, runner } from '../db/run.js';
import { quoted } from '../resources/row-sql.js';
import { cellText } from './headers.js';
import type { SheetRow } from './read-sheet.js';
import { rowsInChild } from './reader.js';
import { type ImportType, importFields, type Setup, targetOf } from './setup.js';
import { type SheetLimits, UnreadableFile } from './sniff.js';
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

interface RowError { row: number; column: string | null; field: string | null; message: string }

const maxErrors = 1000;
const maxRejectedRows = 100_000;
const sqlType: Record<FieldDefinition['kind'], string> = { text: 'text', code: 'text', choice: 'text', decimal: 'numeric', integer: 'int', date: 'date' };

/** A choice's labels in every interface language, so 'Nguyên liệu' and 'Material' both read as `material`. */
function choiceLabelsOf(field: string): ChoiceLabels {
  const labels: Record<string, string[]> = {};
  for (const catalog of [en, vi, ko] as Array<{ choices?: Record<string, Record<string, string>> }>) {
    for (const [value, label] of Object.entries(catalog.choices?.[field] ?? {})) (labels[value] ??= []).push(label);
  }
  return labels;
}

/** Jobs of this process; tests and shutdown wait for them. */
export const runningImports = new Set<Promise<void>>();

const stageOf = (recordId: number) => `import_stage_${recordId}`;

/**
 * Runs an import: reads the sheet in the reader process, coerces and checks every row, loads good rows
 * into a staging table in batches, and in one final transaction moves them into the table (or applies
 * the amendments or cancellations) and marks the record succeeded. Nothing reaches the table otherwise.
 */
export async function runImport(database: Database, job: ImportJob): Promise<void> {
  const run = runner(database);
  const target = targetOf(job.resource, job.importType);
  const fields = Object.entries(importFields(job.resource, job.importType));
  const mappedColumns = new Set(Object.values(job.setup.mapping).map((entry) => columnNumber(entry.mapping_col_name)));
  const extraColumns = Object.entries(job.headers).filter(([letter]) => !mappedColumns.has(columnNumber(letter)))
    .map(([letter, header]) => ({ index: columnNumber(letter) - 1, name: extraFieldName(header) })).filter((column) => column.name);
  const choiceLabels = Object.fromEntries(fields.filter(([, d]) => d.kind === 'choice').map(([name]) => [name, choiceLabelsOf(name)]));
  const columns = fields.map(([name]) => name);
  const stage = stageOf(job.recordId);
  const errors: RowError[] = [];
  let rejected = 0;
  let inserted = 0;
  let seen = 0;
  /** The sheet's rows below the header, when the reader could count them; progress is a share of it. */
  let expected = 0;

  const record = (fragment: string, params: unknown[]) => run(`UPDATE import_records SET ${fragment} WHERE id = $1`, [job.recordId, ...params]);
  const addError = (error: RowError) => { if (errors.length < maxErrors) errors.push(error); };

  try {
    await record("status = 'running'", []);
    await run(`CREATE UNLOGGED TABLE ${stage} (_row int NOT NULL, extra jsonb, ${fields.map(([name, d]) => `${quoted(name)} ${sqlType[d.kind]}`).join(', ')})`);
    const rejectedRows: Array<{ row: number; cells: string[]; message: string }> = [];

    const convert = (row: SheetRow): Array<FieldValue> | null => {
      const values: FieldValue[] = [];
      const rowErrors: RowError[] = [];
      for (const [name, definition] of fields) {
        const mapped = job.setup.mapping[name];
        let value: FieldValue = job.setup.extra_fields[name] ?? null;
        if (mapped) {
          const coerced = coerceCell(definition, row.cells[columnNumber(mapped.mapping_col_name) - 1] ?? null, { date1904: job.upload.outline.date1904, choiceLabels: choiceLabels[name] ?? {} });
          if ('error' in coerced) rowErrors.push({ row: row.row, column: mapped.mapping_col_name, field: name, message: coerced.error });
          else value = coerced.value ?? value;
        }
        if (value === null && definition.required && !rowErrors.some((error) => error.field === name)) {
          rowErrors.push({ row: row.row, column: mapped?.mapping_col_name ?? null, field: name, message: importMessages.required });
        }
        values.push(value);
      }
      if (rowErrors.length === 0) return values;
      rejected += 1;
      rowErrors.forEach(addError);
      if (rejectedRows.length < maxRejectedRows) {
        rejectedRows.push({ row: row.row, cells: row.cells.map(cellText), message: rowErrors.map((error) => `${error.column ?? ''} ${job.headers[error.column ?? ''] ?? error.field}: ${error.message}`.trim()).join('; ') });
      }
      return null;
    };

    for await (const batch of rowsInChild({ file: job.upload.path, format: job.upload.format, sheet: job.sheet, fromRow: job.headerTo + 1, limits: job.limits, onTotal: (rows) => { expected = rows; } })) {
      const good: Array<{ row: number; values: FieldValue[]; extra: string | null }> = [];
      for (const row of batch) {
        if (row.cells.every((cell) => cellText(cell) === '')) continue;
        seen += 1;
        const values = convert(row);
        if (!values) continue;
        const extra = Object.fromEntries(extraColumns.map((column) => [column.name, cellText(row.cells[column.index] ?? null)]).filter(([, text]) => text !== ''));
        good.push({ row: row.row, values, extra: Object.keys(extra).length > 0 ? JSON.stringify(extra) : null });
      }
      // All or nothing: once a row failed, the rest is only checked, so every problem is reported at once.
      if (good.length > 0 && (job.keepPosting || rejected === 0)) {
        const arrays = [good.map((row) => row.row), good.map((row) => row.extra), ...columns.map((_, index) => good.map((row) => row.values[index]))];
        await run(
          `INSERT INTO ${stage} (_row, extra, ${columns.map(quoted).join(', ')})
           SELECT * FROM unnest($1::int[], $2::jsonb[], ${fields.map(([, d], index) => `$${index + 3}::${sqlType[d.kind]}[]`).join(', ')})`,
          arrays,
        );
        inserted += good.length;
      }
      const progress = expected > 0 ? Math.min(99, Math.floor((seen / expected) * 100)) : 0;
      await record('total_rows = $2, rejected = $3, progress = $4', [Math.max(seen, expected), rejected, progress]);
    }

    if (rejectedRows.length > 0) {
      await run(
        `INSERT INTO import_rejected_rows (import_record_id, row_number, cells, message)
         SELECT $1, r, c, m FROM unnest($2::int[], $3::jsonb[], $4::text[]) AS u(r, c, m)`,
        [job.recordId, rejectedRows.map((row) => row.row), rejectedRows.map((row) => JSON.stringify(row.cells)), rejectedRows.map((row) => row.message)],
      );
    }
    if (rejected > 0 && !job.keepPosting) {
      await finish(run, job.recordId, 'failed', { total: seen, inserted: 0, rejected, errors, traceback: `${rejected} of ${seen} rows have problems; nothing was imported. Fix them, or import with "keep posting" to load the good rows.` });
      return;
    }
    if (seen === 0) {
      await finish(run, job.recordId, 'failed', { total: 0, inserted: 0, rejected: 0, errors, traceback: 'The sheet has no rows below the header.' });
      return;
    }
    await inTransaction(database, async (tx) => {
      const unmatched = job.importType === 'IMPORT' ? 0 : await applyEcusRecords(tx, job, stage, errors);
      const moved = job.importType === 'IMPORT' ? await moveRows(tx, job, target, columns, stage) : inserted - unmatched;
      for (const earlier of job.replaces) await rollBackRows(tx, earlier);
      await finish(tx, job.recordId, 'succeeded', { total: seen, inserted: moved, rejected: rejected + unmatched, errors, traceback: null });
    });
  } catch (error) {
    const message = error instanceof UnreadableFile || error instanceof UnmatchedLines ? error.message : 'The import stopped on an unexpected problem; nothing was imported.';
    if (error instanceof UnmatchedLines) rejected += error.count;
    else if (!(error instanceof UnreadableFile)) console.error(error);
    await finish(run, job.recordId, 'failed', { total: seen, inserted: 0, rejected, errors, traceback: message }).catch(() => undefined);
  } finally {
    await run(`DROP TABLE IF EXISTS ${stage}`).catch(() => undefined);
  }
}

class UnmatchedLines extends Error {
  constructor(readonly count: number) {
    super(`${count} rows name declaration lines that are not in this folder set; nothing was imported.`);
  }
}

async function finish(run: Run, recordId: number, status: 'succeeded' | 'failed', counts: { total: number; inserted: number; rejected: number; errors: RowError[]; traceback: string | null }) {
  await run(
    `UPDATE import_records SET status = $2, progress = 100, total_rows = $3, inserted = $4, rejected = $5, errors = $6, traceback = $7, finished_at = now() WHERE id = $1`,
    [recordId, status, counts.total, counts.inserted, counts.rejected, JSON.stringify(counts.errors), counts.traceback],
  );
}

async function moveRows(tx: Run, job: ImportJob, target: ResourceDefinition, columns: string[], stage: string): Promise<number> {
  // The staging table holds the rows in sheet order already; sorting them again would only spill to disk.
  await tx(
    `INSERT INTO ${target.table} (company_id, folder_set_id, import_record_id, extra, ${columns.map(quoted).join(', ')})
     SELECT $1, $2, $3, extra, ${columns.map(quoted).join(', ')} FROM ${stage}`,
    [job.companyId, job.folderSetId, job.recordId],
  );
  const [staged] = await tx<{ count: number }>(`SELECT count(*)::int AS count FROM ${stage}`);
  return staged?.count ?? 0;
}

/**
 * AMA and cancel rows find their declaration lines by the first 11 digits of the declaration number
 * (the 12th counts in-clearance amendments) and the line number, or the code. Amendments override the
 * line and keep its previous values; cancellations record every matched line. Unmatched rows are
 * reported; their count is returned.
 */
async function applyEcusRecords(tx: Run, job: ImportJob, stage: string, errors: RowError[]): Promise<number> {
  const match = `e.company_id = $1 AND e.folder_set_id = $2 AND left(e.account_number, 11) = left(s.account_number, 11)
    AND (s.row_number IS NULL OR e.row_number = s.row_number) AND (s.row_number IS NOT NULL OR ${job.importType === 'AMA' ? 'e.code = s.code' : 'true'})`;
  const unmatched = await tx<{ _row: number }>(`SELECT s._row FROM ${stage} s WHERE NOT EXISTS (SELECT 1 FROM ecus_lines e WHERE ${match}) ORDER BY s._row`, [job.companyId, job.folderSetId]);
  for (const row of unmatched.slice(0, maxErrors - errors.length)) {
    errors.push({ row: row._row, column: job.setup.mapping.account_number?.mapping_col_name ?? null, field: 'account_number', message: 'No declaration line of this folder set matches this row.' });
  }
  if (unmatched.length > 0 && !job.keepPosting) throw new UnmatchedLines(unmatched.length);
  if (job.importType === 'AMA') {
    await tx(
      `WITH matched AS (
         SELECT DISTINCT ON (s._row) s.account_number, coalesce(s.row_number, e.row_number) AS row_number, s.code, s.unit, s.total, e.id AS ecus_id, e.code AS previous_code, e.unit AS previous_unit, e.total AS previous_total
           FROM ${stage} s JOIN ecus_lines e ON ${match}
          ORDER BY s._row, e.account_number DESC, e.id DESC),
       recorded AS (
         INSERT INTO ecus_ama_records (company_id, folder_set_id, import_record_id, ecus_id, account_number, row_number, code, unit, total, previous_code, previous_unit, previous_total)
         SELECT $1, $2, $3, ecus_id, account_number, row_number, coalesce(code, previous_code), coalesce(unit, previous_unit), coalesce(total, previous_total), previous_code, previous_unit, previous_total
           FROM matched
         RETURNING ecus_id, code, unit, total)
       UPDATE ecus_lines e SET code = r.code, unit = r.unit, total = r.total, updated_at = now() FROM recorded r WHERE e.id = r.ecus_id`,
      [job.companyId, job.folderSetId, job.recordId],
    );
  } else {
    const copied = ['account_number', 'row_number', 'registered_date', 'type_code', 'code', 'hs', 'item_name', 'from_country', 'total', 'unit', 'unit_price', 'nt_value', 'total_value', 'partner', 'invoice_no'];
    await tx(
      `INSERT INTO ecus_cancel_records (company_id, folder_set_id, import_record_id, ecus_id, ${copied.map(quoted).join(', ')})
       SELECT DISTINCT ON (e.id) $1::uuid, $2::uuid, $3::int, e.id, ${copied.map((name) => `e.${quoted(name)}`).join(', ')}
         FROM ${stage} s JOIN ecus_lines e ON ${match}`,
      [job.companyId, job.folderSetId, job.recordId],
    );
  }
  return unmatched.length;
}

/**
 * Takes an import's rows out again: an AMA import restores the lines it changed, other imports delete
 * their rows. The caller has checked that nothing later depends on them.
 */
export async function rollBackRows(tx: Run, recordId: number): Promise<void> {
  const [record] = await tx<{ resource: string; import_type: ImportType }>('SELECT resource, import_type FROM import_records WHERE id = $1', [recordId]);
  if (!record) return;
  if (record.import_type === 'AMA') {
    await tx(
      `UPDATE ecus_lines e SET code = a.previous_code, unit = a.previous_unit, total = a.previous_total, updated_at = now()
         FROM ecus_ama_records a WHERE a.import_record_id = $1 AND e.id = a.ecus_id`,
      [recordId],
    );
    await tx('DELETE FROM ecus_ama_records WHERE import_record_id = $1', [recordId]);
  } else if (record.import_type === 'CANCEL') {
    await tx('DELETE FROM ecus_cancel_records WHERE import_record_id = $1', [recordId]);
  } else {
    await tx(`DELETE FROM ${resourceNamed(record.resource).table} WHERE import_record_id = $1`, [recordId]);
  }
  await tx("UPDATE import_records SET status = 'rolled_back', finished_at = now() WHERE id = $1", [recordId]);
}
