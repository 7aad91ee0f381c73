/**
 * The audit log's writer, which every room that acts calls (sign-ins, members, imports, administrators). It lives with
 * the database plumbing, below them all, and names its table in SQL, so that none of them depends on the
 * administration area that reads the log (server/admin/audit.ts, its table in server/admin/tables.ts).
 */
import { sql } from 'drizzle-orm';
import type { AuditAction } from '../../common/admin/schemas.js';
import type { Db } from './client.js';

export interface AuditEntry {
  action: AuditAction;
  /** The signed-in user who acted; null for a failed sign-in, whose account may not exist. */
  actorId: string | null;
  companyId?: string | null;
  subject: string;
  details?: Record<string, unknown>;
}

/**
 * Writes one event of the audit log. Called after the action succeeded, so that the log never names what did not
 * happen. An event of a company keeps the company's name in its details, so that the log still names it once deleted.
 */
export async function recordAuditEvent(db: Db, entry: AuditEntry): Promise<void> {
  const companyId = entry.companyId ?? null;
  const companyName = sql`coalesce((SELECT jsonb_build_object('company', name) FROM companies WHERE id = ${companyId}::uuid), '{}'::jsonb)`;
  await db.execute(sql`INSERT INTO audit_events (action, actor_id, company_id, subject, details)
    VALUES (${entry.action}, ${entry.actorId}, ${companyId}, ${entry.subject}, ${companyName} || ${JSON.stringify(entry.details ?? {})}::jsonb)`);
}
