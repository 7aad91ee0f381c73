import type { OriginPassChart, StatementCheckChart } from '../../common/reports/schemas.js';
import type { Run } from '../db/run.js';
import type { CheckStatement } from './compute-statements.js';

/** The overview reads the check statement at the report's default tolerance, so both show the same rows. */
export const chartTolerancePercent = 1;

/**
 * The check statement's rows by status with their duty at stake, and the ten open codes of the largest exposure.
 * The statement is one SQL statement (server/statements), computed and kept as a report run; this only counts its
 * rows, so the chart and the report never disagree.
 */
export function statementCheckChart({ rows, derivedValueRows }: CheckStatement): StatementCheckChart {
  const statuses = ['open', 'explained', 'ok'] as const;
  // The rows carry exposure rounded to the dong as text; bigint keeps the sums exact.
  const exposureOf = (value: string | null) => BigInt(value ?? '0');
  return {
    by_status: statuses
      .map((status) => {
        const of = rows.filter((row) => row.status === status);
        return {
          status, rows: of.length, duty_exposure: of.reduce((sum, row) => sum + exposureOf(row.duty_exposure), 0n).toString(),
          // A shortfall without a value to price it has no exposure, which is not an exposure of 0.
          duty_unknown_rows: of.filter((row) => row.duty_exposure === null).length,
        };
      })
      .filter((entry) => entry.rows > 0),
    top_open: rows
      .filter((row) => row.status === 'open' && exposureOf(row.duty_exposure) > 0n)
      .sort((a, b) => Number(exposureOf(b.duty_exposure) - exposureOf(a.duty_exposure)) || a.code.localeCompare(b.code))
      .slice(0, 10)
      .map((row) => ({ code: row.code, name: row.name, duty_exposure: exposureOf(row.duty_exposure).toString() })),
    derived_value_rows: derivedValueRows,
  };
}

/** Pass rate of the saved origin schedules per agreement: a line re-judged and saved again counts by its latest schedule. */
export async function originPassChart(run: Run, scope: { companyId: string; folderSetId: string }): Promise<OriginPassChart> {
  const byAgreement = await run<OriginPassChart['by_agreement'][number]>(
    `SELECT s.option AS agreement, count(*)::int AS schedules, (count(*) FILTER (WHERE s.fulfilled))::int AS fulfilled
       FROM (SELECT DISTINCT ON (ecus_id, option) option, fulfilled FROM origin_schedules
              WHERE company_id = $1 AND folder_set_id = $2 ORDER BY ecus_id, option, created_at DESC, id DESC) s
      GROUP BY s.option ORDER BY s.option`, [scope.companyId, scope.folderSetId]);
  return { by_agreement: byAgreement };
}
