import type { Database } from '../db/client.js';
import { type Run, runner } from '../db/run.js';

/** A counter's state after a hit: how many hits its window holds and how long the window still runs. */
export interface CounterState {
  hits: number;
  ttlMs: number;
}

/**
 * Counts a hit on `key` in a window of `windowMs` that starts with its first hit, in one statement, so that
 * concurrent hits (from any server sharing the database) each get their own count.
 */
export async function countHit(run: Run, key: string, windowMs: number): Promise<CounterState> {
  const [row] = await run<{ hits: number; ttl_ms: number }>(
    `INSERT INTO rate_limit_counters AS c (key, window_started_at, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN c.window_started_at <= now() - make_interval(secs => $2 / 1000.0) THEN 1 ELSE c.hits + 1 END,
       window_started_at = CASE WHEN c.window_started_at <= now() - make_interval(secs => $2 / 1000.0) THEN now() ELSE c.window_started_at END
     RETURNING hits, greatest(0, $2 - extract(epoch FROM now() - window_started_at) * 1000)::float8 AS ttl_ms`,
    [key, windowMs],
  );
  if (!row) throw new Error('the rate limit counter was not written');
  // Expired windows are dropped now and then rather than on every hit.
  if (Math.random() < 0.01) await run(`DELETE FROM rate_limit_counters WHERE window_started_at < now() - interval '1 day'`);
  return { hits: row.hits, ttlMs: Math.ceil(row.ttl_ms) };
}

export async function resetCounter(run: Run, key: string): Promise<void> {
  await run('DELETE FROM rate_limit_counters WHERE key = $1', [key]);
}

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
  /** Routes of one group share their counters. */
  groupId?: string;
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for `@fastify/rate-limit` that keeps its counters in the database instead of each process's memory,
 * so that several servers and a restart share them. Each limited route counts apart, or each group of routes.
 */
export function databaseRateStore(database: Database) {
  const run = runner(database);
  return class DatabaseRateStore {
    /** The plugin constructs the store with its options; a route's child gets the route as its key prefix. */
    constructor(_options?: unknown, private readonly prefix = '') {}

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      countHit(run, `${this.prefix}${key}`, timeWindow)
        .then((state) => callback(null, { current: state.hits, ttl: state.ttlMs }))
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    /** Typed as the route's options, called with the route's limit settings, which name the route in `routeInfo`. */
    child(options: object): DatabaseRateStore {
      const params = options as RouteParams;
      if (params.groupId) return new DatabaseRateStore(undefined, `group:${params.groupId}:`);
      const method = [params.routeInfo?.method ?? ''].flat().join(',');
      return new DatabaseRateStore(undefined, `route:${method} ${params.routeInfo?.url ?? ''}:`);
    }
  };
}
