import type { Run } from '../db/run.js';
import { customsValue, declaredForm, valueSource } from './customs-value.js';
import { type CodeKey, effectiveLine, sumScope } from './sum-scope.js';

/**
 * The kinds of the company's import lines (`ecus_tariff_kinds`, docs/statements.md "Tariff check"): its effective
 * import declaration lines with an HS code grouped by folder set, month, item code, type code and everything the tariff
 * check judges a line by — the 8-digit tariff line, the C/O form, the schedule declared, the origin, whether it names an
 * exemption, its declared rate, whether it shows a C/O — and where its customs value came from, with the lines' count,
 * customs value and declared duty. The tariff check judges these rows, a few thousand a year, rather than reading a
 * year of lines for its counts, and reads lines only for the page it shows. Every line belongs to the kinds of its item
 * code, so the writers of declaration lines keep them with the monthly sums, for the same codes (declaration-versions.ts).
 *
 * The key's columns are never null but for the item and type codes (an empty text, or -1 for no declared rate), so that
 * the tariff check joins them by hashing.
 */

/** The key of a kind, in the table's column order; `month` and the codes first. */
const keyColumns = 'folder_set_id, month, code, type_code, line_id, form, schedule, from_country, exemption, tax_rate, proven, value_source';
const sumColumns = 'lines, total_value, tax_cost, unpaid_value';
const kindColumns = `company_id, ${keyColumns}, ${sumColumns}`;

/**
 * Lines (a FROM clause aliased `e` up to its WHERE, which this continues with AND) that the tariff check judges, grouped
 * by kind: import declarations (numbers beginning with 1) with an HS code and a day. The sums leave out the values a
 * line lacks: `total_value` is that of the lines with a value, `unpaid_value` that of those without a declared duty
 * amount, whose duty is their declared rate on it.
 */
export const tariffKindsOf = (lines: string) => `
  SELECT e.folder_set_id, date_trunc('month', e.registered_date)::date AS month, e.code, e.type_code, left(e.hs, 8) AS line_id,
         coalesce(${declaredForm('e.co_form')}, '') AS form, coalesce(${declaredForm('e.tariff_schedule')}, '') AS schedule,
         coalesce(e.from_country, '') AS from_country, coalesce(trim(e.exemption_code), '') <> '' AS exemption, coalesce(e.tax_rate, -1) AS tax_rate,
         coalesce(trim(e.co_form), '') <> '' OR coalesce(trim(e.co_number), '') <> '' AS proven, ${valueSource('e')} AS value_source,
         count(*)::int AS lines, coalesce(sum(${customsValue('e')}), 0) AS total_value, coalesce(sum(e.tax_cost), 0) AS tax_cost,
         coalesce(sum(${customsValue('e')}) FILTER (WHERE e.tax_cost IS NULL), 0) AS unpaid_value
    FROM ${lines} AND e.account_number LIKE '1%' AND coalesce(e.hs, '') <> '' AND e.registered_date IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12`;

/** Kinds (as `tariffKindsOf` answers them, one row a batch) added up: one row a kind. */
const addedUp = (kinds: string) => `
  SELECT ${keyColumns}, sum(lines)::int AS lines, sum(total_value) AS total_value, sum(tax_cost) AS tax_cost, sum(unpaid_value) AS unpaid_value
    FROM ${kinds} GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12`;

/**
 * Re-derives the kinds of some codes, or of a whole folder set, from their effective lines, read through the code
 * index. Two statements, as the key is unique; the caller's transaction keeps a reader from seeing them half done.
 */
export async function keepTariffKinds(run: Run, companyId: string, scope: readonly CodeKey[] | { folderSetId: string }): Promise<void> {
  const scoped = sumScope('ecus_lines', 'e', companyId, scope);
  if (!scoped) return;
  const { sums, lines, params } = scoped;
  await run(`DELETE FROM ecus_tariff_kinds s WHERE s.company_id = $1 AND ${sums}`, params);
  // The planner takes every line for a kind of its own (half a million groups for a million lines, against 42,000) and
  // sorts them by the twelve columns of the key: 10 s for a folder set of a million lines, against 4.6 s hashed. The
  // writer's settings are put back after, for the statements that follow in its transaction.
  const [before] = await run<{ sort: string; memory: string }>(`SELECT current_setting('enable_sort') AS sort, current_setting('work_mem') AS memory`);
  await run(`SELECT set_config('enable_sort', 'off', true), set_config('work_mem', '64MB', true)`);
  await run(`INSERT INTO ecus_tariff_kinds (${kindColumns}) SELECT $1, * FROM (${tariffKindsOf(`${lines} AND ${effectiveLine('e')}`)}) k`, params);
  await run(`SELECT set_config('enable_sort', $1, true), set_config('work_mem', $2, true)`, [before!.sort, before!.memory]);
}

/** Creates the table a declaration import keeps its lines' kinds in as it loads them, a kind possibly in each batch. */
export const createImportedTariffKinds = (run: Run, table: string) => run(
  `CREATE UNLOGGED TABLE ${table} (folder_set_id uuid NOT NULL, month date NOT NULL, code text, type_code text, line_id text NOT NULL, form text NOT NULL,
     schedule text NOT NULL, from_country text NOT NULL, exemption boolean NOT NULL, tax_rate numeric NOT NULL, proven boolean NOT NULL,
     value_source text NOT NULL, lines int NOT NULL, total_value numeric NOT NULL, tax_cost numeric NOT NULL, unpaid_value numeric NOT NULL)`);

/** The statement keeping a batch's kinds in `table`: its lines are `batch`, a query's name. */
export const keepBatchTariffKinds = (table: string, batch: string) => `INSERT INTO ${table} ${tariffKindsOf(`${batch} e WHERE true`)}`;

/** Adds up the kinds an import kept batch by batch into `into`, one row a kind, before its final transaction. */
export const addUpImportedTariffKinds = (run: Run, kept: string, into: string) => run(`CREATE UNLOGGED TABLE ${into} AS ${addedUp(kept)}`);

/**
 * Adds an import's added-up kinds (`table`) to the company's, but for the codes re-derived whole because a line of them
 * changed version (`changed`): every line of the import counts, being new and the latest of its declaration.
 */
export async function addImportedTariffKinds(run: Run, companyId: string, table: string, changed: readonly CodeKey[]): Promise<void> {
  await run(
    `INSERT INTO ecus_tariff_kinds AS k (${kindColumns})
     SELECT $1, a.* FROM ${table} a
      WHERE NOT EXISTS (SELECT 1 FROM unnest($2::uuid[], $3::text[]) r (folder_set_id, code) WHERE r.folder_set_id = a.folder_set_id AND r.code IS NOT DISTINCT FROM a.code)
     ON CONFLICT (company_id, ${keyColumns}) DO UPDATE
       SET lines = k.lines + excluded.lines, total_value = k.total_value + excluded.total_value, tax_cost = k.tax_cost + excluded.tax_cost,
           unpaid_value = k.unpaid_value + excluded.unpaid_value`,
    [companyId, changed.map((key) => key.folder_set_id), changed.map((key) => key.code)]);
}
