/**
 * Lookup data loads: an administrator's file replaces one kind of lookup data (a tariff year, its procedures,
 * decisions or origin rules; the regulations; the C/O records). A load is a job (server/jobs/leases.ts) whose
 * record the administration screen follows: queued once uploaded, then reading, then replacing, then finished.
 */
import { kindTakesYear, type LookupDataKind, type LookupLoad, type LookupLoadPage } from '../../common/admin/schemas.js';
import { defaultTariffYear } from '../../common/lookup/query.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { type Run, runner } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { keptUpload, type Upload } from '../imports/uploads.js';
import { type JobTable, LeaseLost, leaseTimingOf, type LeaseTiming, runUnderLease, startWorker, sweepStaleJobs, type Worker } from '../jobs/leases.js';
import { readLookupFile } from '../lookup/import-lookup-file.js';
import { LookupFileError } from '../lookup/read-table.js';
import { UnreadableFile } from '../spreadsheets/unreadable.js';
import { recordAuditEvent } from '../db/audit-log.js';

export const lookupLoadJobs: JobTable = { table: 'lookup_loads' };

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const loadColumns = `l.id, l.kind, l.year, l.file_name, l.status, l.stage, l.rows_read, l.rows, l.error, l.failure, u.email AS started_by,
  ${iso('l.created_at')} AS created_at, ${iso('l.finished_at')} AS finished_at,
  (extract(epoch FROM l.finished_at - coalesce(l.started_at, l.created_at)) * 1000)::int AS duration_ms`;
const loadFrom = 'lookup_loads l LEFT JOIN users u ON u.id = l.started_by';

export async function getLookupLoad(database: Database, id: number): Promise<LookupLoad> {
  const [load] = await runner(database)<LookupLoad>(`SELECT ${loadColumns} FROM ${loadFrom} WHERE l.id = $1`, [id]);
  if (!load) throw new AppError('not_found', 'No such load.');
  return load;
}

/** The loads newest first, the running one among them with its stage. */
export async function listLookupLoads(database: Database, options: { page: number; page_size: number }): Promise<LookupLoadPage> {
  const run = runner(database);
  const [results, [counted]] = await Promise.all([
    run<LookupLoad>(`SELECT ${loadColumns} FROM ${loadFrom} ORDER BY l.id DESC LIMIT $1 OFFSET $2`, [options.page_size, (options.page - 1) * options.page_size]),
    run<{ count: number }>('SELECT count(*)::int AS count FROM lookup_loads'),
  ]);
  return { count: counted?.count ?? 0, results };
}

/**
 * Queues the load of an uploaded file (the upload bounds its size and tells its format by its bytes) and tells this
 * server's worker. Only CSV and .xlsx files are read: the formats the lookup import has readers of its own for.
 */
export async function queueLookupLoad(database: Database, options: { actorId: string; kind: LookupDataKind; year: number | undefined; upload: Upload; queued: () => void }): Promise<LookupLoad> {
  const { actorId, kind, upload } = options;
  if (upload.format !== 'csv' && upload.format !== 'xlsx') throw new AppError('unsupported_media_type', 'Load a .csv or .xlsx file.', { fields: { excel_file: ['A .csv or .xlsx file.'] } });
  const year = kindTakesYear(kind) ? options.year ?? null : null;
  const [row] = await runner(database)<{ id: number }>(
    'INSERT INTO lookup_loads (kind, year, file_name, upload_id, started_by) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [kind, year, upload.fileName, upload.id, actorId]);
  const id = row!.id;
  await recordAuditEvent(database.db, { action: 'lookup_load_started', actorId, subject: upload.fileName, details: { load: id, kind, year } });
  const load = await getLookupLoad(database, id);
  options.queued();
  return load;
}

/** Why a load failed, in English and as a code with values for the screen. */
function failureOf(error: unknown): { error: string; failure: { code: string; values: Record<string, string | number> } } {
  if (error instanceof LookupFileError) return { error: error.message, failure: { code: error.code, values: error.values } };
  if (error instanceof UnreadableFile) return { error: error.message, failure: { code: 'unreadable', values: { reason: error.reason } } };
  return { error: error instanceof Error ? error.message : String(error), failure: { code: 'other', values: {} } };
}

async function settle(run: Run, id: number, status: 'failed' | 'interrupted', error: string, failure: { code: string; values: Record<string, string | number> }): Promise<void> {
  await run(`UPDATE lookup_loads SET status = $2, stage = NULL, error = $3, failure = $4, finished_at = now() WHERE id = $1`, [id, status, error, JSON.stringify(failure)]);
}

const interruptedText = 'The server stopped during the load; the data was left as it was. Load the file again.';

/**
 * Runs one claimed load: reads and checks the whole file first, then replaces the kind's data in one transaction
 * (which also bumps lookup_data_version, so every server drops its cached answers). A failure changes nothing.
 */
async function runLookupLoad(database: Database, config: Config, id: number, signal: AbortSignal): Promise<void> {
  const run = runner(database);
  const [load] = await run<{ kind: LookupDataKind; year: number | null; file_name: string; upload_id: string | null; started_by: string | null }>(
    'SELECT kind, year, file_name, upload_id, started_by FROM lookup_loads WHERE id = $1', [id]);
  if (!load) return;
  const upload = load.upload_id ? await keptUpload({ run, dataDir: config.dataDir, id: load.upload_id }) : undefined;
  if (!upload) {
    await settle(run, id, 'failed', 'The uploaded file is no longer kept; nothing was loaded. Upload it again.', { code: 'upload_missing', values: {} });
    return;
  }
  try {
    await run(`UPDATE lookup_loads SET stage = 'reading', started_at = now() WHERE id = $1`, [id]);
    const read = await readLookupFile({
      // Regulations and C/O records are not kept per year; their replacement ignores it.
      kind: load.kind, year: load.year ?? defaultTariffYear, file: upload.path, name: load.file_name,
      source: { format: upload.format === 'xlsx' ? 'xlsx' : 'csv', sheet: upload.outline.sheets[0]?.name ?? '' },
      tariffSource: { origin: 'file', fileName: load.file_name, loadId: id, loadedBy: load.started_by },
    });
    signal.throwIfAborted();
    await run(`UPDATE lookup_loads SET stage = 'replacing', rows_read = $2 WHERE id = $1`, [id, read.rowsRead]);
    const rows = await read.replace(database);
    await run(`UPDATE lookup_loads SET status = 'succeeded', stage = NULL, rows = $2, finished_at = now() WHERE id = $1`, [id, rows]);
  } catch (error) {
    // A lost lease means another server has already settled this load.
    if (signal.reason instanceof LeaseLost) return;
    if (signal.aborted) {
      await settle(run, id, 'interrupted', interruptedText, { code: 'interrupted', values: {} });
      return;
    }
    const { error: text, failure } = failureOf(error);
    await settle(run, id, 'failed', text, failure);
  }
}

/** Loads whose process stopped are marked interrupted; their replacement, one transaction, never committed. */
export function sweepInterruptedLookupLoads(run: Run, staleMs: number): Promise<number[]> {
  return sweepStaleJobs({ run, jobs: lookupLoadJobs, staleMs, cleanUp: (id) => settle(run, id, 'interrupted', interruptedText, { code: 'interrupted', values: {} }) });
}

/** Runs this database's queued lookup loads in this process, one at a time: each replaces a whole kind of data. */
export function startLookupLoadWorker(options: { database: Database; config: Config; timing?: LeaseTiming }): Worker {
  const run = runner(options.database);
  const timing = options.timing ?? leaseTimingOf(options.config.jobStaleMs);
  return startWorker({
    run, jobs: lookupLoadJobs, concurrency: 1, timing,
    sweep: () => sweepInterruptedLookupLoads(run, timing.staleMs),
    start: (id, closing) => runUnderLease({ run, jobs: lookupLoadJobs, id, timing, closing, work: (signal) => runLookupLoad(options.database, options.config, id, signal) }),
  });
}
