/**
 * Imports as jobs: a queued import record is claimed by a worker (a server, or `npm run worker`), which
 * rebuilds the job from the record, reads the upload (from the database when another server received it)
 * and runs it under a lease (server/jobs/leases.ts).
 */
import { resourceNamed } from '../../common/resources/index.js';
import { type Config, sheetLimitsOf } from '../config.js';
import type { Database } from '../db/client.js';
import { inBackground } from '../db/background.js';
import { runner, type Run } from '../db/run.js';
import { type JobTable, leaseTimingOf, type LeaseTiming, runUnderLease, startWorker, sweepStaleJobs, type Worker } from '../jobs/leases.js';
import type { ImportOptions } from './records.js';
import { deleteLoadedRows, type ImportJob, markInterrupted, runImport } from './run-import.js';
import type { ImportType } from './setup.js';
import { configureReaders } from './reader.js';
import { claimUnindexedImport, indexImportedRows } from './search-indexing.js';
import { keptUpload } from './uploads.js';
import { stepOf } from './variant-steps.js';

export const importJobs: JobTable = { table: 'import_records' };

/** Imports one worker runs at a time: each holds a reader process and a database connection. */
const importConcurrency = 2;

/** The job of a claimed import record, or null when its upload is no longer kept (the record is then failed). */
async function importJobOf(run: Run, config: Config, id: number): Promise<ImportJob | null> {
  const [record] = await run<{ company_id: string; folder_set_id: string; resource: string; import_type: ImportType; keep_posting: boolean; upload_id: string | null; options: ImportOptions }>(
    'SELECT company_id, folder_set_id, resource, import_type, keep_posting, upload_id, options FROM import_records WHERE id = $1', [id]);
  if (!record) return null;
  const upload = record.upload_id ? await keptUpload({ run, dataDir: config.dataDir, id: record.upload_id }) : undefined;
  if (!upload) {
    await run(
      `UPDATE import_records SET status = 'failed', progress = 100, traceback = 'The uploaded file is no longer kept; nothing was imported. Upload it again.',
              failure = '{"code": "upload_missing"}', finished_at = now() WHERE id = $1`, [id]);
    return null;
  }
  const { sheet, header_from: headerFrom, header_to: headerTo, headers, mapping, extra_fields: extraFields, decimal_mark: decimalMark, replaces } = record.options;
  return {
    recordId: id, companyId: record.company_id, folderSetId: record.folder_set_id, resource: resourceNamed(record.resource), importType: record.import_type,
    keepPosting: record.keep_posting, upload, sheet, headerFrom, headerTo, headers, setup: { mapping, extra_fields: extraFields, decimal_mark: decimalMark },
    limits: sheetLimitsOf(config), replaces: replaces ?? [],
  };
}

/**
 * Imports whose process stopped — killed, its machine lost, or this embedded server stopped without
 * closing — lose the rows they had loaded and their staging tables, and are marked interrupted. Their
 * heartbeat tells: every worker sweeps every few seconds, so they are settled within a minute.
 */
export function sweepInterruptedImports(run: Run, staleMs: number): Promise<number[]> {
  return sweepStaleJobs({
    run, jobs: importJobs, staleMs,
    cleanUp: async (id) => {
      const [row] = await run<{ resource: string; import_type: ImportType }>('SELECT resource, import_type FROM import_records WHERE id = $1', [id]);
      // Rows of their own were loaded straight into the table; a step's rows were only staged.
      if (row && !stepOf(resourceNamed(row.resource), row.import_type)) await deleteLoadedRows(run, resourceNamed(row.resource).table, id);
      await markInterrupted(run, id);
    },
  });
}

/**
 * Runs this database's queued imports in this process, and settles the imports of stopped processes. A succeeded
 * import then has its rows' search text kept (server/imports/search-indexing.ts) by the worker that ran it; the sweep
 * finishes that work for imports whose worker stopped before it had.
 */
export function startImportWorker(options: { database: Database; config: Config; timing?: LeaseTiming }): Worker {
  const run = runner(options.database);
  const timing = options.timing ?? leaseTimingOf(options.config.jobStaleMs);
  const stopping = new AbortController();
  configureReaders({ total: options.config.readersMax, perUser: options.config.readersPerUser });
  const worker = startWorker({
    run, jobs: importJobs, concurrency: importConcurrency, timing,
    sweep: () => inBackground(async () => {
      await sweepInterruptedImports(run, timing.staleMs);
      for (let id = await claimUnindexedImport(run, timing.staleMs); id !== null && !stopping.signal.aborted; id = await claimUnindexedImport(run, timing.staleMs)) {
        await indexImportedRows(run, id, stopping.signal);
      }
    }),
    start: (id, closing) => inBackground(async () => {
      const job = await importJobOf(run, options.config, id);
      if (!job) return;
      await runUnderLease({ run, jobs: importJobs, id, timing, closing, work: (signal) => runImport(options.database, job, signal) });
      await indexImportedRows(run, id, closing);
    }),
  });
  return { kick: worker.kick, stop: () => { stopping.abort(); return worker.stop(); } };
}
