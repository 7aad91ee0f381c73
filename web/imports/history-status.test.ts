import { describe, expect, it } from 'vitest';
import { canRetry, rollbackMessageId, shownStatus } from './history-status.js';
import { type ImportRecord, isIndexing } from './import-api.js';

const record = (id: number, status: ImportRecord['status'], fromFile = 'Tờ khai.xlsx'): ImportRecord => ({
  id, table: 'ecus', name: 'ecus', import_type: 'IMPORT', keep_posting: false, date: '2026-03-01T00:00:00Z', imported_by: null, from_file: fromFile, folder: null,
  status, progress: 100, total_rows: 1, inserted: 1, rejected: 0, errors: [], traceback: null, failure: null, replaced_by: null, search_indexed: true,
});

describe('import history status', () => {
  it('offers a new run only to an interrupted import: a failed one would fail the same way', () => {
    expect(canRetry(record(1, 'interrupted'))).toBe(true);
    expect(canRetry(record(1, 'failed'))).toBe(false);
  });

  it('calls a rolled-back import replaced only when the server says a later import replaced it', () => {
    expect(shownStatus({ ...record(1, 'rolled_back'), replaced_by: 2 })).toBe('replaced');
    expect(shownStatus(record(1, 'rolled_back'))).toBe('rolled_back');
    expect(shownStatus(record(4, 'succeeded'))).toBe('succeeded');
  });

  it('says a succeeded import is indexing for search until the server says its rows\' search text is kept', () => {
    expect(isIndexing({ ...record(1, 'succeeded'), search_indexed: false })).toBe(true);
    expect(isIndexing(record(1, 'succeeded'))).toBe(false);
    expect(isIndexing({ ...record(1, 'running'), search_indexed: false })).toBe(false);
  });

  it('says what a rollback undoes by the step of the import variant', () => {
    expect(rollbackMessageId(record(1, 'succeeded'))).toBe('imports.history.rollbackEffect.rows');
    expect(rollbackMessageId({ table: 'ecus', import_type: 'AMA' })).toBe('imports.history.rollbackEffect.amend-lines');
    expect(rollbackMessageId({ table: 'ecus', import_type: 'CANCEL' })).toBe('imports.history.rollbackEffect.cancel-lines');
  });
});
