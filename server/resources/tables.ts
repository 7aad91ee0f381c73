import { sql } from 'drizzle-orm';
import { customType, date, index, integer, jsonb, numeric, type PgColumnBuilderBase, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { FieldDefinition, ResourceDefinition } from '../../common/resources/define.js';
import { resources } from '../../common/resources/index.js';
import { companies, folderSets } from '../companies/tables.js';

/** Text compared byte by byte whatever the database's collation (a field's `bytewise`). */
const bytewiseText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

const columnOf = (definition: FieldDefinition): PgColumnBuilderBase => {
  const column = definition.kind === 'decimal' ? numeric() : definition.kind === 'integer' ? integer() : definition.kind === 'date' ? date({ mode: 'string' })
    : definition.bytewise ? bytewiseText() : text();
  return definition.required && !definition.emptyInOlderRows ? column.notNull() : column;
};

/** PostgreSQL cuts identifiers at 63 bytes; a cut name could collide, so long ones are shortened on purpose. */
const indexName = (table: string, fields: readonly string[]) => {
  const name = `${table}_${fields.join('_')}_idx`;
  return name.length <= 63 ? name : `${table.slice(0, 24)}_${fields.map((field) => field.slice(0, 12)).join('_')}_idx`.slice(0, 63);
};

/**
 * The searched columns of a table as one folded text, which the trigram indexes cover: a free-text search then
 * reads an index rather than folding every row. `||` rather than concat_ws, which is not immutable and so cannot
 * back an index. Rows written one by one are in their table's index (`<table>_search_idx`, declared below);
 * imported rows are in `search_texts`, kept after their import (server/resources/search-texts.ts).
 */
export const searchExpression = (resource: Pick<ResourceDefinition, 'search'>): string =>
  `fold_text(${resource.search.map((name) => `coalesce("${name}", '')`).join(` || ' ' || `)})`;

/**
 * The table of one resource: an identity id, the company and folder set the row belongs to, the import
 * that brought it (if any), timestamps, then the resource's fields. Every index leads with company and
 * folder set because every query is scoped by them, and ends with the id, which breaks ties in every
 * order, so a page's ids come from the index alone; the fields a field's index carries (`carriedInIndex`)
 * come after the id, where they change no order. Keys that hold the id are never equal, so those
 * indexes skip deduplication, which would only search each full page for duplicates in vain.
 */
function tableOf(resource: ResourceDefinition) {
  const fieldColumns = Object.fromEntries(Object.entries(resource.fields).map(([name, definition]) => [name, columnOf(definition)]));
  const indexedFields = [
    ...Object.entries(resource.fields).filter(([, definition]) => definition.indexed).map(([name]) => [name]),
    ...(resource.indexes ?? []),
  ];
  return pgTable(resource.table, {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    company_id: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
    folder_set_id: uuid().notNull().references(() => folderSets.id, { onDelete: 'cascade' }),
    import_record_id: integer(),
    created_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Columns of an imported sheet that no field took, by their normalised header names. */
    extra: jsonb(),
    ...fieldColumns,
  }, (table) => {
    const column = (name: string) => (table as unknown as Record<string, Parameters<ReturnType<typeof index>['on']>[0]>)[name]!;
    const unique = { deduplicate_items: false };
    return [
      index(indexName(resource.table, ['scope'])).on(table.company_id, table.folder_set_id, table.id).with(unique),
      index(indexName(resource.table, ['import'])).on(table.import_record_id),
      ...indexedFields.map((fields) => index(indexName(resource.table, fields))
        .on(table.company_id, table.folder_set_id, ...fields.map(column), table.id, ...(fields.length === 1 ? resource.carriedInIndex?.[fields[0]!] ?? [] : []).map(column)).with(unique)),
      ...(resource.search.length > 0
        ? [index(indexName(resource.table, ['search'])).using('gin', sql.raw(`${searchExpression(resource)} gin_trgm_ops`)).where(sql`import_record_id IS NULL`)]
        : []),
    ];
  });
}

/** The tables of every stored resource, by resource name; views are created by their own migration. */
export const businessTables = Object.fromEntries(resources.filter((resource) => !resource.view).map((resource) => [resource.name, tableOf(resource)]));

/**
 * The folded search text of imported rows (`searchExpression`), keyed by their id and table (in that order, so that a
 * search finds a table's texts through the trigram index rather than by listing all of them). An import loads its rows
 * without it, since keeping a trigram index row by row cost more than the load itself; once the import has succeeded
 * its rows are added here in slices (server/imports/search-indexing.ts) and the import record says `search_indexed`.
 * Until then a search reads those rows' text directly, so a search is never missing rows, only slower for a while.
 */
export const searchTexts = pgTable('search_texts', {
  tableName: text().notNull(),
  id: integer().notNull(),
  /** The row's company and folder set, which a search filters on and whose deletion takes the texts out. */
  companyId: uuid().notNull(),
  folderSetId: uuid().notNull(),
  folded: text().notNull(),
}, (table) => [primaryKey({ columns: [table.id, table.tableName] }), index('search_texts_folded_idx').using('gin', sql`${table.folded} gin_trgm_ops`)]);

/**
 * The declaration lines an amendment has replaced: lines of a declaration (its first 11 digits) whose version
 * (the 12th) is below the latest visible one. Kept by every writer of `ecus_lines` (server/resources/
 * declaration-versions.ts) so that the reports read the effective lines without grouping a year of them first.
 */
export const supersededDeclarationLines = pgTable('ecus_superseded_lines', {
  companyId: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
  folderSetId: uuid().notNull().references(() => folderSets.id, { onDelete: 'cascade' }),
  lineId: integer().notNull(),
}, (table) => [primaryKey({ columns: [table.folderSetId, table.lineId] }), index().on(table.companyId)]);

/**
 * The effective declaration lines summed per month, type code, customs code and unit: what the statements read
 * instead of a year of lines. Kept with the superseded lines by the same writers (server/resources/
 * declaration-versions.ts); a statement adds the lines of a period's partial first and last months itself.
 */
export const declaredMonthlySums = pgTable('ecus_monthly_sums', {
  companyId: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
  folderSetId: uuid().notNull().references(() => folderSets.id, { onDelete: 'cascade' }),
  month: date({ mode: 'string' }).notNull(),
  typeCode: text(),
  code: text(),
  unit: text(),
  total: numeric().notNull(),
  lines: integer().notNull(),
  name: text(),
  lastDay: date({ mode: 'string' }).notNull(),
  /** The latest of the sum's lines (by day, then id), which the check statement reads the latest import from. */
  lastLine: integer().notNull(),
}, (table) => [index('ecus_monthly_sums_scope_idx').on(table.companyId, table.folderSetId, table.code), index().on(table.folderSetId)]);

/**
 * The warehouse books' lines summed per month, item type, code, unit and purpose: what the statements read instead of
 * a year of issues. Kept by every writer of those books (server/resources/book-sums.ts); a statement adds the lines of
 * a period's partial first and last months, and of months in which a code's mapping to a customs code changes.
 */
export const bookMonthlySums = pgTable('book_monthly_sums', {
  companyId: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
  folderSetId: uuid().notNull().references(() => folderSets.id, { onDelete: 'cascade' }),
  /** The book's table: warehouse_take_out or warehouse_take_in. */
  book: text().notNull(),
  month: date({ mode: 'string' }).notNull(),
  itemType: text(),
  code: text(),
  unit: text(),
  purpose: text(),
  quantity: numeric().notNull(),
  lines: integer().notNull(),
  name: text(),
  lastDay: date({ mode: 'string' }).notNull(),
}, (table) => [
  unique('book_monthly_sums_key').on(table.folderSetId, table.book, table.month, table.itemType, table.code, table.unit, table.purpose).nullsNotDistinct(),
  index().on(table.companyId),
]);
