import type { ScheduleAnswer, ScheduleHistory, ScheduleRequest } from '../../common/origin/schemas.js';
import type { Database } from '../db/client.js';
import { inTransaction, type Run } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { computeSchedule } from './compute-schedule.js';
import type { DossierContext } from './dossier.js';

type Scope = { companyId: string; folderSetId: string };

/**
 * Saves a schedule, computed anew from the request (the server's figures, never the client's), and claims the
 * quantity of each import line or purchase it cites, so that no other export line can claim it again. Saving the
 * same export line under the same agreement replaces the earlier schedule and its claims.
 */
export async function saveSchedule(database: Database, scope: Scope, request: ScheduleRequest, userId: string): Promise<{ id: number; answer: ScheduleAnswer }> {
  return inTransaction(database, async (run) => {
    await run('DELETE FROM origin_schedules WHERE company_id = $1 AND folder_set_id = $2 AND ecus_id = $3 AND option = $4',
      [scope.companyId, scope.folderSetId, request.id, request.option]);
    const answer = await computeSchedule(run, scope, request);
    const [saved] = await run<{ id: number }>(
      `INSERT INTO origin_schedules (company_id, folder_set_id, ecus_id, option, criteria, price_type, price_value, price_percent, fulfilled, answer, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [scope.companyId, scope.folderSetId, request.id, request.option, request.criteria ?? null, answer.price.type, answer.price.value, answer.price.percent,
        answer.fulfill_criteria, JSON.stringify(answer), userId]);
    const claims = answer.results.flatMap((row) => {
      const source = row.ecus_id !== null ? { source: 'ecus', id: row.ecus_id } : row.purchase_id !== null ? { source: 'purchase', id: row.purchase_id } : null;
      return source ? [{ ...source, quantity: row.claim_quantity }] : [];
    });
    if (claims.length > 0) {
      await run(
        `INSERT INTO origin_claims (schedule_id, source, source_id, quantity)
         SELECT $1, source, source_id, sum(quantity) FROM unnest($2::text[], $3::int[], $4::numeric[]) AS c(source, source_id, quantity) GROUP BY source, source_id`,
        [saved!.id, claims.map((claim) => claim.source), claims.map((claim) => claim.id), claims.map((claim) => claim.quantity)]);
    }
    return { id: saved!.id, answer };
  });
}

/** The saved schedules of a folder set, newest first; of one export line when `ecusId` is given. */
export function listSchedules(run: Run, scope: Scope, ecusId: number | undefined): Promise<ScheduleHistory[]> {
  return run<ScheduleHistory>(
    `SELECT id, ecus_id, option, criteria, price_type, price_value::text, price_percent::text, fulfilled AS fulfill_criteria,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
       FROM origin_schedules WHERE company_id = $1 AND folder_set_id = $2 AND ($3::int IS NULL OR ecus_id = $3)
      ORDER BY created_at DESC, id DESC LIMIT 500`,
    [scope.companyId, scope.folderSetId, ecusId ?? null]);
}

/** Deletes a saved schedule; the quantities it claimed become available again. */
export async function deleteSchedule(run: Run, scope: Scope, id: number): Promise<void> {
  const removed = await run('DELETE FROM origin_schedules WHERE id = $1 AND company_id = $2 AND folder_set_id = $3 RETURNING id', [id, scope.companyId, scope.folderSetId]);
  if (removed.length === 0) throw new AppError('not_found', 'No such saved schedule.');
}

/** Saved schedules with what their documents need beyond the answer: the filer and the export line's invoice. */
export async function loadSavedSchedules(run: Run, scope: Scope, ids: number[]): Promise<Array<{ answer: ScheduleAnswer; context: DossierContext }>> {
  const rows = await run<{ id: number; answer: ScheduleAnswer; day: string; invoice_no: string | null; bill_date: string | null; currency: string | null; name: string; tax_code: string | null; address: string | null }>(
    `SELECT s.id, s.answer, e.registered_date::text AS day, e.invoice_no, e.bill_date::text AS bill_date, e.currency, c.name, c.tax_code, c.address
       FROM origin_schedules s JOIN companies c ON c.id = s.company_id LEFT JOIN ecus_lines e ON e.id = s.ecus_id
      WHERE s.company_id = $1 AND s.folder_set_id = $2 AND s.id = ANY($3::int[])`,
    [scope.companyId, scope.folderSetId, ids]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new AppError('not_found', `No saved schedule ${missing.join(', ')} in this folder set.`);
  return ids.map((id) => {
    const row = byId.get(id)!;
    return {
      answer: row.answer,
      context: { exporter: { name: row.name, taxCode: row.tax_code, address: row.address }, declarationDate: row.day ?? '', invoiceNo: row.invoice_no, invoiceDate: row.bill_date, currency: row.currency },
    };
  });
}
