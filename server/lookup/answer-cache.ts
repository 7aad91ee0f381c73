import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { runner } from './sql.js';
import { forgetTermReader } from './term-reader.js';

/** How often the shared data version is re-read. */
const versionCheckMs = 1000;

interface Cache {
  version: string | undefined;
  checkedAt: number;
  /** Encoded answers, least recently used dropped first once their bytes pass the bound. */
  answers: LRUCache<string, Buffer>;
  /** Answers being computed, so that a question asked twice at once is computed once. */
  computing: Map<string, Promise<Buffer>>;
}
const caches = new WeakMap<Database, Cache>();

function cacheOf(database: Database, maxBytes: number): Cache {
  let cache = caches.get(database);
  if (!cache) {
    cache = {
      version: undefined,
      checkedAt: 0,
      answers: new LRUCache<string, Buffer>({ maxSize: Math.max(1, maxBytes), sizeCalculation: (answer, key) => answer.length + key.length * 2 }),
      computing: new Map(),
    };
    caches.set(database, cache);
  }
  return cache;
}

async function checkVersion(database: Database, cache: Cache): Promise<void> {
  cache.checkedAt = Date.now();
  const [row] = await runner(database)<{ version: string }>('SELECT version::text AS version FROM lookup_data_version');
  if (row?.version !== cache.version) { invalidateLookupCache(database); cache.version = row?.version; }
}

/** Forgets every kept answer and the synonyms read; imports in this process call it as soon as they commit. */
export function invalidateLookupCache(database: Database): void {
  forgetTermReader(database);
  const cache = caches.get(database);
  cache?.answers.clear();
  cache?.computing.clear();
}

/**
 * A lookup answer as the bytes the API sends: encoded with its response schema once, when computed (as the
 * route's serializer would), so a repeated question costs no query, validation, JSON or UTF-8 encoding.
 *
 * Answers only change when data is imported, so they are kept in memory within `maxBytes` (LOOKUP_CACHE_MB):
 * a thousand broad searches cannot grow the server without bound. An import in another process (a PostgreSQL
 * server shared by several) bumps lookup_data_version, which is re-read at most once a second.
 */
export async function cachedJson<S extends z.ZodType>(
  options: { database: Database; maxBytes: number }, key: string, schema: S, compute: () => Promise<z.output<S>>,
): Promise<Buffer> {
  const { database } = options;
  const cache = cacheOf(database, options.maxBytes);
  if (Date.now() - cache.checkedAt > versionCheckMs) await checkVersion(database, cache);
  const kept = cache.answers.get(key) ?? cache.computing.get(key);
  if (kept) return kept;
  const answer = (async () => Buffer.from(JSON.stringify(z.encode(schema, await compute()))))();
  cache.computing.set(key, answer);
  try {
    const bytes = await answer;
    // An answer larger than the whole bound is sent but not kept.
    if (cache.computing.get(key) === answer) cache.answers.set(key, bytes);
    return bytes;
  } finally {
    if (cache.computing.get(key) === answer) cache.computing.delete(key);
  }
}

/** Bytes the kept answers of a database take (the bound's own measure), for tests and benchmarks. */
export const lookupCacheBytes = (database: Database): number => caches.get(database)?.answers.calculatedSize ?? 0;
