import { type ImportFailure, importMessages, valuedImportMessages } from '../../common/imports/coerce.js';
import type { ImportRecord } from './import-api.js';

/**
 * What a running import can tell of its rows: rows done out of the total once it reports a
 * percentage, or only the rows read so far while the total is still unknown.
 */
export type RunningRows = { kind: 'share'; done: number; total: number } | { kind: 'read'; read: number } | { kind: 'starting' };

export function runningRows(record: Pick<ImportRecord, 'progress' | 'total_rows'>): RunningRows {
  const total = record.total_rows ?? 0;
  if (record.progress > 0 && total > 0) return { kind: 'share', done: Math.min(total, Math.round((record.progress / 100) * total)), total };
  if (total > 0) return { kind: 'read', read: total };
  return { kind: 'starting' };
}

/** A record's date as the API spells it: a date-only value is a calendar day, anything else an instant. */
export function dateParts(value: string): { time: number; dateOnly: boolean } | null {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const time = Date.parse(dateOnly ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? null : { time, dateOnly };
}

export type RowMessageKey = keyof typeof importMessages;

/**
 * A row error the server wrote with one of the shared import messages, as its key (and the cell's
 * error value, '#N/A'), so it can be shown in the reader's language; other messages stay as sent.
 */
export function rowMessageKey(message: string): { key: RowMessageKey; value?: string } | null {
  const valued = valuedImportMessages.find((candidate) => message.startsWith(`${importMessages[candidate]} `));
  if (valued) return { key: valued, value: message.slice(importMessages[valued].length + 1) };
  const key = (Object.keys(importMessages) as RowMessageKey[]).find((candidate) => importMessages[candidate] === message);
  return key ? { key } : null;
}

/** The catalog message of an import's failure and its values: a refused file by its reason, anything else by its code. */
export function failureMessage(failure: ImportFailure): { id: string; values: Record<string, string | number> } {
  if (failure.code === 'unreadable') return { id: `imports.errors.reasons.${failure.values.reason}`, values: { limit: failure.values.limit ?? '' } };
  return { id: `imports.failures.${failure.code}`, values: 'values' in failure ? failure.values : {} };
}
