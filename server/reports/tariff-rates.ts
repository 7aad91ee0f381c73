import { agreements, type AgreementCode } from '../../common/agreements.js';
import { tariffSchedules } from '../../common/tariff-schedules.js';

/**
 * How a declaration line reads the tariff loaded in the lookup, for the reports that judge duty against it.
 *
 * The tariff years loaded, as a CTE named `tariff_years` that a query reading `tariffYearOf` includes: one probe of the
 * index a year, where reading them from the lines (DISTINCT over 140,000 lines of eight years) for every declaration
 * line had cost a year of a million lines minutes.
 */
export const tariffYearsCte = `tariff_years AS MATERIALIZED (
    WITH RECURSIVE loaded AS (
      SELECT min(year) AS year FROM lookup_tariff_line
      UNION ALL
      SELECT (SELECT min(t.year) FROM lookup_tariff_line t WHERE t.year > loaded.year) FROM loaded WHERE loaded.year IS NOT NULL)
    SELECT year::int AS year FROM loaded WHERE year IS NOT NULL)`;

/** The year of the tariff a day's declaration is judged by: its own (2017–2023); later days read the current, stored as 2025. */
export const wantedTariffYear = (day: string) => `CASE WHEN extract(year FROM ${day}) BETWEEN 2017 AND 2023 THEN extract(year FROM ${day})::int ELSE 2025 END`;

/** The loaded tariff year that answers a wanted one: it, or the nearest loaded year before it, else the first loaded. */
export const loadedTariffYear = (wanted: string) =>
  `coalesce((SELECT max(y.year) FROM tariff_years y WHERE y.year <= ${wanted}), (SELECT min(y.year) FROM tariff_years y))`;

export const tariffYearOf = (day: string) => loadedTariffYear(wantedTariffYear(day));


/**
 * A lateral join giving `percents` and `schedules`: the rates of the schedules a line's C/O form claims (the forms'
 * schedules are the JSON parameter `forms`), leaving out a schedule that excludes the line's origin country; null
 * when the form claims none.
 */
export const preferentialRates = (line: { year: string; lineId: string; form: string; country: string }, forms: string) => `LATERAL (
        SELECT array_agg(r.percent ORDER BY r.schedule) AS percents, array_agg(r.schedule ORDER BY r.schedule) AS schedules
          FROM lookup_tariff_rate r
         WHERE r.year = ${line.year} AND r.line_id = ${line.lineId} AND r.percent IS NOT NULL
           AND r.schedule IN (SELECT jsonb_array_elements_text(${forms}::jsonb -> ${line.form}))
           AND NOT (coalesce(${line.country}, '') = ANY (r.except_countries)))`;

/**
 * Whether a line is exempt from import duty: it carries an exemption code, or its type code is one the regime exempts
 * (`exemptTypes`, a text[] parameter).
 */
export const exemptLine = (line: string, exemptTypes: string) =>
  `(coalesce(trim(${line}.exemption_code), '') <> '' OR ${line}.type_code = ANY (${exemptTypes}::text[]))`;

/** The duty a line paid: its declared amount; without one, its declared rate on its taxable value, unless it is exempt. */
export const dutyPaid = (line: string, exemptTypes: string) =>
  `coalesce(${line}.tax_cost, CASE WHEN NOT ${exemptLine(line, exemptTypes)} THEN ${line}.tax_rate * ${line}.total_value / 100 END, 0)`;

const formKey = (form: string) => form.toUpperCase().replace(/\s/g, '');

/** The lookup's rate schedules of an agreement: its code, RCEP's one per partner group. */
const ratesOf = (code: AgreementCode) => (code === 'RCEP' ? ['A', 'B', 'C', 'D', 'E', 'F'].map((group) => `RCEP ${group}`) : [code]);

/** C/O forms as declared (upper case, no spaces) → the tariff schedules whose rates they claim; RCEP's by partner group. */
export const coFormSchedules: Record<string, string[]> = {};
for (const agreement of Object.values(agreements)) {
  for (const form of agreement.coForms) (coFormSchedules[formKey(form)] ??= []).push(...ratesOf(agreement.code));
}

/** Every preferential rate schedule of the lookup: a line claiming one needs proof of origin. */
export const preferentialSchedules = Object.values(agreements).flatMap((agreement) => ratesOf(agreement.code));

/**
 * VNACCS tariff schedule codes (common/tariff-schedules.ts) → the lookup's rate schedules they claim; a code whose rates
 * the lookup does not hold maps to none, and is not judged.
 */
export const scheduleRates: Record<string, string[]> = Object.fromEntries(Object.entries(tariffSchedules).map(([code, { claim }]) => [code,
  claim.rates === 'agreement' ? ratesOf(claim.agreement) : claim.rates === 'MFN' || claim.rates === 'ordinary' ? [claim.rates] : []]));

/** Schedule codes of goods that owe no import duty (not subject, processing and export processing at 0%). */
export const freeSchedules = Object.entries(tariffSchedules).filter(([, { claim }]) => claim.rates === 'none').map(([code]) => code);

/**
 * The import type codes whose materials enter free of import duty under each regime, on condition that they are
 * exported or accounted for at finalization (Law 107/2016 art. 16, Decree 134/2016 as amended by Decree 18/2021):
 * SXXK's imports for export production, GC's materials for processing (and those moved from another contract),
 * an export-processing enterprise's materials from abroad and from inland.
 */
export const exemptImportTypes: Readonly<Record<string, readonly string[]>> = { SXXK: ['E31'], GC: ['E21', 'E23'], DNCX: ['E11', 'E15'] };
