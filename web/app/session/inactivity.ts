const MINUTE_MS = 60_000;
/** The spec checks every quarter of the timeout, but never less often than every 5 minutes. */
export const MAX_CHECK_INTERVAL_MS = 5 * MINUTE_MS;
/** Mouse movement fires many events a second; one write to storage per few seconds is enough. */
export const ACTIVITY_WRITE_INTERVAL_MS = 5_000;

export function inactivityCheckIntervalMs(timeoutMin: number): number {
  return Math.min((timeoutMin * MINUTE_MS) / 4, MAX_CHECK_INTERVAL_MS);
}

/** A session whose last activity is unknown has not expired: the next activity starts the clock. */
export function isSessionExpired(lastActivityMs: number | null, nowMs: number, timeoutMin: number): boolean {
  return lastActivityMs !== null && nowMs - lastActivityMs >= timeoutMin * MINUTE_MS;
}

export function shouldRecordActivity(lastRecordedMs: number | null, nowMs: number): boolean {
  return lastRecordedMs === null || nowMs - lastRecordedMs >= ACTIVITY_WRITE_INTERVAL_MS;
}

/** Reads a stored millisecond timestamp; anything unreadable counts as unknown. */
export function parseTimestamp(value: string | null): number | null {
  if (value === null) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : null;
}
