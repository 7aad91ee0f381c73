import crypto from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { type Company, type CompanyRole, type FolderSet, folderKeys, type Invitation, type Member } from '../../common/accounts/schemas.js';
import { templateIdOf } from '../../common/statements/templates.js';
import { slugify } from '../../common/text/slug.js';
import { users } from '../auth/tables.js';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { mailText } from '../mail/messages.js';
import { type CompanyAccess, roleAtLeast } from '../access.js';
import { recordAuditEvent } from '../db/audit-log.js';
import { companyRowCounts } from './overview.js';
import { companies, folderSets, invitations, memberships } from './tables.js';

type CompanyRow = typeof companies.$inferSelect;
type FolderSetRow = typeof folderSets.$inferSelect;
type CompanyFields = Partial<Omit<typeof companies.$inferInsert, 'id' | 'slug' | 'createdBy' | 'createdAt'>>;

/** A slug not yet taken in `taken`, from the name, with a short random suffix on collision. */
async function freeSlug(name: string, isTaken: (slug: string) => Promise<boolean>): Promise<string> {
  const base = slugify(name) || 'company';
  if (!(await isTaken(base))) return base;
  for (;;) {
    const candidate = `${base}-${crypto.randomBytes(2).toString('hex')}`;
    if (!(await isTaken(candidate))) return candidate;
  }
}

/**
 * A folder set as the API answers it. `siblings` are the company's folder sets, among which the previous
 * period's slug is found (callers have them at hand, or pass the one row).
 */
export function presentFolderSet(row: FolderSetRow, company: Pick<CompanyRow, 'name'>, siblings: readonly FolderSetRow[] = []): FolderSet {
  return {
    slug: row.slug,
    name: row.name,
    year: row.year,
    date_start: row.dateStart,
    date_end: row.dateEnd,
    type_code: row.typeCode,
    folder_type: row.folderType,
    previous_folder_slug: siblings.find((set) => set.id === row.previousFolderSetId)?.slug ?? null,
    statement_layout: row.statementLayout as FolderSet['statement_layout'],
    company_id: row.companyId,
    company_name: company.name,
    last_updated: row.lastUpdated.toISOString(),
    subfolders: folderKeys.map((key) => ({ slug: key, name: key })),
  };
}

/** Folder sets, member counts and row counts of several companies, in three queries whatever their number. */
async function loadCompanyDetails(db: Db, companyIds: string[]) {
  const [sets, staff, rowCounts] = companyIds.length === 0 ? [[], [], new Map<string, { balance: number; statement: number }>()] : await Promise.all([
    db.select().from(folderSets).where(inArray(folderSets.companyId, companyIds)).orderBy(asc(folderSets.dateStart), asc(folderSets.name)),
    db.select({ companyId: memberships.companyId, n: count() }).from(memberships).where(inArray(memberships.companyId, companyIds)).groupBy(memberships.companyId),
    companyRowCounts(db, companyIds),
  ]);
  return {
    setsOf: (companyId: string) => sets.filter((set) => set.companyId === companyId),
    staffOf: (companyId: string) => staff.find((row) => row.companyId === companyId)?.n ?? 0,
    countsOf: (companyId: string) => rowCounts.get(companyId),
  };
}

function toCompany({ company, role }: Pick<CompanyAccess, 'company' | 'role'>, sets: FolderSetRow[], staffCount: number, counts: { balance: number; statement: number } | undefined): Company {
  return {
    slug: company.slug,
    name: company.name,
    description: company.description,
    created_by: company.createdBy,
    tax_code: company.taxCode,
    company_type: company.companyType,
    phone_number: company.phoneNumber,
    profile_picture: company.profilePicture,
    country: company.country,
    address: company.address,
    email: company.email,
    contact: company.contact,
    representative_name: company.representativeName,
    representative_email: company.representativeEmail,
    representative_contact: company.representativeContact,
    pic_name: company.picName,
    pic_contact: company.picContact,
    pic_email: company.picEmail,
    form_generation: company.formGeneration ?? null,
    last_updated: company.lastUpdated.toISOString(),
    role,
    balance_count: counts?.balance ?? 0,
    statement_count: counts?.statement ?? 0,
    staff_count: staffCount,
    folder_set: sets.map((set) => presentFolderSet(set, company, sets)),
  };
}

/** A company as its members see it, with its folder sets and sidebar counts. */
export async function presentCompany(db: Db, access: CompanyAccess): Promise<Company> {
  const details = await loadCompanyDetails(db, [access.company.id]);
  return toCompany(access, details.setsOf(access.company.id), details.staffOf(access.company.id), details.countsOf(access.company.id));
}

export async function listCompanies(db: Db, userId: string): Promise<Company[]> {
  const rows = await db.select({ company: companies, role: memberships.role }).from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId)).orderBy(asc(companies.name));
  const details = await loadCompanyDetails(db, rows.map((row) => row.company.id));
  return rows.map((row) => toCompany({ company: row.company, role: row.role as CompanyRole }, details.setsOf(row.company.id), details.staffOf(row.company.id), details.countsOf(row.company.id)));
}

/** The creator becomes owner; a folder set for the current calendar year makes it usable at once. */
export async function createCompany(db: Db, userId: string, fields: CompanyFields & { name: string }): Promise<CompanyAccess> {
  const slug = await freeSlug(fields.name, async (candidate) =>
    (await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, candidate)).limit(1)).length > 0);
  const year = new Date().getUTCFullYear();
  return db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values({ ...fields, slug, createdBy: userId }).returning();
    if (!company) throw new Error('company was not saved');
    await tx.insert(memberships).values({ companyId: company.id, userId, role: 'owner' });
    await tx.insert(folderSets).values({ companyId: company.id, slug: String(year), name: String(year), year, dateStart: `${year}-01-01`, dateEnd: `${year}-12-31`, typeCode: 'SXXK' });
    return { company, role: 'owner' as const, userId };
  });
}

export async function updateCompany(db: Db, access: CompanyAccess, fields: CompanyFields): Promise<CompanyAccess> {
  // Another generation of the forms changes every report: the kept ones are dated by the data version.
  const reportsChange = fields.formGeneration !== undefined && fields.formGeneration !== access.company.formGeneration;
  const [company] = await db.update(companies)
    .set({ ...fields, lastUpdated: new Date(), ...(reportsChange ? { dataVersion: sql`${companies.dataVersion} + 1` } : {}) })
    .where(eq(companies.id, access.company.id)).returning();
  return { ...access, company: company ?? access.company };
}

/** The company's name and slug kept with its events, so that the log still names a company deleted since. */
const companyDetails = (access: CompanyAccess) => ({ company: access.company.name, company_slug: access.company.slug });

/** Removes the company with all its folder sets and their data (foreign keys cascade). */
export async function deleteCompany(db: Db, access: CompanyAccess): Promise<void> {
  // The kept search texts of imported rows name their company without a foreign key, which every kept row would check.
  // They go after the company: deleting it removes its import records, waiting for a slice of search text being kept
  // (which holds its record), and no slice adds text once the record is gone; the texts are then read afresh.
  await db.transaction(async (tx) => {
    await tx.delete(companies).where(eq(companies.id, access.company.id));
    await tx.execute(sql`DELETE FROM search_texts WHERE company_id = ${access.company.id}`);
  });
  await recordAuditEvent(db, { action: 'company_deleted', actorId: access.userId, companyId: access.company.id, subject: access.company.name, details: companyDetails(access) });
}

export async function listMembers(db: Db, companyId: string): Promise<Member[]> {
  const [members, pending] = await Promise.all([
    db.select({ userId: users.id, email: users.email, name: users.name, role: memberships.role, since: memberships.since })
      .from(memberships).innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.companyId, companyId)).orderBy(asc(users.email)),
    db.select().from(invitations).where(eq(invitations.companyId, companyId)).orderBy(asc(invitations.email)),
  ]);
  return [
    ...members.map((m) => ({ user_id: m.userId, email: m.email, name: m.name, role: m.role as CompanyRole, since: m.since.toISOString(), pending: false })),
    ...pending.map((p) => ({ user_id: null, email: p.email, name: null, role: p.role as CompanyRole, since: p.createdAt.toISOString(), pending: true })),
  ];
}

/** Only an owner may make or unmake owners. */
function checkRoleChange(actor: CompanyRole, from: CompanyRole | undefined, to: CompanyRole | undefined): void {
  if ((from === 'owner' || to === 'owner') && actor !== 'owner') {
    throw new AppError('permission_denied', 'Only an owner can grant or take away the owner role.');
  }
}

/**
 * Invites an address, whether or not it has an account: nobody joins a company without accepting, and the
 * answer (always a pending invitation, never a name) does not tell the inviter whether the address is known.
 */
export async function inviteMember(options: { db: Db; mailer: Mailer; access: CompanyAccess; inviter: { id: string; name: string; locale: string }; email: string; role: CompanyRole; appUrl: string }): Promise<Member> {
  const { db, access, email, role } = options;
  // Inviting again changes a pending invitation's role: only an owner may change an owner's.
  const [pending] = await db.select({ role: invitations.role }).from(invitations)
    .where(and(eq(invitations.companyId, access.company.id), eq(invitations.email, email))).limit(1);
  checkRoleChange(access.role, pending?.role as CompanyRole | undefined, role);
  if (await findMember(db, access.company.id, email)) {
    throw new AppError('conflict', 'This person is already a member.', { fields: { email: ['This person is already a member.'] } });
  }
  const [invite] = await db.insert(invitations).values({ companyId: access.company.id, email, role, invitedBy: options.inviter.id })
    .onConflictDoUpdate({ target: [invitations.companyId, invitations.email], set: { role, invitedBy: options.inviter.id } }).returning();
  const values = { inviter: options.inviter.name, company: access.company.name, role, url: options.appUrl };
  await options.mailer.send({ to: email, subject: mailText(options.inviter.locale, 'inviteSubject', values), text: mailText(options.inviter.locale, 'inviteBody', values) });
  return { user_id: null, email, name: null, role, since: (invite?.createdAt ?? new Date()).toISOString(), pending: true };
}

/** The invitations waiting for this user's answer. */
export async function listMyInvitations(db: Db, user: { email: string }): Promise<Invitation[]> {
  const rows = await db.select({ slug: companies.slug, name: companies.name, role: invitations.role, inviter: users.name, createdAt: invitations.createdAt })
    .from(invitations).innerJoin(companies, eq(companies.id, invitations.companyId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.email, user.email)).orderBy(asc(companies.name));
  return rows.map((row) => ({ company_slug: row.slug, company_name: row.name, role: row.role as CompanyRole, invited_by: row.inviter, created_at: row.createdAt.toISOString() }));
}

/** Accepting turns the invitation into a membership with its role; declining only removes it. */
export async function answerInvitation(db: Db, user: { id: string; email: string }, companySlug: string, accept: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.slug, companySlug)).limit(1);
    const [invite] = company
      ? await tx.delete(invitations).where(and(eq(invitations.companyId, company.id), eq(invitations.email, user.email))).returning()
      : [];
    if (!invite) throw new AppError('not_found', 'No such invitation.');
    if (accept) await tx.insert(memberships).values({ companyId: invite.companyId, userId: user.id, role: invite.role }).onConflictDoNothing();
  });
}

async function ownerCount(db: Db, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(and(eq(memberships.companyId, companyId), eq(memberships.role, 'owner')));
  return row?.n ?? 0;
}

async function findMember(db: Db, companyId: string, email: string) {
  const [member] = await db.select({ userId: memberships.userId, role: memberships.role }).from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(users.email, email))).limit(1);
  return member ? { userId: member.userId, role: member.role as CompanyRole } : undefined;
}

/**
 * Runs a change of the company's members with the company's row locked and the actor's role read again under
 * that lock: two owners demoting or removing each other at the same instant take turns, and the second sees the
 * first's change, so a company always keeps an owner.
 */
async function changingMembers<T>(db: Db, access: CompanyAccess, work: (tx: Db, actor: CompanyAccess) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM companies WHERE id = ${access.company.id} FOR UPDATE`);
    const [actor] = await tx.select({ role: memberships.role }).from(memberships)
      .where(and(eq(memberships.companyId, access.company.id), eq(memberships.userId, access.userId))).limit(1);
    if (!actor) throw new AppError('not_found', 'Not found.');
    return work(tx, { ...access, role: actor.role as CompanyRole });
  });
}

/** Changes a member's or invitation's role; the last owner cannot be demoted. */
export async function changeMemberRole(db: Db, access: CompanyAccess, email: string, role: CompanyRole): Promise<void> {
  await changingMembers(db, access, async (tx, actor) => {
    if (!roleAtLeast(actor.role, 'admin')) throw new AppError('permission_denied', 'Only an admin can change roles.');
    const member = await findMember(tx, actor.company.id, email);
    if (!member) {
      const where = and(eq(invitations.companyId, actor.company.id), eq(invitations.email, email));
      const [invite] = await tx.select({ role: invitations.role }).from(invitations).where(where).limit(1);
      if (!invite) throw new AppError('not_found', 'No such member.');
      // Checked before anything is written: a refused change must leave the invitation as it was.
      checkRoleChange(actor.role, invite.role as CompanyRole, role);
      await tx.update(invitations).set({ role }).where(where);
      await recordRoleChange(tx, actor, email, { from: invite.role, to: role, pending: true });
      return;
    }
    checkRoleChange(actor.role, member.role, role);
    if (member.role === 'owner' && role !== 'owner' && (await ownerCount(tx, actor.company.id)) <= 1) {
      throw new AppError('last_owner', 'A company must keep at least one owner.');
    }
    await tx.update(memberships).set({ role }).where(and(eq(memberships.companyId, actor.company.id), eq(memberships.userId, member.userId)));
    await recordRoleChange(tx, actor, email, { from: member.role, to: role, pending: false });
  });
}

const recordRoleChange = async (db: Db, access: CompanyAccess, email: string, change: { from: string; to: CompanyRole; pending: boolean }) => {
  if (change.from === change.to) return;
  await recordAuditEvent(db, { action: 'member_role_changed', actorId: access.userId, companyId: access.company.id, subject: email, details: { ...companyDetails(access), ...change } });
};

/** Admins remove others and withdraw invitations (an owner's only if they are owners); anyone may leave. The last owner cannot go. */
export async function removeMember(db: Db, access: CompanyAccess, actorId: string, email: string): Promise<void> {
  await changingMembers(db, access, async (tx, actor) => {
    const member = await findMember(tx, actor.company.id, email);
    if (!member) {
      if (!roleAtLeast(actor.role, 'admin')) throw new AppError('permission_denied', 'Only an admin can withdraw invitations.');
      const where = and(eq(invitations.companyId, actor.company.id), eq(invitations.email, email));
      const [invite] = await tx.select({ role: invitations.role }).from(invitations).where(where).limit(1);
      if (!invite) throw new AppError('not_found', 'No such member.');
      checkRoleChange(actor.role, invite.role as CompanyRole, undefined);
      await tx.delete(invitations).where(where);
      await recordAuditEvent(tx, { action: 'member_removed', actorId, companyId: actor.company.id, subject: email, details: { ...companyDetails(actor), role: invite.role, pending: true } });
      return;
    }
    if (member.userId !== actorId) {
      if (!roleAtLeast(actor.role, 'admin')) throw new AppError('permission_denied', 'Only an admin can remove members.');
      checkRoleChange(actor.role, member.role, undefined);
    }
    if (member.role === 'owner' && (await ownerCount(tx, actor.company.id)) <= 1) {
      throw new AppError('last_owner', 'A company must keep at least one owner.');
    }
    await tx.delete(memberships).where(and(eq(memberships.companyId, actor.company.id), eq(memberships.userId, member.userId)));
    await recordAuditEvent(tx, {
      action: 'member_removed', actorId, companyId: actor.company.id, subject: email,
      details: { ...companyDetails(actor), role: member.role, pending: false, left: member.userId === actorId },
    });
  });
}

export async function listFolderSets(db: Db, company: CompanyRow): Promise<FolderSet[]> {
  const rows = await companyFolderSets(db, company.id);
  return rows.map((row) => presentFolderSet(row, company, rows));
}

const companyFolderSets = (db: Db, companyId: string) =>
  db.select().from(folderSets).where(eq(folderSets.companyId, companyId)).orderBy(asc(folderSets.dateStart), asc(folderSets.name));

type FolderSetFields = {
  name?: string; year?: number; date_start?: string; date_end?: string; type_code?: string; folder_type?: string | null;
  previous_folder_slug?: string | null; statement_layout?: string;
};

/**
 * The id of the period named as previous: one of the company's other folder sets, never one whose own chain of
 * previous periods leads back to `self` (the openings would then depend on themselves).
 */
function previousFolderSetId(sets: readonly FolderSetRow[], self: FolderSetRow | undefined, slug: string | null | undefined): string | null | undefined {
  if (slug === undefined) return undefined;
  if (slug === null || slug === '') return null;
  const refuse = (message: string) => new AppError('validation_error', message, { fields: { previous_folder_slug: [message] } });
  const previous = sets.find((set) => set.slug === slug);
  if (!previous) throw refuse('No folder set of this company has this slug.');
  for (let step: FolderSetRow | undefined = previous, hops = 0; step && hops <= sets.length; step = sets.find((set) => set.id === step?.previousFolderSetId), hops += 1) {
    if (step.id === self?.id) throw refuse('A period cannot follow itself.');
  }
  return previous.id;
}
const folderSetColumns = (input: FolderSetFields) => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.year !== undefined ? { year: input.year } : {}),
  ...(input.date_start !== undefined ? { dateStart: input.date_start } : {}),
  ...(input.date_end !== undefined ? { dateEnd: input.date_end } : {}),
  ...(input.type_code !== undefined ? { typeCode: input.type_code } : {}),
  ...(input.folder_type !== undefined ? { folderType: input.folder_type } : {}),
  ...(input.statement_layout !== undefined ? { statementLayout: input.statement_layout } : {}),
});

/**
 * A period must belong to its year (start or end in it: a fiscal year may straddle two calendar years) and may
 * not overlap another period of the company under the same regime, whose movements would then be reported twice.
 */
function checkPeriod(sets: readonly FolderSetRow[], self: FolderSetRow | undefined, period: { year: number; start: string; end: string; typeCode: string }): void {
  if (period.start > period.end) throw new AppError('validation_error', 'The period must start before it ends.', { fields: { date_end: ['The period must start before it ends.'] } });
  const year = String(period.year);
  if (period.start.slice(0, 4) !== year && period.end.slice(0, 4) !== year) {
    const message = `The period must start or end in ${year}.`;
    throw new AppError('period_outside_year', message, { fields: { date_start: [message], year: [message] } });
  }
  const overlapping = sets.find((set) => set.id !== self?.id && set.typeCode === period.typeCode && set.dateStart <= period.end && set.dateEnd >= period.start);
  if (overlapping) {
    const message = `The period overlaps ${overlapping.name} (${overlapping.dateStart} – ${overlapping.dateEnd}) under the same regime.`;
    throw new AppError('period_overlaps', message, { fields: { date_start: [message] }, extra: { overlaps: overlapping.slug } });
  }
}

/**
 * A folder set exports in a built-in layout, or in a template of its company or of the platform. The templates belong
 * to the reports, which build on the companies: the check names their table in SQL rather than importing them.
 */
async function checkLayoutChoice(db: Db, companyId: string, layout: string | undefined): Promise<void> {
  const id = layout === undefined ? null : templateIdOf(layout);
  if (id === null) return;
  const found = await db.execute(sql`SELECT 1 FROM statement_templates WHERE id = ${id} AND (company_id IS NULL OR company_id = ${companyId})`);
  if ((found as unknown as { rows: unknown[] }).rows.length === 0) {
    throw new AppError('validation_error', 'Data has invalid format.', { fields: { statement_layout: ['No template of this company or of the platform has this id.'] } });
  }
}

export async function createFolderSet(db: Db, company: CompanyRow, input: Required<Omit<FolderSetFields, 'folder_type' | 'previous_folder_slug' | 'statement_layout'>> & FolderSetFields): Promise<FolderSet> {
  const slug = await freeSlug(input.name, async (candidate) =>
    (await db.select({ id: folderSets.id }).from(folderSets).where(and(eq(folderSets.companyId, company.id), eq(folderSets.slug, candidate))).limit(1)).length > 0);
  const sets = await companyFolderSets(db, company.id);
  checkPeriod(sets, undefined, { year: input.year, start: input.date_start, end: input.date_end, typeCode: input.type_code });
  const previous = previousFolderSetId(sets, undefined, input.previous_folder_slug) ?? null;
  await checkLayoutChoice(db, company.id, input.statement_layout);
  const [row] = await db.insert(folderSets).values({
    companyId: company.id, slug, name: input.name, year: input.year, dateStart: input.date_start, dateEnd: input.date_end, typeCode: input.type_code,
    folderType: input.folder_type ?? null, previousFolderSetId: previous, ...(input.statement_layout ? { statementLayout: input.statement_layout } : {}),
  }).returning();
  if (!row) throw new Error('folder set was not saved');
  return presentFolderSet(row, company, sets);
}

export async function findFolderSet(db: Db, companyId: string, slug: string): Promise<FolderSetRow> {
  const [row] = await db.select().from(folderSets).where(and(eq(folderSets.companyId, companyId), eq(folderSets.slug, slug))).limit(1);
  if (!row) throw new AppError('not_found', 'Folder set not found.');
  return row;
}

export async function updateFolderSet(db: Db, company: CompanyRow, slug: string, input: FolderSetFields): Promise<FolderSet> {
  const current = await findFolderSet(db, company.id, slug);
  const sets = await companyFolderSets(db, company.id);
  checkPeriod(sets, current, { year: input.year ?? current.year, start: input.date_start ?? current.dateStart, end: input.date_end ?? current.dateEnd, typeCode: input.type_code ?? current.typeCode });
  const previous = previousFolderSetId(sets, current, input.previous_folder_slug);
  await checkLayoutChoice(db, company.id, input.statement_layout);
  const [row] = await db.update(folderSets)
    .set({ ...folderSetColumns(input), ...(previous !== undefined ? { previousFolderSetId: previous } : {}), lastUpdated: new Date() })
    .where(eq(folderSets.id, current.id)).returning();
  return presentFolderSet(row ?? current, company, sets);
}

/** Deletes a folder set with all its rows; a company keeps at least one. */
export async function deleteFolderSet(db: Db, access: CompanyAccess, slug: string): Promise<void> {
  const { company } = access;
  const current = await findFolderSet(db, company.id, slug);
  const [row] = await db.select({ n: count() }).from(folderSets).where(eq(folderSets.companyId, company.id));
  if ((row?.n ?? 0) <= 1) throw new AppError('conflict', 'A company keeps at least one folder set.');
  await db.transaction(async (tx) => {
    // As for a company: the folder set (and its import records) first, then the texts a slice may have just added.
    await tx.delete(folderSets).where(eq(folderSets.id, current.id));
    await tx.execute(sql`DELETE FROM search_texts WHERE folder_set_id = ${current.id}`);
    // Company-wide lists keep their counts and orderings until the company's data changes: this changed it.
    await tx.execute(sql`UPDATE companies SET data_version = data_version + 1 WHERE id = ${company.id}`);
  });
  await recordAuditEvent(db, {
    action: 'folder_set_deleted', actorId: access.userId, companyId: company.id, subject: current.name,
    details: { ...companyDetails(access), folder_set: current.slug, year: current.year, date_start: current.dateStart, date_end: current.dateEnd },
  });
}
