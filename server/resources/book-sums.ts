import type { ResourceDefinition } from '../../common/resources/define.js';
import { lockCompanyData } from '../db/data-version.js';
import type { Run } from '../db/run.js';
import { type CodeKey, loadingImports, sumScope } from './sum-scope.js';

/**
 * The warehouse books summed per month (`book_monthly_sums`): what the statements read instead of a year of issue and
 * receipt lines (five million in a large company's year). Kept by every writer of those books: the table API after its
 * writes, an import when it succeeds or is rolled back, the demo seed. Rows of an import still loading add to no sum
 * until it succeeds. The sums are under the book's own codes; a statement maps them to customs codes per month
 * (server/reports/statement-sql.ts).
 */

/** The books with kept sums, by table, and the column of the day each line moved on. */
export const summedBooks: Readonly<Record<string, string>> = { warehouse_take_out: 'takeout_date', warehouse_take_in: 'bill_date' };

/** The columns a sum is kept per, besides the folder set, the book and the month. */
const keyColumns = 'item_type, code, unit, purpose';

/** A code of a book in one folder set: what writing a line can change. */
export type BookCode = CodeKey;

/**
 * The sums of some lines of `book` (`lines`, aliased `l`) per folder set, month and key, as rows of `book_monthly_sums`
 * less the company.
 */
const summedLines = (book: string, lines: string) => `
  SELECT l.folder_set_id, '${book}', date_trunc('month', l.${summedBooks[book]})::date, l.item_type, l.code, l.unit, l.purpose,
         sum(l.quantity), count(*), max(l.name), max(l.${summedBooks[book]})
    FROM ${lines} AND l.${summedBooks[book]} IS NOT NULL AND l.quantity IS NOT NULL
   GROUP BY 1, 3, 4, 5, 6, 7`;

const sumColumns = `folder_set_id, book, month, ${keyColumns}, quantity, lines, name, last_day`;
/** A sum's key: unique with nulls equal, so that an import adds to the sum it names. */
const keyOf = `folder_set_id, book, month, ${keyColumns}`;

/** The codes some rows of a summed book hold now: called before and after a write, so that a line moved to another code refreshes both. */
export async function bookCodesOf(run: Run, resource: Pick<ResourceDefinition, 'table'>, companyId: string, ids: readonly number[]): Promise<BookCode[]> {
  if (!(resource.table in summedBooks) || ids.length === 0) return [];
  return run<BookCode>(`SELECT DISTINCT folder_set_id, code FROM ${resource.table} WHERE company_id = $1 AND id = ANY($2::int[])`, [companyId, ids]);
}

/**
 * Re-derives the sums of some codes of a book, or of a whole folder set, in the caller's transaction, so that a reader
 * never sees them half done. The company is locked first: an import succeeding meanwhile adds its sums before or after, never
 * into sums this statement is replacing.
 */
export async function refreshBookSums(run: Run, resource: Pick<ResourceDefinition, 'table'>, companyId: string, scope: readonly BookCode[] | { folderSetId: string }): Promise<void> {
  const book = resource.table;
  const scoped = book in summedBooks ? sumScope(book, 'l', companyId, scope) : null;
  if (!scoped) return;
  await lockCompanyData(run, companyId);
  const { sums, params } = scoped;
  const lines = `${scoped.lines} AND (l.import_record_id IS NULL OR l.import_record_id NOT IN (${loadingImports}))`;
  // Two statements: an insert does not see what a delete in its own statement took out, and the key is unique.
  await run(`DELETE FROM book_monthly_sums s WHERE s.company_id = $1 AND s.book = '${book}' AND ${sums}`, params);
  await run(`INSERT INTO book_monthly_sums (company_id, ${sumColumns}) SELECT $1, * FROM (${summedLines(book, lines)}) l`, params);
}

/**
 * Adds the lines of an import that has just succeeded to the sums of its book: they are read by the import's own index,
 * the rest of the book not at all.
 */
export async function addImportedBookSums(run: Run, resource: Pick<ResourceDefinition, 'table'>, companyId: string, importRecordId: number): Promise<void> {
  const book = resource.table;
  if (!(book in summedBooks)) return;
  await lockCompanyData(run, companyId);
  await run(
    `INSERT INTO book_monthly_sums AS s (company_id, ${sumColumns})
     SELECT $1, * FROM (${summedLines(book, `${book} l WHERE l.import_record_id = $2 AND l.company_id = $1`)}) l
     ON CONFLICT (${keyOf}) DO UPDATE
       SET quantity = s.quantity + excluded.quantity, lines = s.lines + excluded.lines,
           name = greatest(s.name, excluded.name), last_day = greatest(s.last_day, excluded.last_day)`,
    [companyId, importRecordId]);
}

/** The codes of an import's lines, read before a rollback deletes them: their sums are re-derived after. */
export const importedBookCodes = (run: Run, resource: Pick<ResourceDefinition, 'table'>, importRecordId: number): Promise<BookCode[]> =>
  resource.table in summedBooks
    ? run<BookCode>(`SELECT DISTINCT folder_set_id, code FROM ${resource.table} WHERE import_record_id = $1`, [importRecordId])
    : Promise.resolve([]);
