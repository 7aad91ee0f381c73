import { agreements } from '../../common/agreements.js';
import type { TariffCheckRow } from '../../common/statements/schemas.js';
import type { Run } from '../db/run.js';
import type { Period } from './compute-statements.js';
import { effectiveDeclarationsCte } from './statement-sql.js';

const formKey = (form: string) => form.toUpperCase().replace(/\s/g, '');

/** C/O forms as declared (upper case, no spaces) → the tariff schedules whose rates they claim; RCEP's by partner group. */
export const coFormSchedules: Record<string, string[]> = {};
for (const agreement of Object.values(agreements)) {
  const schedules = agreement.code === 'RCEP' ? ['A', 'B', 'C', 'D', 'E', 'F'].map((group) => `RCEP ${group}`) : [agreement.code];
  for (const form of agreement.coForms) (coFormSchedules[formKey(form)] ??= []).push(...schedules);
}

/**
 * The period's import lines checked against the tariff valid on their date ($1–$4 as the statements, $5 the C/O
 * forms' schedules): the tariff year is the declaration's (2017–2023; later dates read the current, stored as
 * 2025), or the nearest loaded year before it, else the first loaded. A line is listed when its 8-digit code is
 * not in that year's tariff, its C/O form names no agreement, or its declared duty rate is none the tariff gives:
 * the preferential rate of the C/O form's schedules (a country excluded from a rate gets MFN), else MFN.
 */
export const tariffCheckQuery = `
  WITH ${effectiveDeclarationsCte},
  years AS (SELECT DISTINCT year::int AS year FROM lookup_tariff_line),
  imports AS (
    SELECT e.*, left(e.hs, 8) AS line_id, upper(replace(nullif(trim(e.co_form), ''), ' ', '')) AS form,
           coalesce(
             (SELECT max(y.year) FROM years y WHERE y.year <= CASE WHEN extract(year FROM e.registered_date) BETWEEN 2017 AND 2023
                                                                  THEN extract(year FROM e.registered_date)::int ELSE 2025 END),
             (SELECT min(y.year) FROM years y)) AS tariff_year
      FROM effective e
     WHERE left(e.account_number, 1) = '1' AND coalesce(e.hs, '') <> ''),
  judged AS (
    SELECT i.*, t.id IS NOT NULL AS known, $5::jsonb -> i.form AS form_schedules, mfn.percent AS mfn, pref.percents, pref.schedules
      FROM imports i
      LEFT JOIN lookup_tariff_line t ON t.year = i.tariff_year AND t.id = i.line_id AND length(i.line_id) = 8
      LEFT JOIN lookup_tariff_rate mfn ON mfn.year = i.tariff_year AND mfn.line_id = i.line_id AND mfn.schedule = 'MFN'
      LEFT JOIN LATERAL (
        SELECT array_agg(r.percent ORDER BY r.schedule) AS percents, array_agg(r.schedule ORDER BY r.schedule) AS schedules
          FROM lookup_tariff_rate r
         WHERE r.year = i.tariff_year AND r.line_id = i.line_id AND r.percent IS NOT NULL
           AND r.schedule IN (SELECT jsonb_array_elements_text($5::jsonb -> i.form))
           AND NOT (coalesce(i.from_country, '') = ANY (r.except_countries))) pref ON i.form IS NOT NULL),
  expected AS (
    SELECT j.*,
           CASE WHEN j.percents IS NOT NULL THEN j.percents WHEN j.mfn IS NOT NULL THEN ARRAY[j.mfn] END AS rates,
           CASE WHEN j.percents IS NOT NULL THEN j.schedules ELSE ARRAY['MFN'] END AS rate_schedules
      FROM judged j),
  problems AS (
    SELECT x.*,
           CASE WHEN NOT x.known THEN 'unknown_code'
                WHEN x.form IS NOT NULL AND x.form_schedules IS NULL THEN 'unknown_co_form'
                WHEN x.tax_rate IS NOT NULL AND x.rates IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM unnest(x.rates) r WHERE abs(r - x.tax_rate) < 0.0005) THEN 'rate_differs' END AS problem,
           (SELECT r FROM unnest(x.rates) r ORDER BY abs(r - coalesce(x.tax_rate, r)) LIMIT 1) AS expected_rate
      FROM expected x)
  SELECT (SELECT count(*)::int FROM imports) AS checked_lines, p.*
    FROM (SELECT 1) AS one
    LEFT JOIN (
      SELECT id::text AS ecus_id, account_number, row_number, registered_date::text AS registered_date, code, item_name, hs, from_country, co_form,
             CASE WHEN known THEN tariff_year END AS tariff_year, problem, tax_rate::text AS declared_rate,
             CASE WHEN known THEN expected_rate::text END AS expected_rate,
             CASE WHEN known AND rates IS NOT NULL THEN rate_schedules ELSE '{}' END AS schedules, total_value::text AS total_value,
             CASE WHEN problem = 'rate_differs' THEN round((tax_rate - expected_rate) * total_value / 100, 2)::text END AS duty_difference
        FROM problems WHERE problem IS NOT NULL) AS p ON true
   ORDER BY p.registered_date, p.account_number, p.row_number`;

export interface TariffCheck { rows: TariffCheckRow[]; checkedLines: number; tariffYears: number[] }

export async function computeTariffCheck(run: Run, period: Period): Promise<TariffCheck> {
  const rows = await run<TariffCheckRow & { checked_lines: number }>(tariffCheckQuery, [period.companyId, period.id, period.dateStart, period.dateEnd, JSON.stringify(coFormSchedules)]);
  const years = await run<{ year: number }>('SELECT DISTINCT year::int AS year FROM lookup_tariff_line ORDER BY year');
  return {
    rows: rows.filter((row) => row.ecus_id !== null).map(({ checked_lines: _checked, ...row }) => row),
    checkedLines: rows[0]?.checked_lines ?? 0,
    tariffYears: years.map((row) => row.year),
  };
}
