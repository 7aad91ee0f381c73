import { and, eq } from 'drizzle-orm';
import type { CompanyRole } from '../../common/accounts/schemas.js';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { companies, memberships } from './tables.js';

const rank: Record<CompanyRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

export const roleAtLeast = (role: CompanyRole, minimum: CompanyRole) => rank[role] >= rank[minimum];

export type CompanyAccess = { company: typeof companies.$inferSelect; role: CompanyRole };

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
  if (options.minimumRole && !roleAtLeast(role, options.minimumRole)) {
    throw new AppError('permission_denied', `This needs the ${options.minimumRole} role or higher in the company.`);
  }
  return { company: row.company, role };
}
