import type { z } from 'zod';
import type { AdminUser, AdminUserPage, adminUserQuerySchema } from '../../common/admin/schemas.js';
import { revokeUserTokens } from '../auth/tokens.js';
import type { Database } from '../db/client.js';
import { likeEscape, runner } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { recordAuditEvent } from '../db/audit-log.js';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const userColumns = `u.id, u.email, u.name, u.is_admin, u.is_verified, ${iso('u.date_joined')} AS date_joined,
  ${iso('u.last_sign_in_at')} AS last_sign_in_at, ${iso('u.disabled_at')} AS disabled_at,
  (SELECT count(*)::int FROM access_tokens t WHERE t.user_id = u.id AND t.revoked_at IS NULL AND t.expires_at > now()) AS active_sessions`;

/** Users whose address or name holds the search text (accents and case folded), by address, a page at a time. */
export async function listUsers(database: Database, query: z.infer<typeof adminUserQuerySchema>): Promise<AdminUserPage> {
  const run = runner(database);
  const search = query.search ? likeEscape(query.search) : null;
  const where = `WHERE $1::text IS NULL OR u.email LIKE '%' || lower($1) || '%' OR fold_text(u.name) LIKE '%' || fold_text($1) || '%'`;
  const [results, [counted]] = await Promise.all([
    run<AdminUser>(`SELECT ${userColumns} FROM users u ${where} ORDER BY u.email LIMIT $2 OFFSET $3`, [search, query.page_size, (query.page - 1) * query.page_size]),
    run<{ count: number }>(`SELECT count(*)::int AS count FROM users u ${where}`, [search]),
  ]);
  return { count: counted?.count ?? 0, results };
}

async function findUser(database: Database, id: string): Promise<AdminUser> {
  const [user] = /^[0-9a-f-]{36}$/i.test(id) ? await runner(database)<AdminUser>(`SELECT ${userColumns} FROM users u WHERE u.id = $1`, [id]) : [];
  if (!user) throw new AppError('not_found', 'No such user.');
  return user;
}

/**
 * Disables a user or enables them again. Disabling ends every session at once; enabling revives none, so the person
 * signs in afresh. An administrator cannot disable themself: the platform would lose the hand that undoes it.
 */
export async function setUserDisabled(database: Database, options: { actorId: string; userId: string; disabled: boolean }): Promise<AdminUser> {
  const { actorId, userId, disabled } = options;
  if (disabled && actorId === userId) throw new AppError('own_account', 'You cannot disable your own account.');
  const user = await findUser(database, userId);
  if (disabled === (user.disabled_at !== null)) return user;
  await runner(database)('UPDATE users SET disabled_at = CASE WHEN $2 THEN now() END, updated_on = now() WHERE id = $1', [userId, disabled]);
  if (disabled) await revokeUserTokens({ db: database.db, userId });
  await recordAuditEvent(database.db, { action: disabled ? 'user_disabled' : 'user_enabled', actorId, subject: user.email });
  return findUser(database, userId);
}

/**
 * Signs a user out everywhere: every token they hold is revoked, and how many were live is kept in the audit log.
 * An administrator resetting their own sessions keeps the one they are using.
 */
export async function resetUserSessions(database: Database, options: { actor: { id: string; tokenId: string }; userId: string }): Promise<AdminUser> {
  const { actor } = options;
  const user = await findUser(database, options.userId);
  await revokeUserTokens({ db: database.db, userId: user.id, ...(actor.id === user.id ? { keepTokenId: actor.tokenId } : {}) });
  await recordAuditEvent(database.db, { action: 'sessions_reset', actorId: actor.id, subject: user.email, details: { sessions: user.active_sessions } });
  return findUser(database, user.id);
}
