import type { Run } from './run.js';

/**
 * A write to a company's business rows (the table API, an import or its rollback, a BOM fix): the reports computed
 * from them are out of date. One counter per company rather than per table or folder set, because a period's
 * statement also reads the periods before it; a write elsewhere in the company costs only a recomputation.
 */
export async function companyDataChanged(run: Run, companyId: string): Promise<void> {
  await run('UPDATE companies SET data_version = data_version + 1 WHERE id = $1', [companyId]);
}
