import { summedBooks } from '../resources/book-sums.js';
import { latestLine } from '../resources/sum-scope.js';
import { declaredForm, valueColumns } from '../resources/customs-value.js';
import { flattenBomCte, maxBomDepth } from './flatten-bom.js';
import { dutyPaid, preferentialRates, tariffYearOf, tariffYearsCte } from './tariff-rates.js';

/**
 * The named SQL of the customs finalization reports (domain §2, §2a, §3, §4.6, §5). Every report is one
 * statement over the whole period, built from the same common table expressions, with these parameters:
 *
 *   $1 company id, $2 folder set id, $3 period start, $4 period end, $5 regime (SXXK, GC, DNCX),
 *   $6 the previous period's closing rows as JSON (null: the opening balances table gives the opening),
 *   $7 the form ('15' materials, '15a' products).
 */

/**
 * Rows of an import still loading are no one's yet: every source leaves them out. The imports are read in place
 * rather than from a common table expression, which would keep the scans of a million lines from running in parallel.
 */
const visible = (alias: string) =>
  `${alias}.company_id = $1 AND ${alias}.folder_set_id = $2 AND (${alias}.import_record_id IS NULL OR ${alias}.import_record_id NOT IN (
     SELECT id FROM import_records WHERE company_id = $1 AND status IN ('queued', 'running')))`;

/**
 * The customs code, unit and quantity factor of a book row under an internal code, from the map-code row valid on
 * its day (a hash join rather than a lookup per row). A company keeps one valid row per internal code and day; a
 * code without one is its own customs code with factor 1. The map-code rows are read in place, not from a common
 * table expression, so that the scans of the books can run in parallel.
 */
const mapped = (alias: string, day: string, code = `${alias}.code`) =>
  `LEFT JOIN (SELECT mc.internal_code, mc.code, mc.unit, mc.factor, mc.valid_from, mc.valid_to FROM code_maps mc WHERE ${visible('mc')}) m
     ON m.internal_code = ${code} AND (m.valid_from IS NULL OR m.valid_from <= ${day}) AND (m.valid_to IS NULL OR m.valid_to >= ${day})`;

/**
 * The period's effective declaration lines ($1–$4): the latest version of each declaration (the 12th digit counts
 * in-clearance amendments; the writers keep the lines an amendment replaced in `ecus_superseded_lines`, see
 * server/resources/declaration-versions.ts), cancelled lines out, rows of a loading import left out. Every report
 * over declarations starts from these. Their `total_value` is the taxable value as declared or derived from the
 * invoice, null when unknown, and `value_source` says which (customs-value.ts).
 */
const effectiveLines = (probe: string) => `
  effective AS NOT MATERIALIZED (
    SELECT e.id, e.account_number, e.row_number, e.registered_date, e.type_code, e.code, e.item_name, e.hs, e.from_country, e.unit, e.total,
           ${valueColumns('e')}, e.tax_rate, e.tax_cost, e.exemption_code, e.co_form, e.co_number, e.tariff_schedule
      FROM ecus_lines e
     WHERE ${visible('e')} AND e.registered_date BETWEEN $3 AND $4
       AND NOT EXISTS (SELECT 1 FROM ecus_superseded_lines s WHERE s.folder_set_id = $2 AND s.line_id = e.id${probe})
       AND NOT EXISTS (SELECT 1 FROM ecus_cancel_records c WHERE c.company_id = $1 AND c.folder_set_id = $2 AND c.ecus_id = e.id${probe}))`;
export const effectiveDeclarationsCte = effectiveLines('');

/**
 * The same lines, each looked up among the superseded and cancelled ones by index, for a statement that reads a few
 * days' or item codes' lines: `OFFSET 0` keeps the planner from hashing all of the folder set's (500,000 superseded lines
 * at ten million, 0.3 s a statement, for a day of 20,000 lines).
 */
export const probedDeclarationsCte = effectiveLines(' OFFSET 0');

/** The first day of the period's first whole month, and the first day after its last whole month. */
export const firstWholeMonth = `(date_trunc('month', $3::date - 1) + interval '1 month')::date`;
export const afterWholeMonths = `date_trunc('month', $4::date + 1)::date`;

/**
 * The rows outside the declarations that move a statement column: the opening (the previous period's closing, or the
 * opening balances table), warehouse issues, and products received from production. Each is defined once, and both
 * read line by line (\`movements\`, for the drill-down) and summed per form, code, column and unit (\`books_summed\`).
 */
interface BookSource {
  source: string; priority: number; form: string; code: string; name: string; unit: string; column: string; quantity: string;
  id: string; day: string; document: string; from: string;
  /** What the sums read instead of the lines of `from`: kept monthly sums. */
  summedFrom?: string;
}

/**
 * A warehouse book (alias `w`, its lines' `day`), mapped to customs codes on the day and filtered by `filter`: line by
 * line for the drill-down (`from`), and for the sums (`summedFrom`) the monthly sums its writers keep
 * (server/resources/book-sums.ts) of the months the period covers whole, with the lines of a partial first or last
 * month and of the months in which a code's mapping changes (`remapped_months`): in every other month a code maps the
 * same way every day, so its sum maps as its lines would.
 */
function warehouseBook(book: string, filter: string): Pick<BookSource, 'from' | 'summedFrom'> {
  const day = `w.${summedBooks[book]}`;
  const lines = (where: string, from = `${book} w`) =>
    `SELECT w.item_type, w.code, w.unit, w.purpose, w.quantity, w.name, ${day}, ${day} FROM ${from} WHERE ${visible('w')} AND ${where}`;
  return {
    from: `(SELECT w.*, ${day} AS day FROM ${book} w WHERE ${visible('w')} AND ${day} BETWEEN $3 AND $4) w ${mapped('w', 'w.day')} WHERE ${filter}`,
    summedFrom: `(
        SELECT s.item_type, s.code, s.unit, s.purpose, s.quantity, s.name, s.last_day AS day, s.month AS mapped_on FROM book_monthly_sums s
         WHERE s.company_id = $1 AND s.folder_set_id = $2 AND s.book = '${book}' AND s.month >= ${firstWholeMonth} AND s.month < ${afterWholeMonths}
           AND NOT EXISTS (SELECT 1 FROM remapped_months r WHERE r.code = s.code AND r.month = s.month)
        UNION ALL
        -- Two ranges of the day index, not the period's with its whole months filtered out.
        ${lines(`((${day} >= $3 AND ${day} < ${firstWholeMonth}) OR (${day} >= ${afterWholeMonths} AND ${day} <= $4))`)}
        UNION ALL
        ${lines(`${day} >= ${firstWholeMonth} AND ${day} < ${afterWholeMonths}`, `remapped_months r JOIN ${book} w
           ON w.company_id = $1 AND w.folder_set_id = $2 AND w.code = r.code AND ${day} >= r.month AND ${day} < (r.month + interval '1 month')::date`)}) w
      ${mapped('w', 'w.mapped_on')} WHERE ${filter}`,
  };
}

const bookSources: BookSource[] = [
  {
    source: 'begin', priority: 2, form: `CASE WHEN o.item_type = 'product' THEN '15a' ELSE '15' END`, code: 'o.code', name: 'o.name',
    unit: 'o.unit', column: `'begin'`, quantity: 'o.begin_value', id: 'o.id', day: 'o.from_date', document: 'NULL::text',
    from: `opening_balances o WHERE ${visible('o')} AND $6::jsonb IS NULL AND o.item_type IN ('material', 'product')`,
  },
  {
    source: 'previous', priority: 0, form: '$7', code: 'p.code', name: 'p.name', unit: 'p.unit', column: `'begin'`, quantity: 'p.quantity',
    id: 'NULL::int', day: 'NULL::date', document: 'NULL::text',
    from: `jsonb_to_recordset(coalesce($6::jsonb, '[]')) AS p(code text, name text, unit text, quantity numeric)`,
  },
  {
    source: 'wh-take-out', priority: 3, form: `CASE WHEN w.item_type = 'product' THEN '15a' ELSE '15' END`, code: 'coalesce(m.code, w.code)',
    name: 'w.name', unit: 'coalesce(m.unit, w.unit)',
    column: `CASE WHEN w.item_type = 'product' THEN 'other_export'
                  WHEN coalesce(w.purpose, 'production') = 'production' THEN 'export_to_produce' ELSE 'other_export' END`,
    quantity: 'w.quantity * coalesce(m.factor, 1)', id: 'w.id', day: 'w.day', document: 'w.bill_no',
    // Products leave for export on their declarations (column 8); only their other issues are the books'.
    ...warehouseBook('warehouse_take_out', `w.item_type IN ('material', 'product') AND (w.item_type = 'material' OR w.purpose = 'other')`),
  },
  {
    source: 'wh-take-in', priority: 3, form: `'15a'`, code: 'coalesce(m.code, w.code)', name: 'w.name', unit: 'coalesce(m.unit, w.unit)',
    column: `'take_in'`, quantity: 'w.quantity * coalesce(m.factor, 1)', id: 'w.id', day: 'w.day', document: 'w.bill_no',
    ...warehouseBook('warehouse_take_in', `w.item_type = 'product' AND w.purpose = 'production'`),
  },
];

const bookLines = (book: BookSource) =>
  `SELECT ${book.form} AS form, ${book.code} AS code, ${book.name} AS name, ${book.unit} AS unit, ${book.column} AS column_name,
           ${book.quantity} AS quantity, ${book.priority} AS priority, '${book.source}' AS source, ${book.id} AS source_id, ${book.day} AS day,
           ${book.document} AS document
      FROM ${book.from}`;

// Summed straight from their tables, not from the line-level union of `movements`, which the embedded database sums
// at half the speed.
const bookSums = (book: BookSource) =>
  `SELECT ${book.form} AS form, ${book.code} AS code, ${book.column} AS column_name, ${book.unit} AS unit, '${book.source}' AS source,
           ${book.priority} AS priority, max(${book.day}) AS last_day, max(${book.name}) AS name, sum(${book.quantity}) AS quantity
      FROM ${book.summedFrom ?? book.from}
     GROUP BY 1, 2, 3, 4`;

/**
 * Every quantity a statement is built from, one row per source line: `form`, the customs `code`, `column_name`
 * (begin, take_in, re_export, re_purpose, export_to_produce, other_export, exportt), `quantity` in `unit`,
 * and where it comes from (`source` table, `source_id`, `day`, `document`) so that a cell can be drilled into.
 */
export const movementsCte = `${effectiveDeclarationsCte},
  rules AS (
    SELECT DISTINCT ON (type_code, form) type_code, form, column_name
      FROM type_code_rules WHERE regime = $5 AND (company_id = $1 OR company_id IS NULL)
     ORDER BY type_code, form, company_id NULLS LAST),
  -- A code such as A42 feeds Form 15 for materials and Form 15a for products.
  dual_codes AS (SELECT type_code FROM rules WHERE column_name <> 'ignore' GROUP BY type_code HAVING count(DISTINCT form) > 1),
  products AS (
    SELECT b.code FROM bom_lines b WHERE ${visible('b')}
    UNION SELECT o.code FROM opening_balances o WHERE ${visible('o')} AND o.item_type = 'product'),
  declared AS NOT MATERIALIZED (
    SELECT e.*, r.form, r.column_name
      FROM effective e JOIN rules r ON r.type_code = e.type_code AND r.column_name <> 'ignore'
     WHERE e.type_code NOT IN (SELECT type_code FROM dual_codes) OR (r.form = '15a') = (e.code IN (SELECT code FROM products))),
  movements AS (
    ${bookSources.map(bookLines).join('\n    UNION ALL\n    ')}
    UNION ALL
    SELECT d.form, d.code, d.item_name, d.unit, d.column_name, d.total, 1, 'ecus', d.id, d.registered_date, d.account_number
      FROM declared d),
  -- The declaration lines summed per type code, code and unit before any rule applies, and the rules then join those
  -- (their column per type code and form). The months the period covers whole are read from the sums the writers
  -- keep (server/resources/declaration-versions.ts); only a partial first or last month reads its lines.
  declared_sums AS (
    SELECT type_code, code, unit, sum(total) AS total, max(name) AS name, max(last_day) AS last_day, sum(lines)::int AS lines,
           ${latestLine('last_day', 'last_line')} AS last_line
      FROM (SELECT s.type_code, s.code, s.unit, s.total, s.name, s.last_day, s.lines, s.last_line FROM ecus_monthly_sums s
             WHERE s.company_id = $1 AND s.folder_set_id = $2 AND s.month >= ${firstWholeMonth} AND s.month < ${afterWholeMonths}
            UNION ALL
            SELECT e.type_code, e.code, e.unit, e.total, e.item_name, e.registered_date, 1, e.id FROM effective e
             WHERE e.registered_date < ${firstWholeMonth} OR e.registered_date >= ${afterWholeMonths}) l
     GROUP BY type_code, code, unit),
  -- The books' movements summed early, per code, column, unit and source: everything after works on these few rows.
  -- The same sums as \`movements\` gives line by line (the drill-down reads those). Those of both forms are summed
  -- first and only then the form chosen: a filter on the form before the sums would leave the planner guessing how
  -- many of half a million issues pass, and sorting them.
  -- The months in which a code's mapping to a customs code changes: a map-code row valid from a day other than the
  -- first of its month, or to a day other than the last.
  remapped_months AS MATERIALIZED (
    SELECT DISTINCT mc.internal_code AS code, b.month
      FROM code_maps mc CROSS JOIN LATERAL (VALUES
             (CASE WHEN extract(day FROM mc.valid_from) <> 1 THEN date_trunc('month', mc.valid_from)::date END),
             (CASE WHEN extract(day FROM mc.valid_to + 1) <> 1 THEN date_trunc('month', mc.valid_to)::date END)) b (month)
     WHERE ${visible('mc')} AND b.month IS NOT NULL),
  books_summed AS MATERIALIZED (
    ${bookSources.map(bookSums).join('\n    UNION ALL\n    ')}),
  summed AS (
    SELECT code, column_name, unit, source, priority, last_day, name, quantity FROM books_summed WHERE form = $7
    UNION ALL
    SELECT d.code, r.column_name, d.unit, 'ecus', 1, max(d.last_day), max(d.name), sum(d.total)
      FROM declared_sums d JOIN rules r ON r.type_code = d.type_code AND r.column_name <> 'ignore' AND r.form = $7
     WHERE d.type_code NOT IN (SELECT type_code FROM dual_codes) OR (r.form = '15a') = (d.code IN (SELECT code FROM products))
     GROUP BY d.code, r.column_name, d.unit),
  -- A statement row's unit is the one the company keeps the code in: its books' (the opening, then the warehouse's
  -- latest), else its BOM's, else the unit that carries most of the declared quantity. One late declaration in another
  -- unit does not take the row over: quantities in another unit are listed as problems, never summed.
  statement_codes AS (
    SELECT m.code,
           coalesce(
             (array_agg(m.unit ORDER BY m.priority, m.last_day DESC NULLS LAST) FILTER (WHERE m.source <> 'ecus' AND coalesce(m.unit, '') <> ''))[1],
             -- The latest BOM line's, looked up by code in the BOM's index: sorting a large BOM to find each code's latest
             -- line cost more than the rest of the statement.
             CASE WHEN $7 = '15'
                  THEN (SELECT b.material_unit FROM bom_lines b WHERE ${visible('b')} AND b.material_code = m.code AND coalesce(b.material_unit, '') <> '' ORDER BY b.id DESC LIMIT 1)
                  ELSE (SELECT b.unit FROM bom_lines b WHERE ${visible('b')} AND b.code = m.code AND coalesce(b.unit, '') <> '' ORDER BY b.id DESC LIMIT 1) END,
             (SELECT d.unit FROM summed d WHERE d.code = m.code AND d.source = 'ecus' AND coalesce(d.unit, '') <> ''
               GROUP BY d.unit ORDER BY sum(d.quantity) DESC, d.unit LIMIT 1)) AS unit,
           (array_agg(m.name ORDER BY m.priority, m.last_day DESC NULLS LAST) FILTER (WHERE coalesce(m.name, '') <> ''))[1] AS name
      FROM summed m GROUP BY m.code),
  counted AS (
    SELECT s.code, s.name, s.unit, m.column_name, m.quantity, m.source, m.unit AS source_unit,
           m.unit IS NULL OR s.unit IS NULL OR upper(trim(m.unit)) = upper(trim(s.unit)) AS same_unit
      FROM statement_codes s JOIN summed m ON m.code = s.code)`;

/**
 * A quantity as the API answers it: rounded to 6 decimals (norms with loss rates multiply scales up) and
 * without trailing zeros.
 */
const quantity = (expression: string, name = expression) => `trim_scale(round((${expression})::numeric, 6))::text AS ${name}`;

const column = (name: string) => `coalesce(sum(quantity) FILTER (WHERE same_unit AND column_name = '${name}'), 0)`;

/** One row per code of the form with its columns, its closing, and what keeps it from being right. */
export const statementRowsCte = `${movementsCte},
  statement AS (
    SELECT code, name, unit,
           ${column('begin')} AS begin, ${column('take_in')} AS take_in, ${column('re_export')} AS re_export,
           ${column('re_purpose')} AS re_purpose, ${column('export_to_produce')} AS export_to_produce,
           ${column('other_export')} AS other_export, ${column('exportt')} AS exportt,
           -- Of the intake, what came in on declarations (re-imported and returned goods, for Form 15a): Circular 121
           -- shows it apart from the products received from production.
           coalesce(sum(quantity) FILTER (WHERE same_unit AND column_name = 'take_in' AND source = 'ecus'), 0) AS take_in_declared
      FROM counted GROUP BY code, name, unit),
  -- Apart, and only for the few sources in another unit: a DISTINCT aggregate sorts within every group.
  unit_problems AS (
    SELECT code, array_agg(DISTINCT source || ': ' || source_unit) AS unit_problems FROM counted WHERE NOT same_unit GROUP BY code),
  closed AS (
    SELECT s.*, coalesce(p.unit_problems, '{}') AS unit_problems,
           CASE WHEN $7 = '15'
                THEN begin + take_in - re_export - re_purpose - export_to_produce - other_export
                ELSE begin + take_in - re_purpose - exportt - other_export END AS closing
      FROM statement s LEFT JOIN unit_problems p ON p.code = s.code)`;

/**
 * Statement 15 or 15A: every row, in code order, with the totals of its unit: quantities in different units (KGM,
 * PCE, MTR) are never added together.
 */
export const statementQuery = `WITH ${statementRowsCte}
  SELECT code, name, unit, ${quantity('begin')}, ${quantity('take_in')}, ${quantity('re_export')}, ${quantity('re_purpose')},
         ${quantity('export_to_produce')}, ${quantity('other_export')}, ${quantity('exportt')}, ${quantity('closing')},
         closing < 0 AS negative, unit_problems, count(*) OVER ()::int AS total_rows,
         ${quantity('sum(begin) OVER (PARTITION BY unit)', 'total_begin')}, ${quantity('sum(take_in) OVER (PARTITION BY unit)', 'total_take_in')},
         ${quantity('sum(re_export) OVER (PARTITION BY unit)', 'total_re_export')}, ${quantity('sum(re_purpose) OVER (PARTITION BY unit)', 'total_re_purpose')},
         ${quantity('sum(export_to_produce) OVER (PARTITION BY unit)', 'total_export_to_produce')}, ${quantity('sum(other_export) OVER (PARTITION BY unit)', 'total_other_export')},
         ${quantity('sum(exportt) OVER (PARTITION BY unit)', 'total_exportt')}, ${quantity('sum(closing) OVER (PARTITION BY unit)', 'total_closing')},
         ${quantity('take_in_declared')}, ${quantity('sum(take_in_declared) OVER (PARTITION BY unit)', 'total_take_in_declared')}
    FROM closed ORDER BY code`;

/** The source lines of one cell: $8 the code, $9 the column (`begin` … `exportt`; `closing` lists them all). */
export const drillQuery = `WITH ${statementRowsCte}
  SELECT m.source, m.source_id, m.day::text AS day, m.document, m.column_name, ${quantity('m.quantity', 'quantity')}, m.unit,
         m.unit IS NULL OR s.unit IS NULL OR upper(trim(m.unit)) = upper(trim(s.unit)) AS counted
    FROM movements m JOIN statement_codes s ON s.code = m.code
   WHERE m.form = $7 AND m.code = $8 AND ($9 = 'closing' OR m.column_name = $9)
   ORDER BY m.day NULLS FIRST, m.source, m.source_id`;

/** Type codes in the period's effective declarations that no rule of the regime names: a user must decide them. */
export const unmappedTypeCodesQuery = `WITH ${movementsCte}
  SELECT type_code, sum(lines)::int AS lines FROM declared_sums
   WHERE type_code NOT IN (SELECT type_code FROM rules) GROUP BY type_code ORDER BY type_code`;

/**
 * A source's quantities per code (`code`, `unit`, `quantity` rows of `from`) in the statement row's unit, and the
 * units it has besides, as problems labelled with the source: quantities in different units are never added or
 * subtracted.
 */
const inRowUnit = (label: string, from: string) => `
    SELECT c.code, sum(c.quantity) FILTER (WHERE same_unit) AS quantity,
           coalesce(array_agg(DISTINCT '${label}: ' || c.unit) FILTER (WHERE NOT same_unit), '{}') AS unit_problems
      FROM (SELECT c.*, c.unit IS NULL OR s.unit IS NULL OR upper(trim(c.unit)) = upper(trim(s.unit)) AS same_unit
              FROM ${from} c LEFT JOIN closed s ON s.code = c.code) c
     GROUP BY c.code`;

/**
 * The period's exports ($1–$5, after \`movementsCte\`) as the BOM demand of the check statement, without reading the
 * year's lines: a BOM norm and a map-code row are valid over a range of days, so between two days on which one of a
 * product's (its flattened norms', or its materials' map codes') starts or ends, the product's exports consume the same
 * materials per unit, and can be summed before the norms apply. Whole months come from the kept monthly sums; a
 * partial first or last month of the period, and a month in which some validity of the product changes, from the
 * lines, per day. Every such stretch of days is one demand row (\`export_demand\`: line_id, code, day, quantity), its
 * day any of its own, and the flattened norms are summed per product, material and validity (\`norm_sums\`): numeric
 * sums and products are exact, so the consumption is the one the lines and BOM lines give one by one.
 */
const exportDemandCtes = `
  export_months AS (
    SELECT s.code, s.month, sum(s.total) AS quantity
      FROM ecus_monthly_sums s JOIN rules r ON r.type_code = s.type_code AND r.form = '15a' AND r.column_name = 'exportt'
     WHERE s.company_id = $1 AND s.folder_set_id = $2 AND s.month >= ${firstWholeMonth} AND s.month < ${afterWholeMonths}
       AND (s.type_code NOT IN (SELECT type_code FROM dual_codes) OR (r.form = '15a') = (s.code IN (SELECT code FROM products)))
     GROUP BY s.code, s.month),
  export_edge_days AS (
    SELECT d.code, d.registered_date AS day, sum(d.total) AS quantity FROM declared d
     WHERE d.form = '15a' AND d.column_name = 'exportt' AND (d.registered_date < ${firstWholeMonth} OR d.registered_date >= ${afterWholeMonths})
     GROUP BY d.code, d.registered_date),
  export_codes AS (SELECT code FROM export_months UNION SELECT code FROM export_edge_days),
  -- The norms a product has for one material over the same days (several BOM lines, or paths through different
  -- semi-finished goods) added up before the exports multiply them: exactly what the lines' products add up to.
  norm_sums AS (
    SELECT product_code, material_code, material_unit, valid_from, valid_to, sum(norm) AS norm FROM flat_norms GROUP BY 1, 2, 3, 4, 5),
  -- The first day of each change: a validity starts, or the day after it ends.
  validity_changes AS (
    SELECT f.product_code AS code, v.day FROM norm_sums f CROSS JOIN LATERAL (VALUES (f.valid_from), (f.valid_to + 1)) v (day) WHERE v.day IS NOT NULL
    UNION
    SELECT f.product_code, v.day
      FROM (SELECT DISTINCT product_code, material_code FROM norm_sums) f
      JOIN (SELECT mc.internal_code, mc.valid_from, mc.valid_to FROM code_maps mc WHERE ${visible('mc')}) m ON m.internal_code = f.material_code
      CROSS JOIN LATERAL (VALUES (m.valid_from), (m.valid_to + 1)) v (day) WHERE v.day IS NOT NULL),
  split_months AS (
    SELECT m.code, m.month FROM export_months m
     WHERE EXISTS (SELECT 1 FROM validity_changes v WHERE v.code = m.code AND v.day > m.month AND v.day < (m.month + interval '1 month')::date)),
  export_stretches AS (
    SELECT m.code, m.month AS day, m.quantity FROM export_months m
     WHERE NOT EXISTS (SELECT 1 FROM split_months x WHERE x.code = m.code AND x.month = m.month)
    UNION ALL
    SELECT code, day, quantity FROM export_edge_days
    UNION ALL
    -- Bounded by the first and last split month, so that without one no line is read.
    SELECT d.code, d.registered_date, sum(d.total) FROM declared d
     WHERE d.form = '15a' AND d.column_name = 'exportt'
       AND d.registered_date >= (SELECT min(month) FROM split_months) AND d.registered_date < (SELECT (max(month) + interval '1 month')::date FROM split_months)
       AND (d.code, date_trunc('month', d.registered_date)::date) IN (SELECT code, month FROM split_months)
     GROUP BY d.code, d.registered_date),
  -- Each stretch numbered by the changes of its product on or before its first day: one number per run of days.
  export_runs AS (
    SELECT code, day, quantity, change, count(*) FILTER (WHERE change) OVER (PARTITION BY code ORDER BY day, change DESC) AS run
      FROM (SELECT code, day, quantity, false AS change FROM export_stretches
            UNION ALL
            SELECT code, day, NULL, true FROM validity_changes) s),
  export_demand AS (
    SELECT NULL::int AS line_id, code, min(day) AS day, sum(quantity) AS quantity FROM export_runs WHERE NOT change GROUP BY code, run)`;

/**
 * The check statement (domain §6) per material code, $7 = '15', $8 the tolerance in percent, $9 the C/O forms'
 * schedules, $10 the import type codes exempt under the regime: the warehouse's issues to production against the theoretical consumption (exports × BOM norms
 * flattened, valid on each export's day), the book closing against the physical count at the period end and against
 * the warehouse and accounting in-out balances, the stored review, and the duty at stake:
 *
 *   duty_exposure = exposure_quantity × max(0, unit customs value × tariff rate − duty paid per unit), of the latest
 *                   import line: the duty the tariff gives less the duty paid, on the taxable value, so that an exempt
 *                   line (0 % declared) exposes the duty a refused exemption would cost
 *   exposure_quantity = max(0, issued − theoretical, book closing − counted) while the row is open
 *
 * The customs value is the latest line's as declared or derived from its invoice (customs-value.ts); the rows whose
 * exposure used a derived value, and those whose exposure cannot be computed for want of any (null), are counted.
 */
export const checkStatementQuery = `WITH RECURSIVE ${statementRowsCte},
  ${exportDemandCtes}, ${tariffYearsCte},
  ${flattenBomCte({ demand: 'export_demand', products: 'export_codes', visible, summedNorms: true })},
  consumption AS (
    SELECT coalesce(m.code, f.material_code) AS code, coalesce(m.unit, f.material_unit) AS unit, sum(d.quantity * f.norm * coalesce(m.factor, 1)) AS quantity
      FROM export_demand d
      JOIN norm_sums f ON f.product_code = d.code AND (f.valid_from IS NULL OR f.valid_from <= d.day) AND (f.valid_to IS NULL OR f.valid_to >= d.day)
      ${mapped('f', 'd.day', 'f.material_code')} GROUP BY 1, 2),
  theoretical AS (${inRowUnit('bom', 'consumption')}),
  count_day AS (SELECT max(w.inventory_date) AS day FROM warehouse_counts w WHERE ${visible('w')} AND w.inventory_date <= $4),
  -- The count in the row's unit; a count in another unit is listed as a problem and never subtracted from the books.
  counted_units AS (
    SELECT coalesce(m.code, w.code) AS code, coalesce(m.unit, w.unit) AS unit, sum(w.inventory_quantity * coalesce(m.factor, 1)) AS quantity
      FROM warehouse_counts w ${mapped('w', 'coalesce(w.inventory_date, $4)')}
     WHERE ${visible('w')} AND w.inventory_date IS NOT DISTINCT FROM (SELECT day FROM count_day)
     GROUP BY 1, 2),
  physical AS (${inRowUnit('wh-counting', 'counted_units')}),
  warehouse_book AS (SELECT w.code, sum(w.end_quantity) AS quantity FROM warehouse_iob w WHERE ${visible('w')} AND w.item_type = 'material' GROUP BY 1),
  accounting_book AS (SELECT a.code, sum(a.end_quantity) AS quantity FROM accounting_iob a WHERE ${visible('a')} AND a.item_type = 'material' GROUP BY 1),
  -- Each code's latest import line (by day, then id), which the declared sums keep: looked up by its id, not found
  -- among the lines of the last days.
  last_import_line AS (
    SELECT e.code, e.total, e.registered_date, e.hs, e.co_form, e.from_country, e.type_code, e.tax_rate, e.tax_cost, e.exemption_code, ${valueColumns('e')}
      FROM ecus_lines e
     WHERE e.id IN (
       SELECT ${latestLine('d.last_day', 'd.last_line')}
         FROM declared_sums d JOIN rules r ON r.type_code = d.type_code AND r.form = '15' AND r.column_name = 'take_in'
        WHERE d.type_code NOT IN (SELECT type_code FROM dual_codes) OR (r.form = '15a') = (d.code IN (SELECT code FROM products))
        GROUP BY d.code)),
  -- A unit's value and the duty the tariff gives it (the lowest rate its C/O form claims, else MFN; the declared rate
  -- when the tariff does not know the code), and the duty its line paid per unit ($10 the type codes exempt under the
  -- regime): what a shortfall exposes is the difference, never the declared rate of an exempt line (0 %).
  last_import AS (
    SELECT li.code, li.total_value / nullif(li.total, 0) AS unit_value, li.value_source, li.tax_rate,
           coalesce((SELECT min(p) FROM unnest(pref.percents) p), mfn.percent, li.tax_rate) AS tariff_rate,
           ${dutyPaid('li', '$10')} / nullif(li.total, 0) AS unit_duty_paid
      FROM (SELECT l.*, ${tariffYearOf('l.registered_date')} AS tariff_year, left(l.hs, 8) AS line_id, ${declaredForm('l.co_form')} AS co_form_key
              FROM last_import_line l) li
      LEFT JOIN lookup_tariff_rate mfn ON mfn.year = li.tariff_year AND mfn.line_id = li.line_id AND mfn.schedule = 'MFN'
      LEFT JOIN ${preferentialRates({ year: 'li.tariff_year', lineId: 'li.line_id', form: 'li.co_form_key', country: 'li.from_country' }, '$9')} pref ON li.co_form_key IS NOT NULL),
  reviewed AS (SELECT code, status, explanation FROM check_statement_notes WHERE company_id = $1 AND folder_set_id = $2),
  compared AS (
    SELECT k.code, coalesce(s.name, bn.material_name) AS name, coalesce(s.unit, bn.material_unit) AS unit,
           coalesce(s.export_to_produce, 0) AS issued, coalesce(t.quantity, 0) AS theoretical,
           coalesce(s.closing, 0) AS book_end, p.quantity AS counted, wb.quantity AS warehouse_end, ab.quantity AS accounting_end,
           li.unit_value, li.value_source, li.tax_rate, li.tariff_rate, li.unit_duty_paid, r.status AS reviewed_status, r.explanation,
           coalesce(s.unit_problems, '{}') || coalesce(t.unit_problems, '{}') || coalesce(p.unit_problems, '{}') AS unit_problems
      FROM (SELECT code FROM closed UNION SELECT code FROM theoretical) k
      LEFT JOIN closed s ON s.code = k.code
      LEFT JOIN theoretical t ON t.code = k.code
      LEFT JOIN physical p ON p.code = k.code
      LEFT JOIN warehouse_book wb ON wb.code = k.code
      LEFT JOIN accounting_book ab ON ab.code = k.code
      LEFT JOIN last_import li ON li.code = k.code
      LEFT JOIN reviewed r ON r.code = k.code
      LEFT JOIN LATERAL (SELECT b.material_name, b.material_unit FROM bom_lines b WHERE ${visible('b')} AND b.material_code = k.code LIMIT 1) bn ON true),
  judged AS (
    SELECT *, issued - theoretical AS difference, counted - book_end AS count_difference,
           coalesce(reviewed_status,
             CASE WHEN abs(issued - theoretical) <= $8::numeric / 100 * greatest(abs(issued), abs(theoretical))
                   AND (counted IS NULL OR abs(counted - book_end) <= $8::numeric / 100 * greatest(abs(counted), abs(book_end)))
                   AND book_end >= 0 AND cardinality(unit_problems) = 0
                  THEN 'ok' ELSE 'open' END) AS status
      FROM compared),
  -- A shortfall of a material whose latest import has no value (nor a quantity to divide it by) puts an unknown duty at
  -- stake: null, counted apart, never the 0 that greatest() would make of it. A material never imported exposes none.
  exposed AS (
    SELECT e.*, CASE WHEN NOT e.duty_unknown THEN round(e.exposure_quantity * greatest(0, e.unit_value * coalesce(e.tariff_rate, 0) / 100 - coalesce(e.unit_duty_paid, 0)), 0) END AS duty_exposure
      FROM (SELECT u.*, u.exposure_quantity > 0 AND u.value_source IS NOT NULL AND u.unit_value IS NULL AS duty_unknown
              FROM (SELECT *, CASE WHEN status = 'open' THEN greatest(0, difference, coalesce(-count_difference, 0)) ELSE 0 END AS exposure_quantity
                      FROM judged) u) e)
  SELECT code, name, unit, ${quantity('issued', 'issued_to_production')}, ${quantity('theoretical', 'theoretical_consumption')},
         ${quantity('difference')}, ${quantity('book_end')}, ${quantity('counted')}, ${quantity('count_difference')},
         ${quantity('warehouse_end')}, ${quantity('accounting_end')}, ${quantity('exposure_quantity')},
         duty_exposure::text AS duty_exposure,
         ${quantity('unit_value', 'import_unit_value')}, value_source, trim_scale(tariff_rate)::text AS duty_rate, status, explanation, unit_problems,
         count(*) OVER ()::int AS total_rows, coalesce(sum(duty_exposure) OVER (), 0)::text AS total_duty_exposure,
         (count(*) FILTER (WHERE status = 'open') OVER ())::int AS open_rows,
         (count(*) FILTER (WHERE duty_unknown) OVER ())::int AS duty_unknown_rows,
         (count(*) FILTER (WHERE exposure_quantity > 0 AND NOT duty_unknown AND value_source = 'derived') OVER ())::int AS derived_value_rows
    FROM exposed ORDER BY status = 'open' DESC, code`;

/**
 * Form 16 (domain §2b): the actual norm of each material in each exported product over the period, as an
 * average norm reconciled to the period's flows (Circular 39 allows it): the BOM's consumption of the exports,
 * scaled per material so that Σ norm × exported quantity equals what the warehouse issued to production.
 *
 *   actual_norm[p][m] = bom_norm[p][m] × issued[m] / Σ_p' (bom_norm[p'][m] × exported[p'])
 *
 * `X` marks a material never imported (bought at home); `KXDĐM` one whose issues are not recorded, so its norm
 * cannot be established; from Circular 121 ($8 the report's generation, `tt121`) `TH` and `SPTN` as the BOM line marks
 * them: material recovered from re-imported products, and their repair or recycling. The exports are the check statement's stretches of days (`exportDemandCtes`), so that the
 * year's export lines are not read.
 */
export const form16Query = `WITH RECURSIVE ${statementRowsCte},
  ${exportDemandCtes},
  ${flattenBomCte({ demand: 'export_demand', products: 'export_codes', visible, summedNorms: true })},
  per_product AS (
    SELECT f.product_code, coalesce(m.code, f.material_code) AS material_code, max(coalesce(m.unit, f.material_unit)) AS material_unit,
           sum(f.quantity * coalesce(m.factor, 1)) AS theoretical
      FROM flat_bom f ${mapped('f', 'f.day', 'f.material_code')} GROUP BY 1, 2),
  output AS (SELECT code, sum(quantity) AS quantity FROM export_demand GROUP BY code),
  material_total AS (SELECT material_code, sum(theoretical) AS theoretical FROM per_product GROUP BY 1),
  -- Codes imported or opened, and the exported products' names and units, from the sums Statement 15 is built from.
  imported_codes AS (SELECT code FROM summed WHERE (source = 'ecus' AND column_name = 'take_in') OR column_name = 'begin'),
  product_names AS (
    SELECT d.code, max(d.name) AS name, max(d.unit) AS unit
      FROM declared_sums d JOIN rules r ON r.type_code = d.type_code AND r.form = '15a' AND r.column_name = 'exportt'
     WHERE d.type_code NOT IN (SELECT type_code FROM dual_codes) OR (r.form = '15a') = (d.code IN (SELECT code FROM products))
     GROUP BY d.code),
  normed AS (
    SELECT p.product_code, pn.name AS product_name, pn.unit AS product_unit, p.material_code,
           -- A material without a statement row (bought at home) is named by its BOM lines, looked up only for it: reading
           -- every BOM line's name took 98 ms over 500,000 lines.
           coalesce(s.name, (SELECT max(b.material_name) FROM bom_lines b WHERE ${visible('b')} AND b.material_code = p.material_code)) AS material_name, coalesce(s.unit, p.material_unit) AS material_unit,
           p.theoretical / o.quantity AS bom_norm,
           CASE WHEN s.export_to_produce > 0 THEN p.theoretical / o.quantity * s.export_to_produce / nullif(t.theoretical, 0) END AS actual_norm,
           CASE WHEN $8 = 'tt121' AND bm.mark IS NOT NULL THEN bm.mark
                WHEN p.material_code NOT IN (SELECT code FROM imported_codes) THEN 'X'
                WHEN coalesce(s.export_to_produce, 0) = 0 THEN 'KXDĐM' END AS note
      FROM per_product p
      JOIN output o ON o.code = p.product_code AND o.quantity > 0
      JOIN material_total t ON t.material_code = p.material_code
      LEFT JOIN closed s ON s.code = p.material_code
      LEFT JOIN product_names pn ON pn.code = p.product_code
      -- Circular 121's marks the BOM gives a material of a product: recovered from, or repairing, re-imported products
      -- (the marked lines have an index of their own, migration 0057).
      LEFT JOIN LATERAL (
        SELECT upper(trim(b.note)) AS mark FROM bom_lines b
         WHERE ${visible('b')} AND b.code = p.product_code AND b.material_code = p.material_code AND upper(trim(b.note)) IN ('TH', 'SPTN')
         LIMIT 1) bm ON true)
  SELECT product_code, product_name, product_unit, material_code, material_name, material_unit,
         ${quantity('actual_norm')}, ${quantity('bom_norm')},
         trim_scale(round((actual_norm / nullif(bom_norm, 0) - 1) * 100, 2))::text AS deviation_percent, note
    FROM normed ORDER BY product_code, material_code`;

/**
 * What a BOM gets wrong before it drives a report ($1 company, $2 folder set): exact and conflicting
 * duplicates, zero or negative norms, cycles, materials never imported nor opened, and material units
 * that differ from the unit declared on the latest import.
 */
const bomScope = `bom AS (SELECT b.* FROM bom_lines b WHERE ${visible('b')})`;

export const bomDuplicatesQuery = `WITH ${bomScope}
  SELECT code, material_code, valid_from::text, valid_to::text, array_agg(id ORDER BY id) AS ids,
         count(DISTINCT (bom_value, coalesce(loss_rate, 0), upper(coalesce(material_unit, '')))) = 1 AS identical
    FROM bom GROUP BY code, material_code, valid_from, valid_to HAVING count(*) > 1 ORDER BY code, material_code`;

export const bomZeroNormsQuery = `WITH ${bomScope}
  SELECT id, code, material_code, bom_value::text FROM bom WHERE bom_value <= 0 ORDER BY code, material_code, id`;

/** Each cycle once, from its least code: a → b → … → a. */
export const bomCyclesQuery = `WITH RECURSIVE ${bomScope},
  paths (start, last, path) AS (
    SELECT code, material_code, ARRAY[code, material_code] FROM bom WHERE code <> material_code
    UNION ALL
    SELECT p.start, b.material_code, p.path || b.material_code
      FROM paths p JOIN bom b ON b.code = p.last
     WHERE cardinality(p.path) < ${maxBomDepth} AND NOT b.material_code = ANY(p.path[2:]))
  SELECT DISTINCT path FROM paths WHERE last = start AND start = (SELECT min(code) FROM unnest(path) code)
  UNION SELECT DISTINCT ARRAY[code, code] FROM bom WHERE code = material_code`;

export const bomNeverImportedQuery = `WITH ${bomScope}
  SELECT DISTINCT b.material_code FROM bom b
   WHERE NOT EXISTS (SELECT 1 FROM bom p WHERE p.code = b.material_code)
     AND upper(coalesce(b.note, '')) <> 'X'
     AND NOT EXISTS (SELECT 1 FROM ecus_lines e WHERE ${visible('e')} AND e.code = b.material_code AND e.account_number LIKE '1%')
     AND NOT EXISTS (SELECT 1 FROM opening_balances o WHERE ${visible('o')} AND o.code = b.material_code)
   ORDER BY 1`;

export const bomUnitMismatchesQuery = `WITH ${bomScope},
  declared_units AS (
    SELECT DISTINCT ON (e.code) e.code, e.unit FROM ecus_lines e
     WHERE ${visible('e')} AND e.account_number LIKE '1%' AND coalesce(e.unit, '') <> ''
     ORDER BY e.code, e.registered_date DESC, e.id DESC)
  SELECT b.code, b.material_code, b.material_unit, d.unit AS declared_unit, array_agg(b.id ORDER BY b.id) AS ids
    FROM bom b JOIN declared_units d ON d.code = b.material_code
   WHERE coalesce(b.material_unit, '') = '' OR upper(trim(b.material_unit)) <> upper(trim(d.unit))
   GROUP BY b.code, b.material_code, b.material_unit, d.unit ORDER BY b.code, b.material_code`;
