import type { TariffCheckRow } from '../../common/statements/schemas.js';
import type { Run } from '../db/run.js';
import type { Period } from './compute-statements.js';
import { effectiveDeclarationsCte } from './statement-sql.js';
import {
  coFormSchedules, declaredForm, dutyPaid, exemptImportTypes, exemptLine, freeSchedules, loadedTariffYear, preferentialRates, preferentialSchedules, scheduleRates,
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

export const tariffCheckQuery = `
  WITH ${effectiveDeclarationsCte}, ${tariffYearsCte},
  imports AS (
    SELECT e.*, left(e.hs, 8) AS line_id, ${declaredForm('e.co_form')} AS form, ${declaredForm('e.tariff_schedule')} AS schedule_code,
           coalesce(${exemptLine('e', '$6')}, false) AS exempt, ${dutyPaid('e', '$6')} AS duty_paid, ${wantedTariffYear('e.registered_date')} AS wanted_year,
           coalesce(trim(e.co_form), '') <> '' OR coalesce(trim(e.co_number), '') <> '' AS proven
      FROM effective e
     WHERE e.account_number LIKE '1%' AND coalesce(e.hs, '') <> ''),
  -- A line's verdict depends only on its code, year, C/O form, schedule, origin, exemption, declared rate and whether it
  -- shows a C/O: each such kind of line (a few thousand in a year of millions of lines) is judged against the tariff
  -- once, and its lines take the verdict by a hash join, adding only what their value decides. The keys are never null,
  -- so that the join can hash them.
  kinds AS MATERIALIZED (
    SELECT DISTINCT wanted_year, line_id, coalesce(form, '') AS form, coalesce(schedule_code, '') AS schedule_code,
           coalesce(from_country, '') AS from_country, exempt, coalesce(tax_rate, -1) AS declared, proven
      FROM imports),
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
      FROM rated x),
  problems AS (
    SELECT i.*, j.tariff_year, j.known, j.rates, j.rate_schedules, j.expected_rate,
           CASE WHEN j.problem <> 'value_missing' THEN j.problem WHEN i.value_source = 'missing' THEN j.problem END AS problem,
           round(j.risk_rate * i.total_value / 100 - i.duty_paid, 0) AS at_risk
      FROM imports i
      JOIN judged_kinds j ON j.wanted_year = i.wanted_year AND j.line_id = i.line_id AND j.form = coalesce(i.form, '')
       AND j.schedule_code = coalesce(i.schedule_code, '') AND j.from_country = coalesce(i.from_country, '')
       AND j.exempt = i.exempt AND j.declared = coalesce(i.tax_rate, -1) AND j.proven = i.proven),
  listed AS (
    SELECT id::text AS ecus_id, account_number, row_number, registered_date::text AS registered_date, type_code, code, item_name, hs,
           from_country, co_form, nullif(trim(exemption_code), '') AS exemption_code, schedule_code AS tariff_schedule,
           CASE WHEN known THEN tariff_year END AS tariff_year, problem, tax_rate::text AS declared_rate,
           CASE WHEN known THEN expected_rate::text END AS expected_rate,
           CASE WHEN known AND rates IS NOT NULL THEN rate_schedules ELSE '{}' END AS schedules, total_value::text AS total_value, value_source,
           CASE WHEN problem IN ('rate_differs', 'exempt', 'preference_without_co') THEN at_risk::text END AS duty_at_risk
      FROM problems WHERE problem IS NOT NULL),
  -- What the summary says of every listed line, whichever page is shown.
  summary AS (
    SELECT count(*)::int AS listed_lines,
           (count(*) FILTER (WHERE problem NOT IN ('exempt', 'value_missing')))::int AS disagreeing_lines,
           (count(*) FILTER (WHERE problem = 'exempt'))::int AS exempt_lines,
           coalesce(sum(duty_at_risk::numeric) FILTER (WHERE problem = 'exempt'), 0)::text AS exempt_duty_at_risk,
           (count(*) FILTER (WHERE value_source = 'missing' AND problem IN ${dutyProblems}))::int AS value_missing_lines
      FROM listed)
  SELECT c.checked_lines, c.derived_value_lines, s.*, p.*
    FROM (SELECT count(*)::int AS checked_lines, (count(*) FILTER (WHERE value_source = 'derived'))::int AS derived_value_lines FROM imports) c
   CROSS JOIN summary s
    LEFT JOIN (SELECT * FROM listed ORDER BY ${listOrder} LIMIT $10 OFFSET $11) AS p ON true
   ORDER BY ${listOrder}`;

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
 * Judges every import line of the period, in a report's transaction (`inReportTransaction`), and answers the listed ones of `page` (every one without it) with the counts
 * of all of them: a year of millions of lines lists far more than a screen or an answer can carry.
 */
export async function computeTariffCheck(run: Run, period: Period, page?: { limit: number; offset: number }): Promise<TariffCheck> {
  // The planner cannot tell how many lines a kind holds, and joins a year's lines to their kinds by sorting them all
  // rather than hashing the few kinds (9 s against 5 s at a million lines): in the report's transaction, it hashes.
  await run('SET LOCAL enable_mergejoin = off');
  const rows = await run<TariffCheckRow & Summary>(tariffCheckQuery,
    [period.companyId, period.id, period.dateStart, period.dateEnd, JSON.stringify(coFormSchedules), exemptImportTypes[period.regime] ?? [],
      JSON.stringify(scheduleRates), freeSchedules, preferentialSchedules, page?.limit ?? null, page?.offset ?? 0]);
  const years = await run<{ year: number }>('SELECT DISTINCT year::int AS year FROM lookup_tariff_line ORDER BY year');
  const summary = rows[0];
  return {
    rows: rows.filter((row) => row.ecus_id !== null).map(({ checked_lines: _c, derived_value_lines: _d, listed_lines: _l, disagreeing_lines: _g, exempt_lines: _e,
      exempt_duty_at_risk: _x, value_missing_lines: _m, ...row }) => row),
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
