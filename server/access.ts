/**
 * Who may do what in a company: the caller's membership and role, resolved with the company (and folder set) a
 * request names. Every route that reads or writes a company's data goes through here.
 */
import { and, eq } from 'drizzle-orm';
import type { CompanyRole } from '../common/accounts/schemas.js';
import { importTargetOf, type ImportType } from '../common/resources/define.js';
import { resourceNamed } from '../common/resources/index.js';
import { companies, memberships } from './companies/tables.js';
import type { Db } from './db/client.js';
import type { Run } from './db/run.js';
import { AppError } from './http/errors.js';

const rank: Record<CompanyRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

export const roleAtLeast = (role: CompanyRole, minimum: CompanyRole) => rank[role] >= rank[minimum];

/** The company (and folder set) a request works in, as the caller's membership allows. */
export interface Scope {
  companyId: string;
  folderSetId: string | null;
  role: CompanyRole;
  /** Tables an import is loading right now in this company: their lists leave its rows out until it succeeds. */
  importing: readonly string[];
  /** Tables holding rows a succeeded import of this company wrote: their searches read the imported rows' kept texts too. */
  imported: readonly string[];
}

const demand = (role: CompanyRole, minimumRole: CompanyRole) => {
  if (!roleAtLeast(role, minimumRole)) throw new AppError('permission_denied', `This needs the ${minimumRole} role or higher in the company.`);
};

/**
 * Company, folder set and role in one query. A company the caller is not a member of, and a folder set
 * the company does not have, are "not found": other companies' slugs cannot be probed.
 */
export async function resolveScope(run: Run, options: { userId: string; companySlug: string; folderSlug?: string | undefined; minimumRole: CompanyRole }): Promise<Scope> {
  const [row] = await run<{ company_id: string; role: CompanyRole; folder_set_id: string | null; importing: string[]; imported: Array<{ resource: string; import_type: ImportType }> }>(
    `SELECT c.id AS company_id, m.role, f.id AS folder_set_id,
            ARRAY(SELECT DISTINCT r.resource FROM import_records r WHERE r.company_id = c.id AND r.status IN ('queued', 'running') AND r.import_type = 'IMPORT') AS importing,
            (SELECT coalesce(jsonb_agg(DISTINCT jsonb_build_object('resource', r.resource, 'import_type', r.import_type)), '[]')
               FROM import_records r WHERE r.company_id = c.id AND r.status = 'succeeded') AS imported
       FROM companies c
       JOIN memberships m ON m.company_id = c.id AND m.user_id = $1
       LEFT JOIN folder_sets f ON f.company_id = c.id AND f.slug = $3
      WHERE c.slug = $2`,
    [options.userId, options.companySlug, options.folderSlug ?? null],
  );
  if (!row) throw new AppError('not_found', 'Company not found.');
  if (options.folderSlug !== undefined && row.folder_set_id === null) throw new AppError('not_found', 'Folder set not found.');
  demand(row.role, options.minimumRole);
  const imported = [...new Set(row.imported.map((record) => importTargetOf(resourceNamed(record.resource), record.import_type)))];
  return { companyId: row.company_id, folderSetId: row.folder_set_id, role: row.role, importing: row.importing, imported };
}

/** The company of one row (of a business table, or an import record), if the caller is a member of it; anything else is "not found". */
export async function resolveRowScope(run: Run, options: { table: string; userId: string; id: number; minimumRole: CompanyRole }): Promise<Scope> {
  const [row] = await run<{ company_id: string; folder_set_id: string; role: CompanyRole }>(
    `SELECT t.company_id, t.folder_set_id, m.role
       FROM ${options.table} t
       JOIN memberships m ON m.company_id = t.company_id AND m.user_id = $1
      WHERE t.id = $2`,
    [options.userId, options.id],
  );
  if (!row) throw new AppError('not_found', 'Not found.');
  demand(row.role, options.minimumRole);
  return { companyId: row.company_id, folderSetId: row.folder_set_id, role: row.role, importing: [], imported: [] };
}

/** A company as one user reaches it: their role there, and who they are (the actor of what they change). */
export type CompanyAccess = { company: typeof companies.$inferSelect; role: CompanyRole; userId: string };

/**
 * The company with this slug as the user sees it. A company the user is not a member of is
 * "not found", never "forbidden", so slugs of other companies cannot be probed.
 */
export async function accessCompany(options: { db: Db; userId: string; slug: string; minimumRole?: CompanyRole }): Promise<CompanyAccess> {
  const [row] = await options.db.select({ company: companies, role: memberships.role })
    .from(companies)
    .innerJoin(memberships, and(eq(memberships.companyId, companies.id), eq(memberships.userId, options.userId)))
    .where(eq(companies.slug, options.slug))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Company not found.');
  const role = row.role as CompanyRole;
  if (options.minimumRole) demand(role, options.minimumRole);
  return { company: row.company, role, userId: options.userId };
}
