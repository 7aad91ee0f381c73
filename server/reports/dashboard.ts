import type { Run } from '../db/run.js';
import type { ReportComputations } from './report-runs.js';
import { type CoUtilisationView, type Dashboard } from '../../common/reports/schemas.js';
import { computeCoUtilisation } from './co-utilisation.js';
import { loadPeriod, type Period } from './compute-statements.js';
import { effectiveDeclarationsCte } from './statement-sql.js';

/**
 * Of the lines an aggregate reads (`filter`: those its value sums), how many had their value derived from the invoice
 * value × exchange rate, and how many had none: left out of the value, which is null when no line had one.
 */
const valueLines = (filter = 'true') => `(count(*) FILTER (WHERE (${filter}) AND e.value_source = 'derived'))::int AS derived_lines,
           (count(*) FILTER (WHERE (${filter}) AND e.value_source = 'missing'))::int AS missing_lines`;

/** The SQL of each chart, over $1 company, $2 folder set, $3..$4 period. */
export const dashboardQueries: Record<keyof Dashboard, string> = {
  by_month: `WITH ${effectiveDeclarationsCte}
    SELECT to_char(e.registered_date, 'YYYY-MM') AS month, CASE WHEN e.account_number LIKE '3%' THEN 'export' ELSE 'import' END AS direction,
           e.type_code, count(*)::int AS lines, round(sum(e.total_value))::text AS value, ${valueLines()}
      FROM effective e GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  top_materials: `WITH ${effectiveDeclarationsCte}
    SELECT e.code, max(e.item_name) AS name, round(sum(e.total_value))::text AS value, count(*)::int AS lines, ${valueLines()}
      FROM effective e WHERE e.account_number LIKE '1%' GROUP BY e.code ORDER BY sum(e.total_value) DESC NULLS LAST, e.code LIMIT 10`,
  duty: `WITH ${effectiveDeclarationsCte}
    SELECT to_char(e.registered_date, 'YYYY-MM') AS month, round(coalesce(sum(e.tax_cost), 0))::text AS paid,
           round(sum(e.total_value) FILTER (WHERE coalesce(e.tax_cost, 0) = 0))::text AS exempted_value, ${valueLines('coalesce(e.tax_cost, 0) = 0')}
      FROM effective e WHERE e.account_number LIKE '1%' GROUP BY 1 ORDER BY 1`,
};

/**
 * The overview's charts, each one aggregate statement over the period's declarations as the statements count them
 * (the same effective lines: the latest version of each, cancelled lines out; import declarations start with 1,
 * exports with 3), their values as declared or derived from the invoice (customs-value.ts).
 */
export async function folderSetDashboard(run: Run, period: Period): Promise<Dashboard> {
  const params = [period.companyId, period.id, period.dateStart, period.dateEnd];
  // One after the other: a report run computes in one transaction, whose connection takes one statement at a time.
  return {
    by_month: await run<Dashboard['by_month'][number]>(dashboardQueries.by_month, params),
    top_materials: await run<Dashboard['top_materials'][number]>(dashboardQueries.top_materials, params),
    duty: await run<Dashboard['duty'][number]>(dashboardQueries.duty, params),
  };
}

/** The overview's charts as jobs compute them (server/reports/report-runs.ts): `co-utilisation:supplier` for one view. */
export const dashboardComputations: ReportComputations = {
  'overview': async (run, job) => folderSetDashboard(run, await loadPeriod(run, job.companyId, job.folderSetId)),
  'co-utilisation': async (run, job) => computeCoUtilisation(run, await loadPeriod(run, job.companyId, job.folderSetId), (job.report.split(':')[1] ?? 'agreement') as CoUtilisationView),
};
