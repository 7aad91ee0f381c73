/**
 * Long work (imports today; statements, origin schedules and documents as they grow) runs as a job whose
 * record is a row of a job table with `status` (`queued` → `running` → a finished status), `worker` and
 * `heartbeat_at`. A queued job is claimed by one worker — a server process, or `npm run worker` on
 * another machine — with `FOR UPDATE SKIP LOCKED`. The process running a job holds its lease by renewing
 * the heartbeat; a running job whose heartbeat stops (its process was killed, its machine lost) is taken
 * over by any other server within a minute, which cleans up after it. A job that loses its lease is
 * aborted, so two processes never finish the same job.
 *
 * The job record is the record users see (an import record with its progress and counts), so the queue
 * keeps no second copy of a job's state.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { Run } from '../db/run.js';

/** This process among all the servers and workers sharing the database. */
export const workerId = `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;

/** How the leases are timed; tests shorten them. */
export interface LeaseTiming {
  /** How often a running job renews its heartbeat. */
  heartbeatMs: number;
  /** A heartbeat older than this means the job's process is gone. */
  staleMs: number;
  /** How often a worker looks for queued jobs and for stale ones. */
  sweepMs: number;
}

export const defaultLeaseTiming: LeaseTiming = { heartbeatMs: 5_000, staleMs: 30_000, sweepMs: 10_000 };

/** The timing of a configured staleness (JOB_STALE_SECONDS): the default's proportions, 30 s giving the default. */
export const leaseTimingOf = (staleMs: number): LeaseTiming => ({ heartbeatMs: Math.round(staleMs / 6), staleMs, sweepMs: Math.round(staleMs / 3) });

/** A table whose rows are jobs: `id`, `status` ('queued', 'running', then anything else), `worker`, `heartbeat_at`, `created_at`. */
export interface JobTable {
  table: string;
  /**
   * A column whose owners share the workers fairly (`company_id`): a queued job of an owner with fewer jobs running
   * is claimed first, so one owner's burst waits behind its own jobs and not in front of everyone else's.
   */
  fairBy?: string;
}

/** Jobs this process runs, and the workers' looks for queued jobs under way: tests wait for both. */
const running = new Map<string, Promise<void>>();
const looking = new Set<Promise<unknown>>();

/**
 * Runs one claimed job under its lease: renews the heartbeat while `work` runs, and aborts `work` (through
 * its signal) when the lease is lost or the server is closing. `work` settles the job's record itself, as
 * finished or interrupted, before it returns.
 */
export function runUnderLease(options: {
  run: Run; jobs: JobTable; id: number; timing?: LeaseTiming | undefined; closing?: AbortSignal | undefined; work: (signal: AbortSignal) => Promise<void>;
}): Promise<void> {
  const { run, jobs, id } = options;
  const timing = options.timing ?? defaultLeaseTiming;
  const key = `${jobs.table}:${id}`;
  const controller = new AbortController();
  const close = () => controller.abort(new ServerClosing());
  if (options.closing?.aborted) close();
  options.closing?.addEventListener('abort', close);
  const renew = async () => {
    const held = await run(
      `UPDATE ${jobs.table} SET heartbeat_at = now() WHERE id = $1 AND worker = $2 AND status IN ('queued', 'running') RETURNING id`, [id, workerId],
    ).catch(() => [{}]);
    if (held.length === 0) controller.abort(new LeaseLost());
  };
  const done = (async () => {
    const timer = setInterval(() => void renew(), timing.heartbeatMs);
    timer.unref();
    try {
      await options.work(controller.signal);
    } finally {
      clearInterval(timer);
      options.closing?.removeEventListener('abort', close);
      running.delete(key);
    }
  })();
  running.set(key, done.catch(() => undefined));
  return done;
}

/** The job was taken over by another server after its heartbeat went stale. */
export class LeaseLost extends Error {
  constructor() {
    super('Another server took this job over.');
  }
}

/** The server is closing: the job must stop and record that it was interrupted. */
export class ServerClosing extends Error {
  constructor() {
    super('The server is shutting down.');
  }
}

/** How many jobs this process runs now. */
export const runningJobCount = () => running.size;

/** Every job of this process, settled, queued ones included: tests wait for them. */
export async function settledJobs(): Promise<void> {
  while (running.size > 0 || looking.size > 0) await Promise.all([...running.values(), ...looking]);
}

/**
 * Claims a queued job for this process, if there is one: the oldest, or with `fairBy` the oldest of the owners that
 * have the fewest jobs running. A job is claimed by one worker only.
 */
export async function claimQueuedJob(run: Run, jobs: JobTable): Promise<number | null> {
  const order = jobs.fairBy
    ? `(SELECT count(*) FROM ${jobs.table} r WHERE r.${jobs.fairBy} = q.${jobs.fairBy} AND r.status = 'running'), q.id`
    : 'q.id';
  const [claimed] = await run<{ id: number }>(
    `UPDATE ${jobs.table} SET status = 'running', worker = $1, heartbeat_at = now()
      WHERE id = (SELECT q.id FROM ${jobs.table} q WHERE q.status = 'queued' ORDER BY ${order} LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`, [workerId]);
  return claimed?.id ?? null;
}

/**
 * Takes over the running jobs whose heartbeat went stale, one at a time: the claim renews the lease in
 * this process's name, so a second sweeper skips the job, and a sweeper that dies during `cleanUp` leaves
 * a lease that goes stale again for the next. A job of this process renews its own lease, so it is never
 * stale while its process lives.
 */
export async function sweepStaleJobs(options: { run: Run; jobs: JobTable; staleMs: number; cleanUp: (id: number) => Promise<void> }): Promise<number[]> {
  const { run, jobs } = options;
  const taken: number[] = [];
  for (;;) {
    const [claimed] = await run<{ id: number }>(
      `UPDATE ${jobs.table} SET worker = $1, heartbeat_at = now()
        WHERE id = (SELECT id FROM ${jobs.table}
                     WHERE status = 'running' AND coalesce(heartbeat_at, created_at) < now() - make_interval(secs => $2)
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`, [workerId, options.staleMs / 1000]);
    if (!claimed) return taken;
    await options.cleanUp(claimed.id);
    taken.push(claimed.id);
  }
}

/** A worker loop: takes queued jobs while it has room, and sweeps stale ones. */
export interface Worker {
  /** A job was queued: look now rather than at the next tick. */
  kick: () => void;
  /** Stops taking jobs and sweeping, aborts the running ones and waits until they have recorded it. */
  stop: () => Promise<void>;
}

/**
 * Runs queued jobs of one table, at most `concurrency` at a time, checking every `sweepMs` and whenever
 * kicked; sweeps stale jobs on the same tick. `start` runs one claimed job to its end.
 */
export function startWorker(options: {
  run: Run; jobs: JobTable; concurrency: number; timing?: LeaseTiming;
  /** Runs one claimed job to its end (under its lease); `closing` aborts when the worker stops. */
  start: (id: number, closing: AbortSignal) => Promise<void>; sweep: () => Promise<unknown>;
}): Worker {
  const timing = options.timing ?? defaultLeaseTiming;
  const mine = new Set<Promise<void>>();
  const closing = new AbortController();
  let stopped = false;
  let polling: Promise<void> | null = null;
  const poll = async () => {
    while (!stopped && mine.size < options.concurrency) {
      const id = await claimQueuedJob(options.run, options.jobs);
      if (id === null) return;
      const job: Promise<void> = options.start(id, closing.signal).catch((error: unknown) => console.error(`Job ${options.jobs.table} ${id} failed:`, error)).finally(() => {
        mine.delete(job);
        looking.delete(job);
        kick();
      });
      mine.add(job);
      looking.add(job);
    }
  };
  const kick = () => {
    if (stopped || polling) return;
    const look: Promise<void> = poll().catch((error: unknown) => console.error('Taking queued jobs failed:', error)).finally(() => {
      polling = null;
      looking.delete(look);
    });
    polling = look;
    looking.add(look);
  };
  let sweeping: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    sweeping = options.sweep().catch((error: unknown) => console.error('Sweeping stale jobs failed:', error));
    kick();
  }, timing.sweepMs);
  timer.unref();
  kick();
  return {
    kick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await Promise.all([polling, sweeping]);
      closing.abort();
      await Promise.all(mine);
    },
  };
}
