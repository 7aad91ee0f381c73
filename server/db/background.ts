import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate, setTimeout } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Work no request waits for: an import's statements and the search text kept after it. The embedded database answers
 * in the server's own thread, one statement at a time, and its statements do not turn the event loop: an import whose
 * reader had batches ready copied them one after another while requests waited unread, and a request's statements then
 * queued behind those of the import. Each background statement there first lets the requests in: those that arrived
 * are read, and it waits until none of their statements is waiting or running. A request then waits at most for the
 * one background statement or transaction it found running.
 */
const background = new AsyncLocalStorage<true>();

/** Runs `work` as background work: on the embedded database each of its statements lets the requests' go first. */
export const inBackground = <T>(work: () => Promise<T>): Promise<T> => background.run(true, work);

/** How long a background statement waits at most for the requests' statements: a steady stream of them never stops it. */
export const backgroundWaitMs = 250;

/**
 * Puts the requests' statements on this embedded database before those of background work. Its `query`, `exec` and
 * `transaction` (which Drizzle and the app's own helpers call) count the requests' statements waiting or running; a
 * background one turns the event loop, and waits until there are none: a request sends its next statement as its last
 * one's answer arrives, before the loop turns.
 */
export function givePriorityToRequests(pglite: PGlite, waitMs = backgroundWaitMs): void {
  let pending = 0;
  let idle: Array<() => void> = [];
  const settled = () => {
    pending -= 1;
    if (pending > 0) return;
    const waiting = idle;
    idle = [];
    for (const resume of waiting) resume();
  };
  const requestsDone = async () => {
    const deadline = performance.now() + waitMs;
    for (;;) {
      const left = deadline - performance.now();
      if (left <= 0) return;
      if (pending > 0) {
        const timeout = new AbortController();
        await Promise.race([new Promise<void>((resume) => idle.push(resume)), setTimeout(left, undefined, { signal: timeout.signal }).catch(() => undefined)]);
        timeout.abort();
      }
      await setImmediate();
      if (pending === 0) return;
    }
  };
  const prioritised = <F extends (...args: never[]) => Promise<unknown>>(original: F): F => (async (...args: Parameters<F>) => {
    if (background.getStore()) {
      await requestsDone();
      return original(...args);
    }
    pending += 1;
    try {
      return await original(...args);
    } finally {
      settled();
    }
  }) as F;
  pglite.query = prioritised(pglite.query.bind(pglite));
  pglite.exec = prioritised(pglite.exec.bind(pglite));
  pglite.transaction = prioritised(pglite.transaction.bind(pglite));
}
