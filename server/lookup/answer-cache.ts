import { z } from 'zod';
import type { Database } from '../db/client.js';
import { runner } from './sql.js';

/** Answers kept per database; how many, and how often the shared data version is re-read. */
const maxEntries = 2000;
const versionCheckMs = 1000;

interface Cache { version: string | undefined; checkedAt: number; entries: Map<string, Promise<unknown>> }
const caches = new WeakMap<Database, Cache>();

function cacheOf(database: Database): Cache {
  let cache = caches.get(database);
  if (!cache) { cache = { version: undefined, checkedAt: 0, entries: new Map() }; caches.set(database, cache); }
  return cache;
}

/** Forgets every kept answer; imports in this process call it as soon as they commit. */
export function invalidateLookupCache(database: Database): void {
  cacheOf(database).entries.clear();
}

/**
 * Lookup answers only change when data is imported, so they are kept in memory (least recently used
 * dropped first). An import in another process (a PostgreSQL server shared by several) bumps
 * lookup_data_version, which is re-read at most once a second.
 */
export async function cachedAnswer<T>(database: Database, key: string, compute: () => Promise<T>): Promise<T> {
  const cache = cacheOf(database);
  if (Date.now() - cache.checkedAt > versionCheckMs) {
    cache.checkedAt = Date.now();
    const [row] = await runner(database)<{ version: string }>('SELECT version::text AS version FROM lookup_data_version');
    if (row?.version !== cache.version) { cache.entries.clear(); cache.version = row?.version; }
  }
  const kept = cache.entries.get(key);
  if (kept) {
    cache.entries.delete(key);
    cache.entries.set(key, kept);
    return kept as Promise<T>;
  }
  const answer = compute();
  cache.entries.set(key, answer);
  // A failed computation is not kept.
  answer.catch(() => cache.entries.delete(key));
  if (cache.entries.size > maxEntries) cache.entries.delete(cache.entries.keys().next().value!);
  return answer;
}

/**
 * A kept answer as the bytes the API sends: encoded with its response schema once, when computed (as the
 * route's serializer would), so a repeated question costs no validation, JSON or UTF-8 encoding.
 */
export function cachedJson<S extends z.ZodType>(database: Database, key: string, schema: S, compute: () => Promise<z.output<S>>): Promise<Buffer> {
  return cachedAnswer(database, key, async () => Buffer.from(JSON.stringify(z.encode(schema, await compute()))));
}
