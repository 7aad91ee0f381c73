import { AppError } from '../http/errors.js';

/** Searches one client may have running at once: a page whose filter changed while its last search still ran needs two. */
const searchesAtOnce = 2;

/**
 * How many searches a client may send to the database: two at a time, and so many a minute. Kept answers cost no query
 * and are not counted; a search that reaches the database costs a few milliseconds of a core, and up to a second for a
 * long query with common words on the embedded database, which runs statements one after another in the server's
 * thread — a handful of clients sending long queries side by side would queue everyone else behind them. Counted per
 * client address in this process's memory: a counter in the database, as the sign-in limits keep, would cost every
 * search a write.
 */
export class SearchRate {
  private counts = new Map<string, { since: number; count: number }>();
  private pruned = 0;
  private readonly running = new Map<string, number>();

  constructor(private readonly perMinute: number, private readonly now: () => number = Date.now) {}

  /** Runs a client's search, or refuses it with `rate_limited` while another of its searches runs or once its minute's searches are used. */
  async run<T>(client: string, search: () => Promise<T>): Promise<T> {
    if (this.perMinute <= 0) return search();
    const now = this.now();
    if (now - this.pruned >= 60_000) {
      // Clients whose minute is over are forgotten, so the map holds about one minute's clients.
      for (const [key, counted] of this.counts) if (now - counted.since >= 60_000) this.counts.delete(key);
      this.pruned = now;
    }
    // Each client's minute starts with its first search in it.
    const counted = this.counts.get(client);
    const current = counted && now - counted.since < 60_000 ? counted : { since: now, count: 0 };
    const running = this.running.get(client) ?? 0;
    if (current.count >= this.perMinute || running >= searchesAtOnce) {
      throw new AppError('rate_limited', 'Too many searches from this address at once. Try again in a moment.');
    }
    current.count += 1;
    this.counts.set(client, current);
    this.running.set(client, running + 1);
    try {
      return await search();
    } finally {
      const left = (this.running.get(client) ?? 1) - 1;
      if (left > 0) this.running.set(client, left);
      else this.running.delete(client);
    }
  }
}
