import type { TariffCheckRow } from '../../common/statements/schemas.js';
import type { Run } from '../db/run.js';
import type { Period } from './compute-statements.js';
import { effectiveDeclarationsCte } from './statement-sql.js';
import { coFormSchedules, declaredForm, freeSchedules, preferentialSchedules, scheduleRates, dutyPaid, exemptImportTypes, exemptLine, preferentialRates, tariffYearOf } from './tariff-rates.js';

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

export const tariffCheckQuery = `
  WITH ${effectiveDeclarationsCte},
  imports AS (
    SELECT e.*, left(e.hs, 8) AS line_id, ${declaredForm('e.co_form')} AS form, ${declaredForm('e.tariff_schedule')} AS schedule_code,
           ${exemptLine('e', '$6')} AS exempt, ${dutyPaid('e', '$6')} AS duty_paid,
           ${tariffYearOf('e.registered_date')} AS tariff_year
      FROM effective e
     WHERE left(e.account_number, 1) = '1' AND coalesce(e.hs, '') <> ''),
  judged AS (
    SELECT i.*, t.id IS NOT NULL AS known, $5::jsonb -> i.form AS form_schedules, mfn.percent AS mfn, pref.percents, pref.schedules,
           coalesce($7::jsonb ? i.schedule_code, false) AS schedule_known, i.schedule_code = ANY ($8::text[]) AS schedule_free,
           claimed.percents AS claimed_percents, claimed.schedules AS claimed_schedules
      FROM imports i
      LEFT JOIN lookup_tariff_line t ON t.year = i.tariff_year AND t.id = i.line_id AND length(i.line_id) = 8
      LEFT JOIN lookup_tariff_rate mfn ON mfn.year = i.tariff_year AND mfn.line_id = i.line_id AND mfn.schedule = 'MFN'
      LEFT JOIN ${preferentialRates({ year: 'i.tariff_year', lineId: 'i.line_id', form: 'i.form', country: 'i.from_country' }, '$5')} pref ON i.form IS NOT NULL
      LEFT JOIN ${preferentialRates({ year: 'i.tariff_year', lineId: 'i.line_id', form: 'i.schedule_code', country: 'i.from_country' }, '$7')} claimed ON i.schedule_code IS NOT NULL),
  expected AS (
    SELECT j.*,
           CASE WHEN j.schedule_free THEN ARRAY[0::numeric] WHEN j.schedule_known THEN j.claimed_percents
                WHEN j.percents IS NOT NULL THEN j.percents WHEN j.mfn IS NOT NULL THEN ARRAY[j.mfn] END AS rates,
           CASE WHEN j.schedule_free OR (j.schedule_known AND j.claimed_percents IS NULL) THEN ARRAY[j.schedule_code]
                WHEN j.schedule_known THEN j.claimed_schedules WHEN j.percents IS NOT NULL THEN j.schedules ELSE ARRAY['MFN'] END AS rate_schedules,
           -- A preference claimed by the schedule, with nothing on the line that proves the goods' origin.
           j.schedule_known AND NOT j.schedule_free AND coalesce(j.claimed_schedules, '{}') && $9::text[]
             AND coalesce(trim(j.co_form), '') = '' AND coalesce(trim(j.co_number), '') = '' AS preference_unproven
      FROM judged j),
  -- The rate expected of the line: the one closest to the declared rate; for an exempt line, the lowest, which a
  -- refused exemption would still leave it.
  rated AS (
    SELECT x.*, (SELECT r FROM unnest(x.rates) r ORDER BY abs(r - CASE WHEN x.exempt THEN 0 ELSE coalesce(x.tax_rate, r) END), r LIMIT 1) AS expected_rate
      FROM expected x),
  problems AS (
    SELECT x.*,
           CASE WHEN NOT x.known THEN 'unknown_code'
                WHEN x.form IS NOT NULL AND x.form_schedules IS NULL THEN 'unknown_co_form'
                WHEN x.exempt THEN CASE WHEN x.expected_rate > 0 THEN 'exempt' END
                WHEN x.tax_rate IS NOT NULL AND x.rates IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM unnest(x.rates) r WHERE abs(r - x.tax_rate) < 0.0005) THEN 'rate_differs'
                WHEN x.preference_unproven THEN 'preference_without_co'
                -- A line that agrees with the tariff still owes a duty on its value, which nothing gives.
                WHEN x.value_source = 'missing' AND coalesce(x.expected_rate, x.tax_rate, 0) > 0 THEN 'value_missing' END AS problem,
           round(CASE WHEN x.preference_unproven AND x.tax_rate IS NOT NULL AND abs(x.expected_rate - x.tax_rate) < 0.0005 THEN x.mfn ELSE x.expected_rate END
                 * x.total_value / 100 - x.duty_paid, 0) AS at_risk
      FROM rated x)
  SELECT c.checked_lines, c.derived_value_lines, p.*
    FROM (SELECT count(*)::int AS checked_lines, (count(*) FILTER (WHERE value_source = 'derived'))::int AS derived_value_lines FROM imports) c
    LEFT JOIN (
      SELECT id::text AS ecus_id, account_number, row_number, registered_date::text AS registered_date, type_code, code, item_name, hs,
             from_country, co_form, nullif(trim(exemption_code), '') AS exemption_code, schedule_code AS tariff_schedule,
             CASE WHEN known THEN tariff_year END AS tariff_year, problem, tax_rate::text AS declared_rate,
             CASE WHEN known THEN expected_rate::text END AS expected_rate,
             CASE WHEN known AND rates IS NOT NULL THEN rate_schedules ELSE '{}' END AS schedules, total_value::text AS total_value, value_source,
             CASE WHEN problem IN ('rate_differs', 'exempt', 'preference_without_co') THEN at_risk::text END AS duty_at_risk,
             (count(*) FILTER (WHERE value_source = 'missing' AND problem IN ${dutyProblems}) OVER ())::int AS value_missing_lines
        FROM problems WHERE problem IS NOT NULL) AS p ON true
   ORDER BY p.problem = 'exempt', p.problem = 'value_missing', p.registered_date, p.account_number, p.row_number`;

export interface TariffCheck {
  rows: TariffCheckRow[]; checkedLines: number; tariffYears: number[];
  /** Listed lines whose duty could not be computed: no customs value, nor an invoice value and exchange rate. */
  valueMissingLines: number;
  /** Checked lines whose customs value was derived from the invoice value × exchange rate. */
  derivedValueLines: number;
}

type SqlRow = TariffCheckRow & { checked_lines: number; derived_value_lines: number; value_missing_lines: number | null };

export async function computeTariffCheck(run: Run, period: Period): Promise<TariffCheck> {
  const rows = await run<SqlRow>(tariffCheckQuery,
    [period.companyId, period.id, period.dateStart, period.dateEnd, JSON.stringify(coFormSchedules), exemptImportTypes[period.regime] ?? [],
      JSON.stringify(scheduleRates), freeSchedules, preferentialSchedules]);
  const years = await run<{ year: number }>('SELECT DISTINCT year::int AS year FROM lookup_tariff_line ORDER BY year');
  return {
    rows: rows.filter((row) => row.ecus_id !== null).map(({ checked_lines: _checked, derived_value_lines: _derived, value_missing_lines: _missing, ...row }) => row),
    checkedLines: rows[0]?.checked_lines ?? 0,
    valueMissingLines: rows[0]?.value_missing_lines ?? 0,
    derivedValueLines: rows[0]?.derived_value_lines ?? 0,
    tariffYears: years.map((row) => row.year),
  };
}
