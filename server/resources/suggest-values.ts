import type { AutofillSource, ResourceDefinition } from '../../common/resources/define.js';
import { resources as allResources } from '../../common/resources/index.js';
import { likeEscape, type Run } from '../db/run.js';
import { scopeConditions } from './row-sql.js';
import { quoted, Statement } from '../db/statement.js';
import type { Scope } from '../access.js';

export interface AutofillSuggestion {
  code: string;
  item_name: string[];
  name: string[];
  unit: string[];
}

/** Tables that name a company's codes: its declarations, opening balances and bills of materials. */
const catalogueResources = ['ecus', 'begin', 'bom'];

/**
 * Names and units already recorded for codes starting with `prefix`, from this table and the company's
 * catalogue tables: declaration lines give `item_name`, the other tables `name`. Up to 10 codes.
 */
export async function suggestAutofill(options: { run: Run; resource: ResourceDefinition; scope: Scope; prefix: string }): Promise<AutofillSuggestion[]> {
  const resources = [options.resource, ...allResources.filter((resource) => catalogueResources.includes(resource.name) && resource !== options.resource)];
  const sources = resources.flatMap((resource) => (resource.view ? [] : (resource.autofill ?? []).map((source) => ({ resource, source }))));
  if (sources.length === 0) return [];
  const statement = new Statement();
  const pattern = statement.param(`${likeEscape(options.prefix.trim())}%`);
  const select = ({ resource, source }: { resource: ResourceDefinition; source: AutofillSource }) => {
    const nameColumn = source.name === 'item_name' ? 'item_name' : 'name';
    return `(SELECT ${quoted(source.code)} AS code,
              ${nameColumn === 'item_name' ? quoted(source.name) : 'NULL'} AS item_name,
              ${nameColumn === 'name' ? quoted(source.name) : 'NULL'} AS name,
              ${source.unit ? quoted(source.unit) : 'NULL'} AS unit
         FROM ${resource.table}
        WHERE ${[...scopeConditions(statement, resource, options.scope), `${quoted(source.code)} LIKE ${pattern}`].join(' AND ')}
        LIMIT 500)`;
  };
  return options.run<AutofillSuggestion>(
    `SELECT code,
            coalesce(array_agg(DISTINCT item_name) FILTER (WHERE item_name IS NOT NULL), '{}') AS item_name,
            coalesce(array_agg(DISTINCT name) FILTER (WHERE name IS NOT NULL), '{}') AS name,
            coalesce(array_agg(DISTINCT unit) FILTER (WHERE unit IS NOT NULL), '{}') AS unit
       FROM (${sources.map(select).join(' UNION ALL ')}) AS candidates
      GROUP BY code ORDER BY code LIMIT 10`,
    statement.params,
  );
}

/** The distinct values of the table's `selectable` fields, for filter lists (at most 500 each). */
export async function listSelectableValues(options: { run: Run; resource: ResourceDefinition; scope: Scope }): Promise<Record<string, string[]>> {
  const names = Object.entries(options.resource.fields).filter(([, definition]) => definition.selectable).map(([name]) => name);
  const statement = new Statement();
  const where = scopeConditions(statement, options.resource, options.scope).join(' AND ');
  const answer: Record<string, string[]> = Object.fromEntries(names.map((name) => [name, []]));
  if (names.length === 0) return answer;
  const rows = await options.run<{ field: string; value: string }>(
    names.map((name, index) => `(SELECT DISTINCT '${index}' AS field, ${quoted(name)}::text AS value FROM ${options.resource.table}
        WHERE ${where} AND ${quoted(name)} IS NOT NULL ORDER BY 2 LIMIT 500)`).join(' UNION ALL '),
    statement.params,
  );
  for (const row of rows) answer[names[Number(row.field)]!]!.push(row.value);
  return answer;
}
