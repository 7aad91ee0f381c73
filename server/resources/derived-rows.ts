import type { ResourceDefinition } from '../../common/resources/define.js';
import type { Run } from '../db/run.js';
import { type BookCode, bookCodesOf, refreshBookSums } from './book-sums.js';
import { type DeclarationKey, declarationsOfLines, refreshDeclarations, versioned } from './declaration-versions.js';

/**
 * The rows kept from business rows for the reports (declaration versions and monthly sums, the books' monthly sums),
 * as a writer of the table API keeps them: it asks what some rows touch before and after it writes them, then
 * re-derives all of it, so that a row moved to another code or declaration refreshes both.
 */
export interface Touched { declarations: DeclarationKey[]; books: BookCode[] }

export async function touchedBy(run: Run, resource: Pick<ResourceDefinition, 'table'>, companyId: string, ids: readonly number[]): Promise<Touched> {
  return { declarations: await declarationsOfLines(run, resource, companyId, ids), books: await bookCodesOf(run, resource, companyId, ids) };
}

export async function refreshTouched(run: Run, resource: Pick<ResourceDefinition, 'table'>, companyId: string, ...touched: Touched[]): Promise<void> {
  await refreshDeclarations(run, companyId, touched.flatMap((keys) => keys.declarations));
  await refreshBookSums(run, resource, companyId, touched.flatMap((keys) => keys.books));
}

/** Re-derives what a whole folder set's rows of one table keep: after deleting many rows at once, or seeding them. */
export async function refreshFolderSet(run: Run, resource: Pick<ResourceDefinition, 'table'>, companyId: string, folderSetId: string): Promise<void> {
  if (versioned(resource)) await refreshDeclarations(run, companyId, { folderSetId });
  await refreshBookSums(run, resource, companyId, { folderSetId });
}
