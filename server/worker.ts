/**
 * `npm run worker`: runs queued imports, lookup data loads and report computations (and settles those of stopped processes) against
 * a PostgreSQL database shared with the servers, on this machine or another. The servers apply the migrations; with
 * RUN_JOBS=false they leave every job to workers. Uploads must be reachable: UPLOAD_STORE=database (the
 * default with DATABASE_URL) keeps them in the database.
 */
import { loadConfig } from './config.js';
import { openPostgres } from './db/client.js';
import { startImportWorker } from './imports/import-jobs.js';
import { startLookupLoadWorker } from './admin/lookup-loads.js';
import { stopSpareReader } from './imports/reader.js';
import { leaseTimingOf, workerId } from './jobs/leases.js';
import { startReportRuns } from './reports/report-runs.js';
import { reportComputations } from './reports/report-computations.js';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error('npm run worker needs DATABASE_URL: the embedded database belongs to the server, which runs its jobs itself.');
    process.exit(1);
  }
  if (config.uploadStore !== 'database') console.warn('UPLOAD_STORE=disk: this worker can only read uploads received on this machine.');
  const database = await openPostgres(config.databaseUrl, undefined, { pooling: config.databasePooling });
  const timing = leaseTimingOf(config.jobStaleMs);
  const workers = [
    startImportWorker({ database, config }), startLookupLoadWorker({ database, config }),
    startReportRuns({ database, computations: reportComputations, runJobs: true, timing }),
  ];
  // The worker's own timers do not hold a process open (a server's may close); this one does, until a signal.
  const alive = setInterval(() => undefined, 60_000);
  console.log(`Dutybook worker ${workerId} is taking jobs.`);
  const shutdown = async (signal: string) => {
    console.log(`${signal}: stopping; running jobs are recorded as interrupted`);
    clearInterval(alive);
    await Promise.all(workers.map((worker) => worker.stop()));
    stopSpareReader();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
