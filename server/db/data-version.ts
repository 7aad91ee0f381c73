import type { Run } from './run.js';

/**
 * A write to a company's business rows (the table API, an import or its rollback, a BOM fix): the reports computed
 * from them are out of date. One counter per company rather than per table or folder set, because a period's
 * statement also reads the periods before it; a write elsewhere in the company costs only a recomputation.
 */
export async function companyDataChanged(run: Run, companyId: string): Promise<void> {
  await run('UPDATE companies SET data_version = data_version + 1 WHERE id = $1', [companyId]);
}

/**
 * Locks the company until the caller's transaction ends, as every writer of its rows does before it re-derives the
 * rows it keeps from them (monthly sums, declaration versions, classifications): two writers of the same codes then
 * re-derive them one after the other, and an import succeeding meanwhile adds its rows before or after, never into
 * rows another statement is replacing. Each writer moves the data version at the end anyway, which takes the same lock.
 */
export async function lockCompanyData(run: Run, companyId: string): Promise<void> {
  await run('SELECT 1 FROM companies WHERE id = $1 FOR UPDATE', [companyId]);
}
