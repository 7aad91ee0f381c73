import { describe, expect, it } from 'vitest';
import { inactivityCheckIntervalMs, isSessionExpired, MAX_CHECK_INTERVAL_MS, parseTimestamp, shouldRecordActivity } from './inactivity.js';

describe('session inactivity', () => {
  it('checks every quarter of the timeout, at most every 5 minutes', () => {
    expect(inactivityCheckIntervalMs(30)).toBe(MAX_CHECK_INTERVAL_MS);
    expect(inactivityCheckIntervalMs(8)).toBe(2 * 60_000);
    expect(inactivityCheckIntervalMs(1)).toBe(15_000);
  });

  it('expires once the timeout has passed since the last activity', () => {
    const last = 1_000_000;
    expect(isSessionExpired(last, last + 30 * 60_000 - 1, 30)).toBe(false);
    expect(isSessionExpired(last, last + 30 * 60_000, 30)).toBe(true);
    expect(isSessionExpired(null, last * 10, 30)).toBe(false);
  });

  it('records activity at most every few seconds', () => {
    expect(shouldRecordActivity(null, 10)).toBe(true);
    expect(shouldRecordActivity(10_000, 12_000)).toBe(false);
    expect(shouldRecordActivity(10_000, 15_000)).toBe(true);
  });

  it('reads stored timestamps and ignores garbage', () => {
    expect(parseTimestamp('1700000000000')).toBe(1_700_000_000_000);
    expect(parseTimestamp('soon')).toBeNull();
    expect(parseTimestamp('-5')).toBeNull();
    expect(parseTimestamp(null)).toBeNull();
  });
});
