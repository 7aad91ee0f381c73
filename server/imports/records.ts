import { PassThrough, type Readable } from 'node:stream';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { resourceNamed } from '../../common/resources/index.js';
import { columnLetters, columnNumber } from '../../common/imports/cells.js';
import { importMessages } from '../../common/imports/coerce.js';
import type { Locale } from '../../common/i18n/locales.js';
import type { Database } from '../db/client.js';
import { inTransaction, regexEscape, type Run } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { catalogTexts } from '../i18n.js';
import { guardRow, sheetName, workbookWriter } from '../spreadsheets/write.js';
import type { Scope } from '../access.js';
import { readHeaders } from './headers.js';
import { rollBackRows } from './run-import.js';
import type { ImportType, Setup } from './setup.js';
import { findUpload, type Upload } from './uploads.js';
import { stepOf, stepsOf } from './variant-steps.js';

/** An import record as the API answers it. */
const recordColumns = `r.id, r.resource AS "table", r.import_type, r.keep_posting, r.status, r.progress, r.total_rows, r.inserted, r.rejected,
  r.errors, r.skipped, r.traceback, r.failure, r.from_file, f.slug AS folder, coalesce(u.name, u.email) AS imported_by, r.search_indexed,
  r.classification_conflicts,
  to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
  to_char(r.finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS finished_at,
  (SELECT min(later.id) FROM import_records later
    WHERE later.company_id = r.company_id AND later.status IN ('succeeded', 'rolled_back') AND later.options->'replaces' @> to_jsonb(r.id)) AS replaced_by,
  CASE WHEN r.status = 'running' AND r.progress > 0
       THEN round(r.progress / 100.0 * r.total_rows / greatest(1, extract(epoch FROM now() - r.created_at)))::int END AS rows_per_second`;
const recordFrom = 'import_records r JOIN folder_sets f ON f.id = r.folder_set_id LEFT JOIN users u ON u.id = r.imported_by';

export type ImportRecord = Record<string, unknown> & { id: number; table: string; status: string };

export async function getImportRecord(run: Run, companyId: string, id: number): Promise<ImportRecord> {
  const [row] = await run<ImportRecord>(`SELECT ${recordColumns} FROM ${recordFrom} WHERE r.id = $1 AND r.company_id = $2`, [id, companyId]);
  if (!row) throw new AppError('not_found', 'Import not found.');
  return row;
}

export async function listImportRecords(run: Run, options: { scope: Scope; table?: string | undefined; page: number; pageSize: number }) {
  const conditions = ['r.company_id = $1'];
  const params: unknown[] = [options.scope.companyId];
  if (options.scope.folderSetId) { params.push(options.scope.folderSetId); conditions.push(`r.folder_set_id = $${params.length}`); }
  if (options.table) { params.push(options.table); conditions.push(`r.resource = $${params.length}`); }
  const where = conditions.join(' AND ');
  const [results, [counted]] = await Promise.all([
    run<ImportRecord>(`SELECT ${recordColumns} FROM ${recordFrom} WHERE ${where} ORDER BY r.id DESC LIMIT ${options.pageSize} OFFSET ${(options.page - 1) * options.pageSize}`, params),
    run<{ count: number }>(`SELECT count(*)::int AS count FROM import_records r WHERE ${where}`, params),
  ]);
  return { count: counted?.count ?? 0, results };
}

/** What an import record keeps of its setup: enough for any worker to run it (server/imports/import-jobs.ts). */
export interface ImportOptions extends Setup {
  sheet: string;
  header_from: number;
  header_to: number;
  headers: Record<string, string>;
  /** Earlier imports of the same file whose rows this one replaces when it succeeds. */
  replaces?: number[];
}

/**
 * Queues an import of an uploaded file; a worker (this server, or another) runs it. The same file
 * imported before into the same table and folder set answers 409 with the earlier import, until the
 * caller says to replace it or to add the rows again.
 */
export async function startImport(options: {
  run: Run; scope: Scope & { folderSetId: string }; userId: string; resource: ResourceDefinition; importType: ImportType;
  upload: Upload; sheet: string; headerFrom: number; headerTo: number; setup: Setup; keepPosting: boolean; onDuplicate?: 'replace' | 'add' | undefined;
  /** Tells this server's worker that a job waits. */
  queued: () => void;
}): Promise<ImportRecord> {
  const { run, scope, resource, importType, upload } = options;
  const headers = await readHeaders(upload, { sheet_name: options.sheet, header_from: options.headerFrom, header_to: options.headerTo });
  const earlier = await run<{ id: number; date: string }>(
    `SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date FROM import_records
      WHERE company_id = $1 AND folder_set_id = $2 AND resource = $3 AND import_type = $4 AND file_sha256 = $5 AND status = 'succeeded' ORDER BY id`,
    [scope.companyId, scope.folderSetId, resource.name, importType, upload.sha256],
  );
  if (earlier.length > 0 && !options.onDuplicate) {
    throw new AppError('duplicate_import', `This file was already imported into this folder set on ${earlier.at(-1)!.date}.`, { extra: { earlier_import: earlier.at(-1) } });
  }
  const kept: ImportOptions = {
    sheet: options.sheet, header_from: options.headerFrom, header_to: options.headerTo, headers, ...options.setup,
    replaces: options.onDuplicate === 'replace' ? earlier.map((row) => row.id) : [],
  };
  const [created] = await run<{ id: number }>(
    `INSERT INTO import_records (company_id, folder_set_id, resource, import_type, keep_posting, from_file, file_sha256, upload_id, options, imported_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [scope.companyId, scope.folderSetId, resource.name, importType, options.keepPosting, upload.fileName, upload.sha256, upload.id, JSON.stringify(kept), options.userId],
  );
  options.queued();
  return getImportRecord(run, scope.companyId, created!.id);
}

/**
 * Starts an interrupted or failed import again with the same upload, sheet, mapping and values, as a new
 * import record. The upload must still be kept (a day).
 */
export async function retryImport(options: { run: Run; dataDir: string; userId: string; scope: Scope & { folderSetId: string }; id: number; queued: () => void }): Promise<ImportRecord> {
  const { run, scope } = options;
  const [record] = await run<{ status: string; resource: string; import_type: ImportType; keep_posting: boolean; upload_id: string | null; options: ImportOptions }>(
    'SELECT status, resource, import_type, keep_posting, upload_id, options FROM import_records WHERE id = $1 AND company_id = $2', [options.id, scope.companyId]);
  if (!record) throw new AppError('not_found', 'Import not found.');
  if (record.status !== 'interrupted' && record.status !== 'failed') throw new AppError('conflict', `Only an interrupted or failed import can be started again; this one is ${record.status}.`);
  if (!record.upload_id) throw new AppError('not_found', 'The uploaded file is no longer kept; upload it again.');
  const upload = await findUpload({ run, dataDir: options.dataDir, userId: options.userId, id: record.upload_id });
  const { sheet, header_from: headerFrom, header_to: headerTo, mapping, extra_fields: extraFields, decimal_mark: decimalMark } = record.options;
  return startImport({
    run, scope, userId: options.userId, resource: resourceNamed(record.resource), importType: record.import_type, upload, sheet, headerFrom, headerTo,
    setup: { mapping, extra_fields: extraFields, decimal_mark: decimalMark }, keepPosting: record.keep_posting, onDuplicate: 'add', queued: options.queued,
  });
}

/**
 * What keeps an import from being rolled back: a later import of a variant step that acted on the lines it loaded
 * (amendments, cancellations), or whatever its own step says depends on it (a later amendment of the same lines).
 */
async function dependents(tx: Run, record: { id: number; resource: string; import_type: ImportType }): Promise<string | null> {
  const resource = resourceNamed(record.resource);
  const step = stepOf(resource, record.import_type);
  if (step) return step.blockerOfRollback(tx, record.id);
  for (const later of stepsOf(resource)) {
    const id = await later.actedOnLinesOf(tx, record.id);
    if (id !== null) return `Import ${id} amended or cancelled lines of this import; roll it back first.`;
  }
  return null;
}

export async function rollBackImport(database: Database, companyId: string, id: number, declarationsAtMost?: number): Promise<void> {
  await inTransaction(database, async (tx) => {
    const [record] = await tx<{ id: number; resource: string; import_type: ImportType; status: string }>(
      'SELECT id, resource, import_type, status FROM import_records WHERE id = $1 AND company_id = $2 FOR UPDATE', [id, companyId]);
    if (!record) throw new AppError('not_found', 'Import not found.');
    // An interrupted import has nothing left to take out; rolling it back only closes it.
    if (record.status !== 'succeeded' && record.status !== 'interrupted') throw new AppError('conflict', `Only a finished or interrupted import can be rolled back; this one is ${record.status}.`);
    const blocker = await dependents(tx, record);
    if (blocker) throw new AppError('import_in_use', blocker);
    await rollBackRows(tx, id, declarationsAtMost);
  });
}

const knownMessage = new RegExp(`(${Object.values(importMessages).map(regexEscape).join('|')})(?: (\\S+))?`, 'g');

/** A refused row's message with the shared import messages in the reader's language (`F Lượng: Not a number` → `F Lượng: Không phải số`). */
function translatedMessage(message: string, texts: Record<string, string>): string {
  return message.replace(knownMessage, (whole, text: string, value: string | undefined) => {
    const key = (Object.keys(importMessages) as Array<keyof typeof importMessages>).find((candidate) => importMessages[candidate] === text);
    const translated = key && texts[`imports.rowErrors.${key}`];
    if (!translated) return whole;
    if (key === 'errorValue') return translated.replace('{value}', value ?? '');
    return value === undefined ? translated : `${translated} ${value}`;
  });
}

/**
 * The rows an import turned down, as they were, with a message column in the reader's language: fix
 * them and upload the file again.
 */
export async function exportRejectedRows(run: Run, companyId: string, id: number, locale: Locale): Promise<Readable> {
  const texts = catalogTexts[locale];
  const [record] = await run<{ table: string; headers: Record<string, string> | null }>(
    `SELECT resource AS "table", options->'headers' AS headers FROM import_records WHERE id = $1 AND company_id = $2`, [id, companyId]);
  if (!record) throw new AppError('not_found', 'Import not found.');
  const rows = await run<{ row_number: number; cells: string[]; message: string }>(
    'SELECT row_number, cells, message FROM import_rejected_rows WHERE import_record_id = $1 ORDER BY row_number', [id]);
  const headers = record.headers ?? {};
  const width = Math.max(0, ...rows.map((row) => row.cells.length), ...Object.keys(headers).map(columnNumber));
  const output = new PassThrough();
  const workbook = await workbookWriter(output);
  const sheet = workbook.addWorksheet(sheetName(record.table));
  guardRow(sheet.addRow([texts['imports.result.row'] ?? 'Row', texts['imports.result.message'] ?? 'Message', ...Array.from({ length: width }, (_, index) => headers[columnLetters(index + 1)] ?? columnLetters(index + 1))])).commit();
  for (const row of rows) guardRow(sheet.addRow([row.row_number, translatedMessage(row.message, texts), ...row.cells])).commit();
  sheet.commit();
  workbook.commit().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
