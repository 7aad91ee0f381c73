import { importVariantsOf } from '../../common/resources/define.js';
import { resourceNamed } from '../../common/resources/index.js';
import type { ImportRecord, ImportStatus } from './import-api.js';

/**
 * An import its server stopped midway can run again from the file kept for a day. A failed one would fail the
 * same way on the same file: its reason says what to fix, and the fixed file is imported anew.
 */
export const canRetry = (record: ImportRecord) => record.status === 'interrupted';

/**
 * The status a user reads: a rolled-back import that a later import of the same file replaced (the duplicate
 * dialog's Replace) reads "replaced", even when that later one was rolled back since, which does not bring the
 * earlier rows back; one the user rolled back reads "rolled back".
 */
export const shownStatus = (record: ImportRecord): ImportStatus | 'replaced' =>
  record.status === 'rolled_back' && record.replaced_by !== null ? 'replaced' : record.status;

/** What rolling an import back does, as its confirmation says: rows of their own are deleted, a variant's step undone. */
export function rollbackMessageId(record: Pick<ImportRecord, 'table' | 'import_type'>): string {
  const step = importVariantsOf(resourceNamed(record.table)).find((variant) => variant.importType === record.import_type)?.step;
  return `imports.history.rollbackEffect.${step ?? 'rows'}`;
}
