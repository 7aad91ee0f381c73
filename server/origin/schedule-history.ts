import { type AgreementCode, agreements } from '../../common/agreements.js';
import { type ScheduleAnswer, type ScheduleHistory, type ScheduleRequest, scheduleRequestSchema, type StockClaim } from '../../common/origin/schemas.js';
import type { Database } from '../db/client.js';
import { inTransaction, type Run, runner } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { computeSchedule } from './compute-schedule.js';
import type { DossierContext } from './dossier.js';
import { claimedStock } from './schedule-sql.js';

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
    const { company_slug: _company, folder_slug: _folder, ...kept } = request;
    // The request is kept inside the saved document so a recalculation repeats it on the data of its day.
    const [saved] = await run<{ id: number }>(
      `INSERT INTO origin_schedules (company_id, folder_set_id, ecus_id, option, criteria, price_type, price_value, price_percent, fulfilled, answer, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [scope.companyId, scope.folderSetId, request.id, request.option, request.criteria ?? null, answer.price.type, answer.price.value, answer.price.percent,
        answer.fulfill_criteria, JSON.stringify({ ...answer, request: kept }), userId]);
    const claims = answer.results.flatMap((row) => {
      const source = row.ecus_id !== null ? { source: 'ecus', id: row.ecus_id } : row.purchase_id !== null ? { source: 'purchase', id: row.purchase_id } : null;
      return source ? [{ ...source, quantity: row.claim_quantity }] : [];
    });
    if (claims.length > 0) {
      await lockStock(run, scope, claims.map((claim) => ({ source: claim.source, source_id: claim.id })));
      await run(
        `INSERT INTO origin_claims (schedule_id, source, source_id, quantity)
         SELECT $1, source, source_id, sum(quantity) FROM unnest($2::text[], $3::int[], $4::numeric[]) AS c(source, source_id, quantity) GROUP BY source, source_id`,
        [saved!.id, claims.map((claim) => claim.source), claims.map((claim) => claim.id), claims.map((claim) => claim.quantity)]);
      await refuseOverClaims(run, scope, saved!.id);
    }
    return { id: saved!.id, answer };
  });
}

/**
 * Locks the import lines and purchases a schedule is about to claim, in id order, so that two schedules claiming the
 * same line one after the other each see the other's claim in their check.
 */
async function lockStock(run: Run, scope: Scope, sources: Array<{ source: string; source_id: number }>): Promise<void> {
  const ids = (source: string) => sources.filter((entry) => entry.source === source).map((entry) => entry.source_id);
  await run('SELECT id FROM ecus_lines WHERE company_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR UPDATE', [scope.companyId, ids('ecus')]);
  await run('SELECT id FROM purchases WHERE company_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR UPDATE', [scope.companyId, ids('purchase')]);
}

/**
 * The claims of one saved schedule with its lines' quantity and what is left of them (C/O stock), in one statement.
 * The lines are the company's own: a claim on a line of another company, or on a deleted one, has no stock.
 */
const stockClaimsQuery = `
  WITH mine AS (SELECT source, source_id, quantity FROM origin_claims WHERE schedule_id = $2),
  claimed AS (${claimedStock('$1', '(c.source, c.source_id) IN (SELECT source, source_id FROM mine)')}),
  stock AS (
    SELECT 'ecus' AS source, e.id AS source_id, e.code, e.account_number AS document, e.total AS quantity
      FROM ecus_lines e WHERE e.company_id = $1 AND e.id IN (SELECT source_id FROM mine WHERE source = 'ecus')
    UNION ALL
    SELECT 'purchase', p.id, p.code, p.bill_no, p.quantity
      FROM purchases p WHERE p.company_id = $1 AND p.id IN (SELECT source_id FROM mine WHERE source = 'purchase'))
  SELECT m.source, m.source_id, s.code, s.document, trim_scale(m.quantity)::text AS quantity, trim_scale(coalesce(s.quantity, 0))::text AS stock,
         trim_scale(coalesce(s.quantity, 0) - coalesce(c.quantity, 0))::text AS available
    FROM mine m LEFT JOIN stock s USING (source, source_id) LEFT JOIN claimed c USING (source, source_id)
   ORDER BY s.code, m.source, m.source_id`;

/** Refuses a schedule whose claims, with every other export line's, exceed a line's quantity. */
async function refuseOverClaims(run: Run, scope: Scope, scheduleId: number): Promise<void> {
  const over = (await run<StockClaim>(stockClaimsQuery, [scope.companyId, scheduleId])).filter((claim) => Number(claim.available) < 0);
  if (over.length === 0) return;
  const detail = over.map((claim) => `${claim.document ?? claim.source_id} (${claim.code ?? claim.source}): ${claim.quantity} claimed, ${Number(claim.quantity) + Number(claim.available)} left`).join('; ');
  throw new AppError('conflict', `More than the C/O stock left: ${detail}.`, { fields: { quantity: [`More than the C/O stock left: ${detail}.`] } });
}

async function scheduleInScope(run: Run, scope: Scope, id: number): Promise<{ ecus_id: number; option: AgreementCode; request: Omit<ScheduleRequest, 'company_slug' | 'folder_slug'> | null }> {
  const [row] = await run<{ ecus_id: number; option: AgreementCode; request: Omit<ScheduleRequest, 'company_slug' | 'folder_slug'> | null }>(
    `SELECT ecus_id, option, answer -> 'request' AS request FROM origin_schedules WHERE id = $1 AND company_id = $2 AND folder_set_id = $3`, [id, scope.companyId, scope.folderSetId]);
  if (!row) throw new AppError('not_found', 'No such saved schedule in this folder set.');
  return row;
}

/**
 * Sets the quantity a saved schedule claims of one import line or purchase (0 releases it), refusing more than the
 * line has left once every other export line's claim is taken out. Answers the schedule's claims after the change.
 */
export async function setStockQuantity(database: Database, scope: Scope, change: { id: number; source: 'ecus' | 'purchase'; sourceId: number; quantity: number }): Promise<StockClaim[]> {
  return inTransaction(database, async (run) => {
    await scheduleInScope(run, scope, change.id);
    await lockStock(run, scope, [{ source: change.source, source_id: change.sourceId }]);
    const changed = await run(
      'UPDATE origin_claims SET quantity = $4 WHERE schedule_id = $1 AND source = $2 AND source_id = $3 RETURNING schedule_id',
      [change.id, change.source, change.sourceId, change.quantity]);
    if (changed.length === 0) throw new AppError('not_found', `The saved schedule claims nothing of ${change.source === 'ecus' ? 'import line' : 'purchase'} ${change.sourceId}.`);
    await refuseOverClaims(run, scope, change.id);
    // The saved answer's rows say what the schedule claims too (its documents print them): they follow the ledger.
    await run(
      `UPDATE origin_schedules SET answer = jsonb_set(answer, '{results}', (
         SELECT coalesce(jsonb_agg(CASE WHEN row->>'source' = $2 AND (row->>(CASE $2 WHEN 'ecus' THEN 'ecus_id' ELSE 'purchase_id' END))::int = $3
                                        THEN jsonb_set(row, '{claim_quantity}', to_jsonb(trim_scale($4::numeric)::text)) ELSE row END ORDER BY position), '[]'::jsonb)
           FROM jsonb_array_elements(answer->'results') WITH ORDINALITY AS rows(row, position)))
        WHERE id = $1`,
      [change.id, change.source, change.sourceId, change.quantity]);
    // A claim of nothing is no claim: releasing a line removes it from the schedule's ledger.
    await run('DELETE FROM origin_claims WHERE schedule_id = $1 AND quantity = 0', [change.id]);
    return run<StockClaim>(stockClaimsQuery, [scope.companyId, change.id]);
  });
}

/** The claims of a saved schedule with what is left of each line. */
export async function listStockClaims(run: Run, scope: Scope, id: number): Promise<StockClaim[]> {
  await scheduleInScope(run, scope, id);
  return run<StockClaim>(stockClaimsQuery, [scope.companyId, id]);
}

/**
 * Computes a saved schedule again on today's data — declarations, BOM, purchases and other schedules' claims — with
 * the request it was saved from, changed by `changes`, and saves it in its place with its new claims.
 */
export async function recalculateSchedule(database: Database, scope: Scope, id: number, changes: Partial<Omit<ScheduleRequest, 'company_slug' | 'folder_slug' | 'id' | 'option'>>, slugs: { company_slug: string; folder_slug: string }, userId: string): Promise<{ id: number; answer: ScheduleAnswer }> {
  const saved = await scheduleInScope(runner(database), scope, id);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const parsed = scheduleRequestSchema.safeParse({ ...saved.request, ...defined, ...slugs, id: saved.ecus_id, option: saved.option });
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[String(issue.path[0])] ??= []).push(issue.message);
    throw new AppError('validation_error', 'The saved schedule does not hold these inputs; give them.', { fields });
  }
  return saveSchedule(database, scope, parsed.data, userId);
}

/**
 * The saved schedules of a folder set, newest first; of one export line when `ecusId` is given. The declaration and
 * product are the saved answer's, so a schedule names what it was made for even once its line is changed or gone.
 */
export async function listSchedules(run: Run, scope: Scope, ecusId: number | undefined): Promise<ScheduleHistory[]> {
  const rows = await run<Omit<ScheduleHistory, 'co_form'>>(
    `SELECT id, ecus_id, option, criteria, price_type, price_value::text, price_percent::text, fulfilled AS fulfill_criteria,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
            answer ->> 'account_number' AS account_number, answer -> 'product' ->> 'code' AS product_code, answer -> 'product' ->> 'name' AS product_name
       FROM origin_schedules WHERE company_id = $1 AND folder_set_id = $2 AND ($3::int IS NULL OR ecus_id = $3)
      ORDER BY created_at DESC, id DESC LIMIT 500`,
    [scope.companyId, scope.folderSetId, ecusId ?? null]);
  // The form the certificate is issued on is the agreement's first (the one its dossier title names).
  return rows.map((row) => ({ ...row, co_form: agreements[row.option].coForms[0]! }));
}

/** Deletes a saved schedule; the quantities it claimed become available again. */
export async function deleteSchedule(run: Run, scope: Scope, id: number): Promise<void> {
  const removed = await run('DELETE FROM origin_schedules WHERE id = $1 AND company_id = $2 AND folder_set_id = $3 RETURNING id', [id, scope.companyId, scope.folderSetId]);
  if (removed.length === 0) throw new AppError('not_found', 'No such saved schedule.');
}

/** Saved schedules with what their documents need beyond the answer: the filer, the export line's invoice, the sellers of the purchases cited. */
export async function loadSavedSchedules(run: Run, scope: Scope, ids: number[]): Promise<Array<{ answer: ScheduleAnswer; context: DossierContext }>> {
  const rows = await run<{ id: number; answer: ScheduleAnswer; day: string; invoice_no: string | null; bill_date: string | null; currency: string | null; name: string; tax_code: string | null; address: string | null }>(
    `SELECT s.id, s.answer - 'request' AS answer, e.registered_date::text AS day, e.invoice_no, e.bill_date::text AS bill_date, e.currency, c.name, c.tax_code, c.address
       FROM origin_schedules s JOIN companies c ON c.id = s.company_id LEFT JOIN ecus_lines e ON e.id = s.ecus_id
      WHERE s.company_id = $1 AND s.folder_set_id = $2 AND s.id = ANY($3::int[])`,
    [scope.companyId, scope.folderSetId, ids]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new AppError('not_found', `No saved schedule ${missing.join(', ')} in this folder set.`);
  const purchaseIds = rows.flatMap((row) => row.answer.results.flatMap((result) => (result.purchase_id === null ? [] : [result.purchase_id])));
  const sellers = await run<{ id: number; name: string | null; code: string | null }>(
    'SELECT id, ten_ncc AS name, ma_ncc AS code FROM purchases WHERE company_id = $1 AND folder_set_id = $2 AND id = ANY($3::int[])',
    [scope.companyId, scope.folderSetId, purchaseIds]);
  const suppliers = new Map(sellers.map((seller) => [seller.id, { name: seller.name, code: seller.code }]));
  return ids.map((id) => {
    const row = byId.get(id)!;
    return {
      answer: row.answer,
      context: {
        exporter: { name: row.name, taxCode: row.tax_code, address: row.address }, declarationDate: row.day ?? '', invoiceNo: row.invoice_no,
        invoiceDate: row.bill_date, currency: row.currency, suppliers,
      },
    };
  });
}
