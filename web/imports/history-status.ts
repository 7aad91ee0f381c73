import type { ImportRecord, ImportStatus } from './import-api.js';

/**
 * An import its server stopped midway can run again from the file kept for a day. A failed one would fail the
 * same way on the same file: its reason says what to fix, and the fixed file is imported anew.
 */
export const canRetry = (record: ImportRecord) => record.status === 'interrupted';

/**
 * The status a user reads: a rolled-back import whose file a later import brought in again (the duplicate
 * dialog's Replace) was replaced by it; the later one may have been rolled back since, which does not bring
 * the earlier rows back.
 */
export function shownStatus(record: ImportRecord, newestFirst: readonly ImportRecord[]): ImportStatus | 'replaced' {
  if (record.status !== 'rolled_back') return record.status;
  const later = newestFirst.slice(0, newestFirst.indexOf(record));
  return later.some((other) => (other.status === 'succeeded' || other.status === 'rolled_back') && other.from_file === record.from_file && other.table === record.table) ? 'replaced' : record.status;
}
