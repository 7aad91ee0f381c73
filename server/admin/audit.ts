import type { z } from 'zod';
import type { AuditEvent, AuditPage, auditQuerySchema } from '../../common/admin/schemas.js';
import { likeEscape, type Run } from '../db/run.js';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The audit log newest first, filtered by action, by a text found in the subject or the actor's address (accents and
 * case folded) and by UTC days. A deleted company is still named, from the name its events kept.
 */
export async function listAuditEvents(run: Run, query: z.infer<typeof auditQuerySchema>): Promise<AuditPage> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const where = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (query.action) where((p) => `e.action = ${p}`, query.action);
  if (query.search) {
    where((p) => `(fold_text(e.subject) LIKE '%' || fold_text(${p}) || '%' OR u.email LIKE '%' || lower(${p}) || '%')`, likeEscape(query.search));
  }
  if (query.from) where((p) => `e.at >= ${p}::date::timestamp AT TIME ZONE 'UTC'`, query.from);
  if (query.to) where((p) => `e.at < (${p}::date + 1)::timestamp AT TIME ZONE 'UTC'`, query.to);
  // Events name a folder set by its slug; while it exists, readers get its name too.
  const from = `audit_events e LEFT JOIN users u ON u.id = e.actor_id LEFT JOIN companies c ON c.id = e.company_id
    LEFT JOIN folder_sets f ON f.company_id = e.company_id AND f.slug = e.details->>'folder_set'
    ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}`;
  const paging = [query.page_size, (query.page - 1) * query.page_size];
  const [results, [counted]] = await Promise.all([
    run<AuditEvent>(
      `SELECT e.id::int AS id, ${iso('e.at')} AS at, e.action, e.actor_id, u.email AS actor_email, e.company_id,
              coalesce(c.name, e.details->>'company') AS company_name, e.subject,
              CASE WHEN f.name IS NULL THEN e.details ELSE e.details || jsonb_build_object('folder_set_name', f.name) END AS details
         FROM ${from}
        ORDER BY e.at DESC, e.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, ...paging]),
    run<{ count: number }>(`SELECT count(*)::int AS count FROM ${from}`, params),
  ]);
  return { count: counted?.count ?? 0, results };
}
