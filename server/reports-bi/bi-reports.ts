import type { BiReport, MyReports } from '../../common/reports/schemas.js';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';

const columns = 'r.id, r.name, r.embed_url, r.type, r.sub_type';

/** The reports assigned to a user, and the same grouped by type (the specification's `reports_by_type`). */
export async function listMyReports(run: Run, userId: string): Promise<MyReports> {
  const reports = await run<BiReport>(
    `SELECT ${columns} FROM bi_reports r JOIN bi_report_assignments a ON a.report_id = r.id WHERE a.user_id = $1 ORDER BY r.type, r.sub_type NULLS FIRST, r.name, r.id`, [userId]);
  const byType: MyReports['reports_by_type'] = {};
  for (const report of reports) (byType[report.type] ??= []).push(report);
  return { reports, reports_by_type: byType };
}

/** Whether a user may open a report type's page: administrators always, others with a report of that type assigned. */
export async function canOpenReportType(run: Run, user: { id: string; isAdmin: boolean }, type: BiReport['type']): Promise<boolean> {
  if (user.isAdmin) return true;
  const [row] = await run<{ one: number }>(
    'SELECT 1 AS one FROM bi_report_assignments a JOIN bi_reports r ON r.id = a.report_id WHERE a.user_id = $1 AND r.type = $2 LIMIT 1', [user.id, type]);
  return row !== undefined;
}

/** One report for a user: one assigned to them, or any for an administrator; anyone else finds nothing. */
export async function findReportFor(run: Run, user: { id: string; isAdmin: boolean }, reportId: number): Promise<BiReport> {
  const [report] = await run<BiReport>(
    `SELECT ${columns} FROM bi_reports r
      WHERE r.id = $1 AND ($2::boolean OR EXISTS (SELECT 1 FROM bi_report_assignments a WHERE a.report_id = r.id AND a.user_id = $3))`, [reportId, user.isAdmin, user.id]);
  if (!report) throw new AppError('not_found', 'Report not found.');
  return report;
}

/** The embed address must be on an origin the Content-Security-Policy lets the page frame. */
function checkOrigin(embedUrl: string, reportOrigins: string[]): void {
  if (!reportOrigins.includes(new URL(embedUrl).origin)) {
    throw new AppError('validation_error', `Reports are embedded only from ${reportOrigins.join(', ') || 'no origin (REPORT_ORIGINS is empty)'}.`, { fields: { embed_url: ['origin_not_allowed'] } });
  }
}

export interface CatalogueEntry extends BiReport { users: string[] }

export async function listCatalogue(run: Run): Promise<CatalogueEntry[]> {
  return run<CatalogueEntry>(
    `SELECT ${columns}, coalesce(array_agg(u.email ORDER BY u.email) FILTER (WHERE u.email IS NOT NULL), '{}') AS users
       FROM bi_reports r LEFT JOIN bi_report_assignments a ON a.report_id = r.id LEFT JOIN users u ON u.id = a.user_id
      GROUP BY r.id ORDER BY r.type, r.sub_type NULLS FIRST, r.name, r.id`);
}

export async function saveReport(run: Run, options: { id?: number; report: Omit<BiReport, 'id' | 'sub_type'> & { sub_type?: BiReport['sub_type'] }; reportOrigins: string[] }): Promise<BiReport> {
  const { report } = options;
  checkOrigin(report.embed_url, options.reportOrigins);
  const values = [report.name, report.embed_url, report.type, report.sub_type ?? null];
  const [saved] = options.id === undefined
    ? await run<BiReport>(`INSERT INTO bi_reports AS r (name, embed_url, type, sub_type) VALUES ($1, $2, $3, $4) RETURNING ${columns}`, values)
    : await run<BiReport>(`UPDATE bi_reports AS r SET name = $1, embed_url = $2, type = $3, sub_type = $4 WHERE r.id = $5 RETURNING ${columns}`, [...values, options.id]);
  if (!saved) throw new AppError('not_found', 'Report not found.');
  return saved;
}

export async function deleteReport(run: Run, id: number): Promise<void> {
  const deleted = await run('DELETE FROM bi_reports WHERE id = $1 RETURNING id', [id]);
  if (deleted.length === 0) throw new AppError('not_found', 'Report not found.');
}

/** Replaces the reports a user is assigned, in one statement; ids of no report are refused rather than skipped. */
export async function assignReports(run: Run, email: string, reportIds: number[]): Promise<MyReports> {
  const [user] = await run<{ id: string }>('SELECT id FROM users WHERE email = $1', [email.trim().toLowerCase()]);
  if (!user) throw new AppError('not_found', 'User not found.');
  const known = await run<{ id: number }>('SELECT id FROM bi_reports WHERE id = ANY ($1::int[])', [reportIds]);
  if (known.length !== new Set(reportIds).size) throw new AppError('validation_error', 'Some report ids name no report.', { fields: { report_ids: ['unknown_report'] } });
  await run(
    `WITH removed AS (DELETE FROM bi_report_assignments WHERE user_id = $1 AND NOT (report_id = ANY ($2::int[])))
     INSERT INTO bi_report_assignments (user_id, report_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [user.id, reportIds]);
  return listMyReports(run, user.id);
}
