import type { PerformManualAnswer, ScheduleRequest } from '../../common/origin/schemas.js';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { computeSchedule } from './compute-schedule.js';

/**
 * The schedule judged on the rows the user set (origin, unit value, quantity per unit, evidence line), beside what
 * the evidence alone gives: the same computation twice, so the manual verdict is judged exactly as any other.
 */
export async function performManual(run: Run, scope: { companyId: string; folderSetId: string }, request: ScheduleRequest): Promise<PerformManualAnswer> {
  if (!request.rows || request.rows.length === 0) {
    throw new AppError('validation_error', 'Set at least one row of the schedule.', { fields: { rows: ['Set at least one row of the schedule.'] } });
  }
  const evidence = await computeSchedule(run, scope, { ...request, rows: [] });
  const manual = await computeSchedule(run, scope, request);
  const before = new Map(evidence.results.map((row) => [row.material_code, row]));
  return {
    ...manual,
    results: manual.results.map((row) => {
      const old = before.get(row.material_code)!;
      return { ...row, old_fta_origin_cost: String(Number(old.has_fta_origin_cost) + Number(old.no_fta_origin_cost)) };
    }),
    count: manual.results.filter((row) => row.manual === true).length,
    old_fta_origin_cost: evidence.sum_of_no_fta_origin_cost,
    old_fulfill_criteria: evidence.fulfill_criteria,
  };
}
