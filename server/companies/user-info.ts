/** Who is signed in, with the companies they belong to: what the web app reads first after a sign-in. */
import { eq } from 'drizzle-orm';
import type { CompanyRole, UserInfo } from '../../common/accounts/schemas.js';
import { users } from '../auth/tables.js';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { companies, memberships } from './tables.js';

const iso = (value: Date) => value.toISOString();

/** The signed-in user as GET /api/clients-api/info/ answers it, with the companies they belong to. */
export async function describeUser(db: Db, userId: string): Promise<UserInfo> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('not_authenticated', 'The account no longer exists.');
  const rows = await db.select({ slug: companies.slug, name: companies.name, picture: companies.profilePicture, role: memberships.role, since: memberships.since })
    .from(memberships).innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId)).orderBy(companies.name);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    company_slug: rows[0]?.slug ?? null,
    phone: user.phone,
    birthday: user.birthday,
    sex: user.sex,
    position: user.position,
    address: user.address,
    bio: user.bio,
    profile_picture: user.profilePicture,
    locale: user.locale,
    is_admin: user.isAdmin,
    has_password: user.passwordHash !== null,
    updated_on: iso(user.updatedOn),
    date_joined: iso(user.dateJoined),
    companies: rows.map((row) => ({ company_slug: row.slug, company_name: row.name, profile_picture: row.picture, role: row.role as CompanyRole, since: iso(row.since) })),
  };
}
