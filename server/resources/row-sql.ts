import type { FieldDefinition, ResourceDefinition } from '../../common/resources/define.js';
import { fieldValueSchema, splitFilterKey, type FieldValue } from '../../common/resources/schemas.js';
import { likeEscape } from '../db/run.js';
import { quoted, type Statement } from '../db/statement.js';
import { AppError } from '../http/errors.js';
import type { Scope } from '../access.js';
import { searchCondition } from './search-texts.js';

/** How a column leaves the database: decimals and dates as text (exact, no time zone), timestamps as ISO 8601. */
function selected(name: string, definition: FieldDefinition | undefined): string {
  if (!definition) return quoted(name);
  return definition.kind === 'decimal' || definition.kind === 'date' ? `${quoted(name)}::text AS ${quoted(name)}` : quoted(name);
}

const isoTimestamp = (name: string) => `to_char(${name} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${name}`;

export const selectList = (resource: ResourceDefinition) =>
  ['id', isoTimestamp('created_at'), isoTimestamp('updated_at'), 'import_record_id', 'extra', ...Object.entries(resource.fields).map(([name, definition]) => selected(name, definition))].join(', ');

/** Query parameters that are not filters. */
const reservedParameters = new Set(['company_slug', 'folder_slug', 'page', 'page_size', 'search', 'ordering', 'lang']);

/** Filterable columns: every field, plus the import a row came from. */
const filterDefinition = (resource: ResourceDefinition, name: string): FieldDefinition | undefined =>
  resource.fields[name] ?? (name === 'import_record_id' || name === 'id' ? { kind: 'integer' } : undefined);

const invalid = (fields: Record<string, string[]>) => new AppError('validation_error', 'Data has invalid format.', { fields });

function filterValue(key: string, definition: FieldDefinition, raw: string): FieldValue {
  const parsed = fieldValueSchema({ ...definition, required: false, kind: definition.kind === 'choice' ? 'text' : definition.kind }).safeParse(raw);
  if (!parsed.success) throw invalid({ [key]: parsed.error.issues.map((issue) => issue.message) });
  return parsed.data;
}

export type ListParameters = Record<string, string | undefined>;

/**
 * The rows a scope sees of a table: the company's, of the folder set when one is chosen, and none of an
 * import still loading into it (a failed one deletes them again). That last condition is added only
 * while the scope says an import is running, so that other lists keep their index-only plans.
 */
export function scopeConditions(statement: Statement, resource: ResourceDefinition, scope: Scope): string[] {
  const company = statement.param(scope.companyId);
  const conditions = [`company_id = ${company}`];
  if (scope.folderSetId) conditions.push(`folder_set_id = ${statement.param(scope.folderSetId)}`);
  if (scope.importing.includes(resource.name)) {
    conditions.push(`(import_record_id IS NULL OR import_record_id NOT IN (SELECT id FROM import_records WHERE company_id = ${company} AND status IN ('queued', 'running')))`);
  }
  return conditions;
}

/**
 * fold_text of a column, written out so that a value with no character beyond ASCII (most codes) is only lowercased
 * by built-in functions in the query itself: calling fold_text for every row a filter passes cost 3–6 times as much.
 */
const folded = (column: string) => `(CASE WHEN ${column} ~ '[^\\x01-\\x7f]' THEN fold_text(${column}) ELSE lower(${column}) END)`;

/**
 * The WHERE clause of a list, export or delete-matching request: the scope (always), the search text and
 * the field filters (`field`, `field__gte`, `field__lte`, `field__in`). Unknown parameters are refused
 * rather than ignored, so a typo never silently widens a delete.
 */
export function whereClause(statement: Statement, resource: ResourceDefinition, scope: Scope, parameters: ListParameters): string {
  const conditions = scopeConditions(statement, resource, scope);
  const search = parameters.search?.trim().replace(/\s+/g, ' ');
  if (search && resource.search.length > 0) {
    conditions.push(searchCondition(statement, resource, { companyId: scope.companyId, imported: scope.imported.includes(resource.name) }, search));
  }
  for (const [key, raw] of Object.entries(parameters)) {
    if (reservedParameters.has(key) || raw === undefined || raw === '') continue;
    const [name, operator] = splitFilterKey(key);
    const definition = filterDefinition(resource, name);
    if (!definition) throw invalid({ [key]: ['Unknown filter.'] });
    const column = quoted(name);
    const cast = definition.kind === 'decimal' ? '::numeric' : definition.kind === 'date' ? '::date' : '';
    if (operator === 'empty') {
      if (raw !== 'true' && raw !== 'false') throw invalid({ [key]: ['Use true or false.'] });
      const blank = `(${column} IS NULL${definition.kind === 'text' || definition.kind === 'code' || definition.kind === 'choice' ? ` OR ${column} = ''` : ''})`;
      conditions.push(raw === 'true' ? blank : `NOT ${blank}`);
    } else if (operator === 'contains' || operator === 'startswith') {
      if (!['text', 'code', 'choice'].includes(definition.kind)) throw invalid({ [key]: ['Only text and codes can be searched within.'] });
      const pattern = `${operator === 'contains' ? '%' : ''}${likeEscape(raw.trim())}%`;
      conditions.push(`${folded(column)} LIKE fold_text(${statement.param(pattern)})`);
    } else if (operator === 'in') {
      const values = raw.split(',').map((item) => filterValue(key, definition, item));
      conditions.push(`${column} = ANY(${statement.param(values)}${cast ? `${cast}[]` : definition.kind === 'integer' ? '::int[]' : '::text[]'})`);
    } else {
      const comparison = operator === 'gte' ? '>=' : operator === 'lte' ? '<=' : '=';
      conditions.push(`${column} ${comparison} ${statement.param(filterValue(key, definition, raw))}${cast}`);
    }
  }
  return conditions.join(' AND ');
}

const sortable = (resource: ResourceDefinition, name: string) => name in resource.fields || ['id', 'created_at', 'updated_at'].includes(name);

/**
 * `-registered_date,code` → `ORDER BY "registered_date" DESC, "code", id`. The id, in the direction of the
 * last term, makes pages stable; PostgreSQL's default null placement keeps the indexes usable.
 */
export function orderClause(resource: ResourceDefinition, ordering: string | undefined, table = ''): string {
  const column = (name: string) => (table ? `${table}.${quoted(name)}` : quoted(name));
  const terms = (ordering?.trim() || resource.ordering).split(',').map((term) => term.trim()).filter(Boolean);
  const parts: string[] = [];
  for (const term of terms) {
    const name = term.replace(/^-/, '');
    if (!sortable(resource, name)) throw invalid({ ordering: [`Unknown field ${name}.`] });
    if (name !== 'id') parts.push(`${column(name)}${term.startsWith('-') ? ' DESC' : ''}`);
  }
  const last = terms.at(-1) ?? '';
  return `ORDER BY ${[...parts, `${column('id')}${last.startsWith('-') ? ' DESC' : ''}`].join(', ')}`;
}

/**
 * One page of rows. The page's ids are found first, from the indexes alone (every index ends with the
 * id), and only those rows are read whole: deep pages then skip index entries, not table rows. The
 * outer order names the table's columns, since the select list renames some of them as text.
 */
export function pageQuery(resource: ResourceDefinition, where: string, ordering: string | undefined, limit: string, offset: string): string {
  return `SELECT ${selectList(resource)} FROM ${resource.table} t
    JOIN (SELECT id FROM ${resource.table} WHERE ${where} ${orderClause(resource, ordering)} LIMIT ${limit} OFFSET ${offset}) page USING (id)
    ${orderClause(resource, ordering, 't')}`;
}
