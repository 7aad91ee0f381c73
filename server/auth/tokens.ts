import crypto from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accessTokens, users } from './tables.js';

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** A new random bearer token for the user; only its hash is kept. */
export async function issueToken(options: { db: Db; userId: string; ttlHours: number }): Promise<IssuedToken> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresIn = options.ttlHours * 3600;
  await options.db.insert(accessTokens).values({
    userId: options.userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + expiresIn * 1000),
  });
  return { access_token: token, token_type: 'Bearer', expires_in: expiresIn };
}

export type SignedInUser = typeof users.$inferSelect & { tokenId: string };

/**
 * A used token's idle clock is moved on at most this often, so that a burst of requests writes once; never less often
 * than a quarter of the timeout, or a token in use would be refused for having been idle since its last write.
 */
const IDLE_CLOCK_STEP_MS = 60_000;
const clockStep = (idleMs: number) => Math.min(IDLE_CLOCK_STEP_MS, Math.floor(idleMs / 4));

/**
 * The user a bearer token belongs to, when the token is known, unexpired, not revoked and not idle for longer than
 * `idleMs` (sliding: each use moves its clock on), and the user not disabled.
 */
export async function findUserByToken(options: { db: Db; token: string; idleMs: number }): Promise<SignedInUser | undefined> {
  const now = Date.now();
  const [row] = await options.db
    .select({ user: users, tokenId: accessTokens.id, lastUsedAt: accessTokens.lastUsedAt })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(
      eq(accessTokens.tokenHash, sha256(options.token)), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, new Date(now)),
      gt(accessTokens.lastUsedAt, new Date(now - options.idleMs)), isNull(users.disabledAt),
    ))
    .limit(1);
  if (!row) return undefined;
  if (now - row.lastUsedAt.getTime() > clockStep(options.idleMs)) {
    await options.db.update(accessTokens).set({ lastUsedAt: new Date(now) }).where(eq(accessTokens.id, row.tokenId));
  }
  return { ...row.user, tokenId: row.tokenId };
}

export async function revokeToken(options: { db: Db; tokenId: string }): Promise<void> {
  await options.db.update(accessTokens).set({ revokedAt: new Date() }).where(eq(accessTokens.id, options.tokenId));
}

/** Signs the user out everywhere, except the session that asked when `keepTokenId` is given. */
export async function revokeUserTokens(options: { db: Db; userId: string; keepTokenId?: string }): Promise<void> {
  await options.db.update(accessTokens).set({ revokedAt: new Date() }).where(and(
    eq(accessTokens.userId, options.userId),
    isNull(accessTokens.revokedAt),
    options.keepTokenId ? ne(accessTokens.id, options.keepTokenId) : undefined,
  ));
}
