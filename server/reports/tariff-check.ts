import type { TariffCheckRow } from '../../common/statements/schemas.js';
import type { Run } from '../db/run.js';
import type { Period } from './compute-statements.js';
import { declaredForm } from '../resources/customs-value.js';
import { tariffKindsOf } from '../resources/declared-tariff-kinds.js';
import { effectiveLine } from '../resources/sum-scope.js';
import { afterWholeMonths, effectiveDeclarationsCte, firstWholeMonth, probedDeclarationsCte } from './statement-sql.js';
import {
  coFormSchedules, dutyPaid, exemptImportTypes, exemptLine, freeSchedules, loadedTariffYear, preferentialRates, preferentialSchedules, scheduleRates,
  tariffYearsCte, wantedTariffYear,
} from './tariff-rates.js';

/**
 * The period's import lines checked against the tariff valid on their date ($1–$4 as the statements, $5 the C/O
 * forms' schedules, $6 the type codes exempt under the company's regime): the tariff year is the declaration's
 * (2017–2023; later dates read the current, stored as 2025), or the nearest loaded year before it, else the first
 * loaded. A line is listed when its 8-digit code is not in that year's tariff, its C/O form names no agreement, it is
 * exempt (an exemption code, or a type code exempt under the regime) while the tariff gives a duty, or its declared
 * duty rate is none the tariff gives: the preferential rate of the C/O form's schedules (a country excluded from a
 * rate gets MFN), else MFN. An exempt line is no rate mismatch, whatever rate it declares: the duty it would owe if the
 * exemption were refused at finalization is its exposure. The duty at risk of a line is the duty the tariff gives on
 * its taxable value less the duty it paid (its declared amount; else its declared rate on that value, none if exempt).
 *
 * A line that names the tariff schedule it was declared under ($7: schedule code → the lookup's schedules of its rates;
 * $8: the codes of no import duty) is judged against that schedule's rate, not its C/O form's or MFN: a B05 line
 * against ACFTA, a B30 line against 0. A schedule whose rates the lookup does not hold (chapter 98, quotas, Laos …)
 * leaves the rate unjudged. A preferential schedule claimed without a C/O form or number on the line is listed as
 * such, its duty at risk the MFN duty less the duty paid: what a refused preference would cost.
 *
 * The customs value is the line's as declared, else derived from its invoice value × exchange rate (customs-value.ts).
 * A line with neither has no duty at risk (null, never 0): listed as it would be, or, when it agrees with a tariff that
 * charges it, as `value_missing`, and counted, so that no total reads as complete.
 */
/** The problems whose row carries a duty at risk, which a line without a value leaves unknown. */
const dutyProblems = `('rate_differs', 'exempt', 'preference_without_co', 'value_missing')`;

/** Disagreements first, then lines that only lack a value, then exempt lines; by day and declaration within each. */
const listOrder = `problem = 'exempt', problem = 'value_missing', registered_date, account_number, row_number, ecus_id::bigint`;

/** The three runs of the listed lines in that order: 0 disagreeing, 1 only a value missing, 2 exempt. */
const listClass = (problem: string) => `CASE ${problem} WHEN 'exempt' THEN 2 WHEN 'value_missing' THEN 1 ELSE 0 END`;

/** The period's import lines (declaration numbers beginning with 1, with an HS code) that `where` keeps, with what their kind is made of. */
const importLines = (where: string) => `
    SELECT e.*, left(e.hs, 8) AS line_id, ${declaredForm('e.co_form')} AS form, ${declaredForm('e.tariff_schedule')} AS schedule_code,
           coalesce(${exemptLine('e', '$6')}, false) AS exempt, ${dutyPaid('e', '$6')} AS duty_paid, ${wantedTariffYear('e.registered_date')} AS wanted_year,
           coalesce(trim(e.co_form), '') <> '' OR coalesce(trim(e.co_number), '') <> '' AS proven
      FROM effective e
     WHERE e.account_number LIKE '1%' AND coalesce(e.hs, '') <> '' AND ${where}`;

/**
 * Judges each kind of line once against the tariff (a CTE `kinds` of wanted year, tariff line, form, schedule, origin,
 * exemption, declared rate or -1 and whether a C/O is shown, never null, so that lines join their kind by hashing):
 * `judged_kinds`, with the kind's problem and the rate its duty at risk is reckoned at.
 */
const judgedKindsCtes = `
  tariff_kinds AS (
    SELECT k.*, nullif(k.declared, -1) AS tax_rate, y.tariff_year, t.id IS NOT NULL AS known, $5::jsonb -> nullif(k.form, '') AS form_schedules,
           mfn.percent AS mfn, pref.percents, pref.schedules,
           coalesce($7::jsonb ? nullif(k.schedule_code, ''), false) AS schedule_known, k.schedule_code = ANY ($8::text[]) AS schedule_free,
           claimed.percents AS claimed_percents, claimed.schedules AS claimed_schedules
      FROM kinds k
     CROSS JOIN LATERAL (SELECT ${loadedTariffYear('k.wanted_year')} AS tariff_year) y
      LEFT JOIN lookup_tariff_line t ON t.year = y.tariff_year AND t.id = k.line_id AND length(k.line_id) = 8
      LEFT JOIN lookup_tariff_rate mfn ON mfn.year = y.tariff_year AND mfn.line_id = k.line_id AND mfn.schedule = 'MFN'
      LEFT JOIN ${preferentialRates({ year: 'y.tariff_year', lineId: 'k.line_id', form: 'k.form', country: 'k.from_country' }, '$5')} pref ON k.form <> ''
      LEFT JOIN ${preferentialRates({ year: 'y.tariff_year', lineId: 'k.line_id', form: 'k.schedule_code', country: 'k.from_country' }, '$7')} claimed ON k.schedule_code <> ''),
  expected AS (
    SELECT j.*,
           CASE WHEN j.schedule_free THEN ARRAY[0::numeric] WHEN j.schedule_known THEN j.claimed_percents
                WHEN j.percents IS NOT NULL THEN j.percents WHEN j.mfn IS NOT NULL THEN ARRAY[j.mfn] END AS rates,
           CASE WHEN j.schedule_free OR (j.schedule_known AND j.claimed_percents IS NULL) THEN ARRAY[nullif(j.schedule_code, '')]
                WHEN j.schedule_known THEN j.claimed_schedules WHEN j.percents IS NOT NULL THEN j.schedules ELSE ARRAY['MFN'] END AS rate_schedules,
           -- A preference claimed by the schedule, with nothing on the line that proves the goods' origin.
           j.schedule_known AND NOT j.schedule_free AND coalesce(j.claimed_schedules, '{}') && $9::text[] AND NOT j.proven AS preference_unproven
      FROM tariff_kinds j),
  -- The rate expected of the line: the one closest to the declared rate; for an exempt line, the lowest, which a
  -- refused exemption would still leave it.
  rated AS (
    SELECT x.*, (SELECT r FROM unnest(x.rates) r ORDER BY abs(r - CASE WHEN x.exempt THEN 0 ELSE coalesce(x.tax_rate, r) END), r LIMIT 1) AS expected_rate
      FROM expected x),
  -- A kind's problem, and the rate its duty at risk is reckoned at. 'value_missing' is the problem of such a kind's lines
  -- that have no value: one that agrees with the tariff still owes a duty on its value, which nothing gives.
  judged_kinds AS MATERIALIZED (
    SELECT x.*,
           CASE WHEN NOT x.known THEN 'unknown_code'
                WHEN x.form <> '' AND x.form_schedules IS NULL THEN 'unknown_co_form'
                WHEN x.exempt THEN CASE WHEN x.expected_rate > 0 THEN 'exempt' END
                WHEN x.tax_rate IS NOT NULL AND x.rates IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM unnest(x.rates) r WHERE abs(r - x.tax_rate) < 0.0005) THEN 'rate_differs'
                WHEN x.preference_unproven THEN 'preference_without_co'
                WHEN coalesce(x.expected_rate, x.tax_rate, 0) > 0 THEN 'value_missing' END AS problem,
           CASE WHEN x.preference_unproven AND x.tax_rate IS NOT NULL AND abs(x.expected_rate - x.tax_rate) < 0.0005 THEN x.mfn ELSE x.expected_rate END AS risk_rate
      FROM rated x)`;

/** Lines (as `importLines` gives them, a FROM item) with their kind's verdict: the problem of a line, and its exact duty at risk. */
const judgedLines = (lines: string) => `
    SELECT i.*, j.tariff_year, j.known, j.rates, j.rate_schedules, j.expected_rate,
           CASE WHEN j.problem <> 'value_missing' THEN j.problem WHEN i.value_source = 'missing' THEN j.problem END AS problem,
           j.risk_rate * i.total_value / 100 - i.duty_paid AS at_risk
      FROM ${lines} i
      JOIN judged_kinds j ON j.wanted_year = i.wanted_year AND j.line_id = i.line_id AND j.form = coalesce(i.form, '')
       AND j.schedule_code = coalesce(i.schedule_code, '') AND j.from_country = coalesce(i.from_country, '')
       AND j.exempt = i.exempt AND j.declared = coalesce(i.tax_rate, -1) AND j.proven = i.proven`;

/** A listed line's row, from a judged line. */
const listedColumns = `ecus_id, account_number, row_number, registered_date, type_code, code, item_name, hs, from_country, co_form, exemption_code,
    tariff_schedule, tariff_year, problem, declared_rate, expected_rate, schedules, total_value, value_source, duty_at_risk`;
const listedRow = `id::text AS ecus_id, account_number, row_number, registered_date::text AS registered_date, type_code, code, item_name, hs,
           from_country, co_form, nullif(trim(exemption_code), '') AS exemption_code, schedule_code AS tariff_schedule,
           CASE WHEN known THEN tariff_year END AS tariff_year, problem, tax_rate::text AS declared_rate,
           CASE WHEN known THEN expected_rate::text END AS expected_rate,
           CASE WHEN known AND rates IS NOT NULL THEN rate_schedules ELSE '{}' END AS schedules, total_value::text AS total_value, value_source,
           CASE WHEN problem IN ('rate_differs', 'exempt', 'preference_without_co') THEN round(at_risk, 0)::text END AS duty_at_risk`;

/**
 * Every listed line of the period, from its lines, with the counts of all of them: the workbook's lines, and what the
 * kept kinds must agree with (tariff-check.test.ts). The sum at risk is rounded once, as the kept kinds' is.
 */
export const tariffCheckQuery = `
  WITH ${effectiveDeclarationsCte}, ${tariffYearsCte},
  imports AS (${importLines('true')}),
  kinds AS MATERIALIZED (
    SELECT DISTINCT wanted_year, line_id, coalesce(form, '') AS form, coalesce(schedule_code, '') AS schedule_code,
           coalesce(from_country, '') AS from_country, exempt, coalesce(tax_rate, -1) AS declared, proven
      FROM imports),
  ${judgedKindsCtes},
  problems AS (${judgedLines('imports')}),
  listed AS (SELECT ${listedRow}, at_risk FROM problems WHERE problem IS NOT NULL),
  summary AS (
    SELECT count(*)::int AS listed_lines,
           (count(*) FILTER (WHERE problem NOT IN ('exempt', 'value_missing')))::int AS disagreeing_lines,
           (count(*) FILTER (WHERE problem = 'exempt'))::int AS exempt_lines,
           round(coalesce(sum(at_risk) FILTER (WHERE problem = 'exempt'), 0), 0)::text AS exempt_duty_at_risk,
           (count(*) FILTER (WHERE value_source = 'missing' AND problem IN ${dutyProblems}))::int AS value_missing_lines
      FROM listed)
  SELECT c.checked_lines, c.derived_value_lines, s.*, p.*
    FROM (SELECT count(*)::int AS checked_lines, (count(*) FILTER (WHERE value_source = 'derived'))::int AS derived_value_lines FROM imports) c
   CROSS JOIN summary s
    LEFT JOIN (SELECT ${listedColumns} FROM listed) AS p ON true
   ORDER BY ${listOrder}`;

/**
 * The period's kinds as the writers keep them (`ecus_tariff_kinds`, server/resources/declared-tariff-kinds.ts): its whole
 * months' kept rows, and the lines of a partial first or last month grouped the same way; `kinds`, the distinct ones
 * the tariff judges; `classed`, each kept row with its verdict and the run of the list its lines are in.
 */
const keptKindsCtes = `
  kept AS (
    SELECT k.month, k.code, ${wantedTariffYear('k.month')} AS wanted_year, k.line_id, k.form, k.schedule AS schedule_code, k.from_country,
           k.exemption OR coalesce(k.type_code = ANY ($6::text[]), false) AS exempt, k.tax_rate AS declared, k.proven, k.value_source,
           k.lines, k.total_value, k.tax_cost, k.unpaid_value
      FROM (SELECT s.month, s.code, s.type_code, s.line_id, s.form, s.schedule, s.from_country, s.exemption, s.tax_rate, s.proven, s.value_source,
                   s.lines, s.total_value, s.tax_cost, s.unpaid_value
              FROM ecus_tariff_kinds s
             WHERE s.company_id = $1 AND s.folder_set_id = $2 AND s.month >= ${firstWholeMonth} AND s.month < ${afterWholeMonths}
            UNION ALL
            SELECT month, code, type_code, line_id, form, schedule, from_country, exemption, tax_rate, proven, value_source, lines, total_value, tax_cost, unpaid_value
              FROM (${tariffKindsOf(`ecus_lines e WHERE e.company_id = $1 AND e.folder_set_id = $2 AND ${effectiveLine('e')}
                AND ((e.registered_date >= $3 AND e.registered_date < ${firstWholeMonth}) OR (e.registered_date >= ${afterWholeMonths} AND e.registered_date <= $4))`)}) p) k),
  kinds AS MATERIALIZED (SELECT DISTINCT wanted_year, line_id, form, schedule_code, from_country, exempt, declared, proven FROM kept),
  ${judgedKindsCtes},
  classed AS MATERIALIZED (
    SELECT x.*, ${listClass('x.problem')} AS class
      FROM (SELECT k.*, j.risk_rate, CASE WHEN j.problem <> 'value_missing' THEN j.problem WHEN k.value_source = 'missing' THEN j.problem END AS problem
              FROM kept k
              JOIN judged_kinds j ON j.wanted_year = k.wanted_year AND j.line_id = k.line_id AND j.form = k.form AND j.schedule_code = k.schedule_code
               AND j.from_country = k.from_country AND j.exempt = k.exempt AND j.declared = k.declared AND j.proven = k.proven) x)`;

export interface TariffCheck {
  /** The listed lines asked for: a page, or every one (the workbook). */
  rows: TariffCheckRow[];
  checkedLines: number; tariffYears: number[];
  /** Every line listed, and of them the ones that disagree with the tariff and the exempt ones with what is at stake. */
  listedLines: number; disagreeingLines: number; exemptLines: number; exemptDutyAtRisk: string;
  /** Listed lines whose duty could not be computed: no customs value, nor an invoice value and exchange rate. */
  valueMissingLines: number;
  /** Checked lines whose customs value was derived from the invoice value × exchange rate. */
  derivedValueLines: number;
}

interface Summary { checked_lines: number; derived_value_lines: number; listed_lines: number; disagreeing_lines: number; exempt_lines: number; exempt_duty_at_risk: string; value_missing_lines: number }

/**
 * The counts of every listed line from the kept kinds, and what a page needs to find its lines: per run of the list
 * (0 disagreeing, 1 value missing, 2 exempt) its lines per month, and the lines of the item codes it lists, whatever
 * their verdict (what reading the run through those codes would read).
 */
const keptSummaryQuery = `
  WITH ${tariffYearsCte}, ${keptKindsCtes},
  -- Each kept row with the lines of its item code over the period (a window, not a join: the planner cannot tell how
  -- few kinds there are, and joined them row by row).
  listed AS (SELECT *, sum(lines) OVER (PARTITION BY code) AS code_total FROM classed),
  run_codes AS (SELECT DISTINCT ON (class, code) class, code_total FROM listed WHERE problem IS NOT NULL ORDER BY class, code)
  SELECT (SELECT coalesce(sum(lines), 0)::int FROM kept) AS checked_lines,
         (SELECT coalesce(sum(lines) FILTER (WHERE value_source = 'derived'), 0)::int FROM kept) AS derived_value_lines,
         coalesce(sum(lines) FILTER (WHERE problem IS NOT NULL), 0)::int AS listed_lines,
         coalesce(sum(lines) FILTER (WHERE problem IS NOT NULL AND class = 0), 0)::int AS disagreeing_lines,
         coalesce(sum(lines) FILTER (WHERE problem IS NOT NULL AND class = 2), 0)::int AS exempt_lines,
         -- The duty paid by an exempt kind's lines is their declared amounts.
         round(coalesce(sum(risk_rate * total_value / 100 - tax_cost) FILTER (WHERE problem = 'exempt' AND value_source <> 'missing'), 0), 0)::text AS exempt_duty_at_risk,
         coalesce(sum(lines) FILTER (WHERE value_source = 'missing' AND problem IN ${dutyProblems}), 0)::int AS value_missing_lines,
         (SELECT coalesce(jsonb_agg(jsonb_build_object('run', class, 'month', month::text, 'lines', lines) ORDER BY class, month), '[]')
            FROM (SELECT class, month, sum(lines)::int AS lines FROM listed WHERE problem IS NOT NULL GROUP BY 1, 2) r) AS months,
         (SELECT coalesce(jsonb_object_agg(class, lines), '{}') FROM (SELECT class, sum(code_total)::bigint AS lines FROM run_codes GROUP BY 1) r) AS code_lines
    FROM listed`;

/**
 * The lines of one run of the list ($10) in a stretch of whole months ($11 up to $12, exclusive), `$13` skipped and `$14`
 * taken, read one of two ways ($15): `code`, the lines of the item codes the run lists there, through the code index;
 * `day`, the lines of the stretch's first days through the day index: the `$16` days the run's density says hold the
 * lines asked for, or with `$16` 0 as many days as do (a recursive walk counting each day's, which reads them twice). A few codes listed in a year are read by code; a run as dense as a
 * year's exempt lines is found in its first days.
 */
const keptPageQuery = `
  WITH RECURSIVE ${probedDeclarationsCte}, ${tariffYearsCte}, ${keptKindsCtes},
  run_codes AS MATERIALIZED (SELECT DISTINCT code FROM classed WHERE class = $10::int AND problem IS NOT NULL AND month >= $11::date AND month < $12::date),
  bounds AS (SELECT greatest($3::date, $11::date) AS first_day, least($4::date, $12::date - 1) AS last_day),
  walk (day, found) AS (
    SELECT first_day, 0::bigint FROM bounds WHERE $15::text = 'day'
    UNION ALL
    SELECT w.day + 1, w.found + (
             SELECT count(*) FROM (${judgedLines(`(${importLines('e.registered_date = w.day')})`)}) d
              WHERE d.problem IS NOT NULL AND ${listClass('d.problem')} = $10::int)
      FROM walk w, bounds b WHERE w.found < $13::int + $14::int AND w.day <= b.last_day),
  read_lines AS (
    ${importLines(`$15::text = 'code' AND e.code = ANY (ARRAY(SELECT code FROM run_codes WHERE code IS NOT NULL))
       AND e.registered_date BETWEEN (SELECT first_day FROM bounds) AND (SELECT last_day FROM bounds)`)}
    UNION ALL
    ${importLines(`$15::text = 'code' AND e.code IS NULL AND EXISTS (SELECT 1 FROM run_codes WHERE code IS NULL)
       AND e.registered_date BETWEEN (SELECT first_day FROM bounds) AND (SELECT last_day FROM bounds)`)}
    UNION ALL
    ${importLines(`$15::text = 'day' AND e.registered_date BETWEEN (SELECT first_day FROM bounds)
       AND CASE WHEN $16::int > 0 THEN least((SELECT first_day FROM bounds) + $16::int - 1, (SELECT last_day FROM bounds))
                ELSE least((SELECT max(day) FROM walk) - 1, (SELECT last_day FROM bounds)) END`)}),
  listed AS (SELECT ${listedRow} FROM (${judgedLines('read_lines')}) j WHERE problem IS NOT NULL AND ${listClass('problem')} = $10::int)
  SELECT * FROM listed ORDER BY ${listOrder} OFFSET $13::int LIMIT $14::int`;

interface KeptSummary extends Summary { months: Array<{ run: number; month: string; lines: number }>; code_lines: Record<string, number> }

/** Where one run's lines of a page are: the run, its months, how many of its lines there come before the page and how many are on it. */
interface RunSlice {
  run: number; from: string; to: string; skip: number; take: number; read: 'code' | 'day';
  /** For a read by day: how many days from the first are read, twice what the first month's density says they need. */
  days: number;
}

/**
 * The runs and months a page's lines are in, from each run's lines per month, and the cheaper way to read each: by item
 * code when the lines of the run's codes are fewer than the days that hold the page would be (at the run's density).
 */
export function pageSlices(summary: Pick<KeptSummary, 'months' | 'code_lines' | 'checked_lines'>, page: { limit: number; offset: number }): RunSlice[] {
  const slices: RunSlice[] = [];
  let runStart = 0;
  for (const run of [0, 1, 2]) {
    const months = summary.months.filter((month) => month.run === run);
    const runLines = months.reduce((sum, month) => sum + month.lines, 0);
    const from = Math.max(page.offset, runStart) - runStart;
    const to = Math.min(page.offset + page.limit, runStart + runLines) - runStart;
    runStart += runLines;
    if (to <= from) continue;
    let before = 0;
    let first: { month: string; before: number } | undefined;
    let last = '';
    for (const month of months) {
      if (!first && before + month.lines > from) first = { month: month.month, before };
      before += month.lines;
      last = month.month;
      if (before >= to) break;
    }
    const skip = from - first!.before;
    const take = to - from;
    const byDay = (skip + take) * Math.max(1, summary.checked_lines / runLines);
    const byCode = summary.code_lines[String(run)] ?? Infinity;
    const end = new Date(`${last}T00:00:00Z`);
    end.setUTCMonth(end.getUTCMonth() + 1);
    const firstMonthLines = months.find((month) => month.month === first!.month)!.lines;
    const days = Math.ceil((2 * (skip + take) * 31) / firstMonthLines);
    slices.push({ run, from: first!.month, to: end.toISOString().slice(0, 10), skip, take, read: byCode <= byDay ? 'code' : 'day', days });
  }
  return slices;
}

/**
 * Judges every import line of the period, in a report's transaction (`inReportTransaction`), and answers the listed
 * ones of `page` with the counts of all of them (a year of millions of lines lists far more than a screen or an answer
 * can carry), from the kinds the writers keep: the lines are read only for the page. Without a page, every listed
 * line, from the lines (the workbook).
 */
export async function computeTariffCheck(run: Run, period: Period, page?: { limit: number; offset: number }): Promise<TariffCheck> {
  // The planner cannot tell how many lines a kind holds, and joins a year's lines to their kinds by sorting them all
  // rather than hashing the few kinds (9 s against 5 s at a million lines): in the report's transaction, it hashes.
  await run('SET LOCAL enable_mergejoin = off');
  const params = [period.companyId, period.id, period.dateStart, period.dateEnd, JSON.stringify(coFormSchedules), exemptImportTypes[period.regime] ?? [],
    JSON.stringify(scheduleRates), freeSchedules, preferentialSchedules];
  let summary: Summary | undefined;
  let rows: TariffCheckRow[];
  if (page) {
    [summary] = await run<KeptSummary>(keptSummaryQuery, params);
    rows = [];
    // A page's lines are joined to their kinds' verdicts by hashing: taking the lines of a day for a handful, the planner
    // joined them row by row to every kind (2,000,000 comparisons for a day of 20,000 lines at ten million, 0.55 s).
    await run('SET LOCAL enable_nestloop = off');
    for (const slice of pageSlices(summary as KeptSummary, page)) {
      const read = (days: number) => run<TariffCheckRow>(keptPageQuery, [...params, slice.run, slice.from, slice.to, slice.skip, slice.take, slice.read, days]);
      let lines = await read(slice.days);
      // The days read held fewer of the run's lines than the page needs: as many days as do.
      if (slice.read === 'day' && lines.length < slice.take) lines = await read(0);
      rows.push(...lines);
    }
  } else {
    const listed = await run<TariffCheckRow & Summary>(tariffCheckQuery, params);
    summary = listed[0];
    rows = listed.filter((row) => row.ecus_id !== null).map(({ checked_lines: _c, derived_value_lines: _d, listed_lines: _l, disagreeing_lines: _g, exempt_lines: _e,
      exempt_duty_at_risk: _x, value_missing_lines: _m, ...row }) => row);
  }
  const years = await run<{ year: number }>('SELECT DISTINCT year::int AS year FROM lookup_tariff_line ORDER BY year');
  return {
    rows,
    checkedLines: summary?.checked_lines ?? 0,
    listedLines: summary?.listed_lines ?? 0,
    disagreeingLines: summary?.disagreeing_lines ?? 0,
    exemptLines: summary?.exempt_lines ?? 0,
    exemptDutyAtRisk: summary?.exempt_duty_at_risk ?? '0',
    valueMissingLines: summary?.value_missing_lines ?? 0,
    derivedValueLines: summary?.derived_value_lines ?? 0,
    tariffYears: years.map((row) => row.year),
  };
}
