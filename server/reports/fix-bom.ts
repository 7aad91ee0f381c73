import { companyDataChanged } from '../db/data-version.js';
import type { BomReview } from '../../common/statements/schemas.js';
import { inTransaction, type Run, runner } from '../db/run.js';
import type { Database } from '../db/client.js';
import {
  bomCyclesQuery, bomDuplicatesQuery, bomNeverImportedQuery, bomUnitMismatchesQuery, bomZeroNormsQuery,
} from './statement-sql.js';

async function reviewBom(run: Run, scope: { companyId: string; folderSetId: string }): Promise<Omit<BomReview, 'applied' | 'fixes'>> {
  const params = [scope.companyId, scope.folderSetId];
  const [duplicates, zeroNorms, cycles, neverImported, unitMismatches] = await Promise.all([
    run<BomReview['duplicates'][number]>(bomDuplicatesQuery, params),
    run<BomReview['zero_norms'][number]>(bomZeroNormsQuery, params),
    run<{ path: string[] }>(bomCyclesQuery, params),
    run<{ material_code: string }>(bomNeverImportedQuery, params),
    run<BomReview['unit_mismatches'][number]>(bomUnitMismatchesQuery, params),
  ]);
  return {
    duplicates, zero_norms: zeroNorms, cycles: cycles.map((cycle) => cycle.path).sort((a, b) => a.join().localeCompare(b.join())),
    never_imported: neverImported.map((row) => row.material_code), unit_mismatches: unitMismatches,
  };
}

/**
 * Reviews the folder set's BOM and, with `apply`, makes the fixes that cannot change a norm: it removes exact
 * duplicates (keeping the first line) and fills an empty material unit with the unit declared on the latest
 * import. Everything else (conflicting duplicates, zero norms, cycles, units that differ, materials never
 * imported) needs a person and is only reported. The fixes run in one transaction, and the answer is the
 * review after them.
 */
export async function fixBom(database: Database, scope: { companyId: string; folderSetId: string }, apply: boolean): Promise<BomReview> {
  if (!apply) return { ...(await reviewBom(runner(database), scope)), applied: false, fixes: { removed_duplicates: 0, filled_units: 0 } };
  return inTransaction(database, async (run) => {
    const before = await reviewBom(run, scope);
    const extraIds = before.duplicates.filter((group) => group.identical).flatMap((group) => group.ids.slice(1));
    const removed = extraIds.length === 0 ? [] : await run('DELETE FROM bom_lines WHERE company_id = $1 AND folder_set_id = $2 AND id = ANY($3::int[]) RETURNING id', [scope.companyId, scope.folderSetId, extraIds]);
    let filled = 0;
    for (const mismatch of before.unit_mismatches.filter((row) => !row.material_unit)) {
      filled += (await run('UPDATE bom_lines SET material_unit = $4, updated_at = now() WHERE company_id = $1 AND folder_set_id = $2 AND id = ANY($3::int[]) RETURNING id',
        [scope.companyId, scope.folderSetId, mismatch.ids, mismatch.declared_unit])).length;
    }
    if (removed.length + filled > 0) await companyDataChanged(run, scope.companyId);
    return { ...(await reviewBom(run, scope)), applied: true, fixes: { removed_duplicates: removed.length, filled_units: filled } };
  });
}
