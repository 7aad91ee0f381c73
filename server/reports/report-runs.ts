/**
 * Reports computed as jobs and kept (`report_runs`): Statement 15 and 15A, the check statement, Form 16 and the
 * overview's charts of a folder set. A year of a large company takes seconds to compute, so a request answers the
 * kept result when the data has not changed since, and otherwise starts the computation (or joins the one under way)
 * and either follows it to its end or answers at once with the run, which the screen follows.
 *
 * What a result was computed from is its stamp: the company's data version (every write to its business rows moves
 * it, server/db/data-version.ts), the folder set and the periods before it as they were last changed (dates, regime,
 * previous period), the type-code rules in force and, for the check statement, its reviews.
 */
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client.js';
import { inTransaction, type Run, runner } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { defaultLeaseTiming, type JobTable, LeaseLost, type LeaseTiming, runUnderLease, startWorker, sweepStaleJobs } from '../jobs/leases.js';

export const reportRunJobs: JobTable = { table: 'report_runs', fairBy: 'company_id' };

/**
 * Runs a company may have queued or running at once. A screen asks for a handful of reports; beyond this a burst
 * (forty tolerances of the check statement) is refused rather than queued, so the queue stays short and the
 * fair claiming keeps every other company's report within seconds.
 */
export const companyRunLimit = 4;

/** Finished runs kept of one report of a folder set, whatever their options: one per tolerance would grow without end. */
export const keptResultsPerReport = 10;

/** When a refused request may try again: a run takes seconds, and the screens ask for few at a time. */
export const queueFullRetrySeconds = 5;

/** The company has `companyRunLimit` runs queued or running: answered 429 with Retry-After. */
export class ReportQueueFull extends AppError {
  constructor() {
    super('rate_limited', `This company already has ${companyRunLimit} reports being computed; try again in a few seconds.`, { extra: { retry_after: queueFullRetrySeconds } });
  }
}

/**
 * Runs a report's statements in one transaction with the working memory they need: a year's sums hash half a million
 * rows or more, which the default 4 MB would sort on disk instead.
 */
export function inReportTransaction<T>(database: Database, work: (run: Run) => Promise<T>): Promise<T> {
  return inTransaction(database, async (tx) => {
    await tx("SET LOCAL work_mem = '64MB'");
    return work(tx);
  });
}

/** What a report is computed for. `report` names it with its options (`check-statement:1` at 1 % tolerance). */
export interface ReportJob { companyId: string; folderSetId: string; report: string }

/** The computation of each report, by the name before the first colon. */
export type ReportComputations = Record<string, (run: Run, job: ReportJob) => Promise<unknown>>;

export interface ReportRunState {
  id: number;
  report: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'interrupted';
  created_at: string;
  finished_at: string | null;
  failure: { code: string; detail: string } | null;
}

const runColumns = `id, report, status, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS finished_at, failure`;

/**
 * The shape and meaning of the kept results: raised when a report answers new fields or computes a figure otherwise
 * (2: customs values derived from the invoice, and counts of lines without one), so that results kept before are
 * computed again rather than answered without them.
 */
export const resultsVersion = 2;

/** The stamp of the data a report of a folder set reads now (see above); a changed stamp means a new computation. */
async function stampOf(run: Run, job: ReportJob): Promise<string> {
  const [row] = await run<{ stamp: string }>(
    `WITH RECURSIVE chain AS (
       SELECT id, previous_folder_set_id, last_updated, 0 AS depth FROM folder_sets WHERE id = $2 AND company_id = $1
       UNION ALL
       SELECT f.id, f.previous_folder_set_id, f.last_updated, c.depth + 1 FROM folder_sets f JOIN chain c ON f.id = c.previous_folder_set_id WHERE c.depth < 100)
     SELECT concat_ws('|', ${resultsVersion},
       (SELECT data_version FROM companies WHERE id = $1),
       (SELECT string_agg(id || '@' || extract(epoch FROM last_updated), ',' ORDER BY depth) FROM chain),
       (SELECT count(*) || '@' || coalesce(extract(epoch FROM max(updated_at))::text, '') FROM type_code_rules WHERE company_id = $1 OR company_id IS NULL),
       CASE WHEN $3 LIKE 'check-statement%' THEN
         (SELECT count(*) || '@' || coalesce(extract(epoch FROM max(updated_at))::text, '') FROM check_statement_notes WHERE folder_set_id = $2) END) AS stamp`,
    [job.companyId, job.folderSetId, job.report]);
  return row!.stamp;
}

/** Settles a claimed run: computes it and keeps the result, dropping the earlier results of the same report. */
async function runReport(database: Database, computations: ReportComputations, id: number, signal: AbortSignal): Promise<void> {
  const run = runner(database);
  const [job] = await run<ReportJob & { company_id: string; folder_set_id: string }>(
    'SELECT company_id, folder_set_id, report FROM report_runs WHERE id = $1', [id]);
  if (!job) return;
  const target: ReportJob = { companyId: job.company_id, folderSetId: job.folder_set_id, report: job.report };
  const compute = computations[job.report.split(':')[0]!];
  try {
    if (!compute) throw new AppError('not_found', `No report ${job.report}.`);
    const result = await inReportTransaction(database, (tx) => compute(tx, target));
    signal.throwIfAborted();
    await run(`UPDATE report_runs SET status = 'succeeded', result = $2, finished_at = now() WHERE id = $1`, [id, JSON.stringify(result)]);
    await run(`DELETE FROM report_runs WHERE folder_set_id = $1 AND report = $2 AND id < $3 AND status NOT IN ('queued', 'running')`, [target.folderSetId, target.report, id]);
    // Each option (a tolerance of the check statement) is a report of its own: past the newest few, the oldest go.
    await run(
      `DELETE FROM report_runs WHERE id IN (
         SELECT id FROM report_runs WHERE folder_set_id = $1 AND split_part(report, ':', 1) = $2 AND status NOT IN ('queued', 'running')
          ORDER BY id DESC OFFSET ${keptResultsPerReport})`,
      [target.folderSetId, target.report.split(':')[0]]);
  } catch (error) {
    if (signal.reason instanceof LeaseLost) return;
    const interrupted = signal.aborted;
    const failure = error instanceof AppError ? { code: error.code, detail: error.message } : { code: 'server_error', detail: interrupted ? 'The server stopped while computing the report; ask for it again.' : 'The report could not be computed.' };
    if (!(error instanceof AppError) && !interrupted) console.error(`Report run ${id} failed:`, error);
    await run(`UPDATE report_runs SET status = $2, failure = $3, finished_at = now() WHERE id = $1`, [id, interrupted ? 'interrupted' : 'failed', JSON.stringify(failure)]);
  }
}

export interface ReportRuns {
  /**
   * The report over the data as it is now: its kept result, or else the run computing it (started if none is under
   * way), followed for at most `waitMs` — the result comes with the run once it has succeeded.
   */
  obtain(job: ReportJob & { userId: string; waitMs: number }): Promise<{ run: ReportRunState; result?: unknown }>;
  /** A run of the company, as its screen follows it. */
  status(companyId: string, id: number): Promise<ReportRunState>;
  stop(): Promise<void>;
}

/**
 * The report runs of this server: unless `runJobs` is off, it computes queued runs itself (two at a time, so a long
 * year does not hold up every other company's report, claimed fairly between companies) and settles those of stopped
 * servers. A company has at most `companyRunLimit` runs queued or running.
 */
export function startReportRuns(options: { database: Database; computations: ReportComputations; runJobs: boolean; timing?: LeaseTiming; pollMs?: number }): ReportRuns {
  const { database, computations } = options;
  const run = runner(database);
  const timing = options.timing ?? defaultLeaseTiming;
  const pollMs = options.pollMs ?? 100;
  const worker = options.runJobs
    ? startWorker({
      run, jobs: reportRunJobs, concurrency: 2, timing,
      sweep: () => sweepStaleJobs({
        run, jobs: reportRunJobs, staleMs: timing.staleMs,
        cleanUp: async (id) => { await run(`UPDATE report_runs SET status = 'interrupted', finished_at = now() WHERE id = $1`, [id]); },
      }),
      start: (id, closing) => runUnderLease({ run, jobs: reportRunJobs, id, timing, closing, work: (signal) => runReport(database, computations, id, signal) }),
    })
    : null;

  const state = async (id: number) => (await run<ReportRunState>(`SELECT ${runColumns} FROM report_runs WHERE id = $1`, [id]))[0]!;
  // The company's runs are counted and the new one added under a lock of the company, so that requests at the same
  // moment cannot all pass the count.
  const queueRun = (job: ReportJob & { userId: string }, stamp: string) => inTransaction(database, async (tx) => {
    await tx('SELECT pg_advisory_xact_lock(hashtext($1))', [`report_runs:${job.companyId}`]);
    const [{ pending } = { pending: 0 }] = await tx<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM report_runs WHERE company_id = $1 AND status IN ('queued', 'running')`, [job.companyId]);
    if (pending >= companyRunLimit) throw new ReportQueueFull();
    return (await tx<{ id: number }>(
      'INSERT INTO report_runs (company_id, folder_set_id, report, stamp, requested_by) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [job.companyId, job.folderSetId, job.report, stamp, job.userId]))[0]!.id;
  });
  const resultOf = async (id: number) => (await run<{ result: unknown }>('SELECT result FROM report_runs WHERE id = $1', [id]))[0]?.result;

  return {
    async obtain(job) {
      if (!computations[job.report.split(':')[0]!]) throw new AppError('not_found', `No report ${job.report}.`);
      const stamp = await stampOf(run, job);
      // The newest run over the same data that has succeeded or is under way; a failed one is tried again.
      const [found] = await run<{ id: number }>(
        `SELECT id FROM report_runs WHERE folder_set_id = $1 AND report = $2 AND stamp = $3 AND status IN ('queued', 'running', 'succeeded')
          ORDER BY (status = 'succeeded') DESC, id DESC LIMIT 1`, [job.folderSetId, job.report, stamp]);
      const id = found?.id ?? await queueRun(job, stamp);
      if (!found) worker?.kick();
      const until = Date.now() + job.waitMs;
      let current = await state(id);
      while ((current.status === 'queued' || current.status === 'running') && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        current = await state(id);
      }
      return current.status === 'succeeded' ? { run: current, result: await resultOf(id) } : { run: current };
    },
    async status(companyId, id) {
      const [found] = await run<ReportRunState>(`SELECT ${runColumns} FROM report_runs WHERE id = $1 AND company_id = $2`, [id, companyId]);
      if (!found) throw new AppError('not_found', 'No such report run.');
      return found;
    },
    stop: async () => { await worker?.stop(); },
  };
}

/** How long a request follows a computation before it answers with the run instead (`wait=false`: not at all). */
export const reportWaitMs = 10 * 60_000;

/**
 * A route's report: the result, or — when it is still being computed after the wait — null with the run answered
 * as 202 for the screen to follow. A run that failed answers its error; a company with too many runs under way, 429.
 */
export async function reportResult<T>(reports: ReportRuns, reply: FastifyReply, job: ReportJob & { userId: string; wait?: boolean | undefined }): Promise<T | null> {
  const { run, result } = await reports.obtain({ ...job, waitMs: job.wait === false ? 0 : reportWaitMs }).catch((error: unknown) => {
    if (error instanceof ReportQueueFull) void reply.header('Retry-After', String(queueFullRetrySeconds));
    throw error;
  });
  if (run.status === 'failed' || run.status === 'interrupted') throw new AppError(run.failure?.code ?? 'server_error', run.failure?.detail ?? 'The report could not be computed.');
  if (result === undefined) {
    await reply.status(202).send({ run });
    return null;
  }
  return result as T;
}
