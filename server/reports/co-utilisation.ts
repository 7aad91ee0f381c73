import { coFormAgreements, coFormKeySql, partnerSchedules } from '../../common/agreement-partners.js';
import type { CoUtilisation, CoUtilisationView } from '../../common/reports/schemas.js';
import type { Run } from '../db/run.js';
import type { Period } from './compute-statements.js';
import { effectiveDeclarationsCte } from './statement-sql.js';

/**
 * C/O utilisation of a period's imports, grouped by $7 (agreement, supplier or material), in one statement over the
 * same effective lines as the statements ($1–$4). $5: C/O form → the agreements it claims; $6: agreement, schedule
 * and partner country rows.
 *
 * A line whose C/O form names an agreement used it (EUR.1 goes to the agreement its origin belongs to); the form is
 * read as declarations write it (`Form D`, `C/O form E`). A line
 * without one could have claimed the agreements open to its origin: the lowest preferential rate among them on the
 * tariff of the line's date (the year rule of the tariff check; a rate that excludes the origin does not count)
 * is what an unused C/O would have given, and (MFN − that rate) × customs value is the duty it would have saved;
 * among agreements at that rate, the one closest to the origin (`partnerSchedules`' rank: ATIGA for Thailand).
 * The line is counted under that agreement; with no agreement below MFN, under none.
 *
 * The values are the lines' customs values as declared or derived from the invoice (customs-value.ts); a line with
 * neither is counted in its group's lines and `missing_lines` and left out of its values and saving, never read as 0.
 */
export const coUtilisationQuery = `
  WITH ${effectiveDeclarationsCte},
  years AS (SELECT DISTINCT year::int AS year FROM lookup_tariff_line),
  eligible AS (SELECT * FROM jsonb_to_recordset($6::jsonb) AS x(agreement text, schedule text, country text, rank int)),
  imports AS (
    SELECT e.code, e.item_name, e.total_value AS value, e.value_source, upper(nullif(trim(e.from_country), '')) AS country,
           nullif(trim(l.partner), '') AS partner, coalesce(left(e.hs, 8), '') AS line_key, coalesce(e.co_form, '') AS co_form,
           coalesce(extract(year FROM e.registered_date)::int, 0) AS registered_year
      FROM effective e JOIN ecus_lines l ON l.id = e.id
     WHERE left(e.account_number, 1) = '1'),
  -- What a line's C/O and rates give depends only on its tariff line, origin, C/O form and year: judged once for each
  -- such combination (thousands in a year of millions of lines), not once a line (26 s at a million lines).
  combinations AS (
    SELECT k.*, $5::jsonb -> ${coFormKeySql('k.co_form')} AS form_agreements,
           (SELECT coalesce(max(y.year) FILTER (WHERE y.year <= CASE WHEN k.registered_year BETWEEN 2017 AND 2023 THEN k.registered_year ELSE 2025 END), min(y.year))
              FROM years y) AS tariff_year
      FROM (SELECT DISTINCT line_key, coalesce(country, '') AS country_key, co_form, registered_year FROM imports) k),
  claimed AS (
    SELECT c.*, (SELECT f.agreement FROM jsonb_array_elements_text(c.form_agreements) WITH ORDINALITY AS f(agreement, n)
                  ORDER BY EXISTS (SELECT 1 FROM eligible g WHERE g.agreement = f.agreement AND g.country = c.country_key) DESC, f.n LIMIT 1) AS co_agreement
      FROM combinations c),
  -- Materialised: inlined, the planner evaluated the choice of a C/O's agreement again for every line it joined to.
  judged AS MATERIALIZED (
    SELECT c.*, mfn.percent AS mfn, best.agreement AS best_agreement, best.percent AS best_percent
      FROM claimed c
      LEFT JOIN lookup_tariff_rate mfn ON mfn.year = c.tariff_year AND mfn.line_id = c.line_key AND mfn.schedule = 'MFN'
      LEFT JOIN LATERAL (
        SELECT g.agreement, r.percent
          FROM eligible g JOIN lookup_tariff_rate r ON r.year = c.tariff_year AND r.line_id = c.line_key AND r.schedule = g.schedule
         WHERE g.country = c.country_key AND r.percent IS NOT NULL AND NOT (c.country_key = ANY (r.except_countries))
         ORDER BY r.percent, g.rank LIMIT 1) best ON c.co_agreement IS NULL),
  counted AS (
    SELECT i.*, j.co_agreement IS NOT NULL AS with_co,
           coalesce(j.co_agreement, CASE WHEN j.best_percent < j.mfn THEN j.best_agreement END) AS agreement,
           CASE WHEN j.co_agreement IS NULL AND j.best_percent < j.mfn THEN (j.mfn - j.best_percent) * i.value / 100 ELSE 0 END AS saving
      FROM imports i
      JOIN judged j ON j.line_key = i.line_key AND j.country_key = coalesce(i.country, '') AND j.co_form = i.co_form AND j.registered_year = i.registered_year),
  keyed AS (
    SELECT c.*, CASE $7::text WHEN 'agreement' THEN c.agreement WHEN 'supplier' THEN c.partner ELSE c.code END AS group_key,
           CASE WHEN $7::text = 'supplier' THEN c.country END AS group_country
      FROM counted c),
  grouped AS (
    SELECT group_key AS key, coalesce(group_country, CASE WHEN $7::text = 'material' THEN max(item_name) END) AS label,
           count(*)::int AS lines, (count(*) FILTER (WHERE value_source = 'derived'))::int AS derived_lines,
           (count(*) FILTER (WHERE value_source = 'missing'))::int AS missing_lines, sum(value) AS value, sum(value) FILTER (WHERE with_co) AS with_co_value,
           sum(value) FILTER (WHERE NOT with_co) AS without_co_value, sum(saving) AS saving
      FROM keyed
     GROUP BY group_key, group_country)
  SELECT key, label, lines, derived_lines, missing_lines, round(coalesce(value, 0))::text AS value, round(coalesce(with_co_value, 0))::text AS with_co_value,
         round(coalesce(without_co_value, 0))::text AS without_co_value, round(coalesce(saving, 0))::text AS saving,
         (sum(lines) OVER ())::int AS total_lines, (sum(derived_lines) OVER ())::int AS total_derived_lines,
         (sum(missing_lines) OVER ())::int AS total_missing_lines, round(coalesce(sum(value) OVER (), 0))::text AS total_value,
         round(coalesce(sum(with_co_value) OVER (), 0))::text AS total_with_co_value,
         round(coalesce(sum(without_co_value) OVER (), 0))::text AS total_without_co_value, round(coalesce(sum(saving) OVER (), 0))::text AS total_saving
    FROM grouped
   -- Qualified: the bare names would sort the rounded text outputs.
   ORDER BY grouped.saving DESC NULLS LAST, grouped.value DESC NULLS LAST, grouped.key NULLS LAST, grouped.label NULLS LAST`;

type SqlRow = CoUtilisation['rows'][number] & {
  total_lines: number; total_derived_lines: number; total_missing_lines: number; total_value: string; total_with_co_value: string; total_without_co_value: string; total_saving: string;
};

export async function computeCoUtilisation(run: Run, period: Period, view: CoUtilisationView): Promise<CoUtilisation> {
  const rows = await run<SqlRow>(coUtilisationQuery,
    [period.companyId, period.id, period.dateStart, period.dateEnd, JSON.stringify(coFormAgreements), JSON.stringify(partnerSchedules), view]);
  const first = rows[0];
  return {
    view,
    rows: rows.map(({ key, label, lines, derived_lines, missing_lines, value, with_co_value, without_co_value, saving }) => ({ key, label, lines, derived_lines, missing_lines, value, with_co_value, without_co_value, saving })),
    totals: {
      lines: first?.total_lines ?? 0, derived_lines: first?.total_derived_lines ?? 0, missing_lines: first?.total_missing_lines ?? 0, value: first?.total_value ?? '0', with_co_value: first?.total_with_co_value ?? '0',
      without_co_value: first?.total_without_co_value ?? '0', saving: first?.total_saving ?? '0',
    },
  };
}
