import crypto from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { hashSecret, verifySecret } from './passwords.js';
import { oneTimeCodes } from './tables.js';

export type CodePurpose = 'registration' | 'password_reset';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** The verify screen's countdown: no new code before it ends. */
export const RESEND_COUNTDOWN_MS = 10 * 1000;
export const CODES_PER_HOUR = 5;

/**
 * Creates a new 6-digit code for the address, voiding the previous one.
 * Refused within the countdown and beyond five codes an hour.
 */
export async function issueCode(options: { db: Db; email: string; purpose: CodePurpose }): Promise<string> {
  const { db, email, purpose } = options;
  const now = Date.now();
  const [latest] = await db.select({ createdAt: oneTimeCodes.createdAt }).from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt)).limit(1);
  if (latest && now - latest.createdAt.getTime() < RESEND_COUNTDOWN_MS) {
    throw new AppError('resend_too_soon', 'Please wait before asking for another code.');
  }
  const [recent] = await db.select({ n: count() }).from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, email), gt(oneTimeCodes.createdAt, new Date(now - 3600_000))));
  if ((recent?.n ?? 0) >= CODES_PER_HOUR) {
    throw new AppError('rate_limited', 'Too many codes were requested for this address. Try again in an hour.');
  }
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = await hashSecret(code);
  await db.transaction(async (tx) => {
    await tx.update(oneTimeCodes).set({ consumedAt: new Date(now) })
      .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
    await tx.insert(oneTimeCodes).values({ email, purpose, codeHash, createdAt: new Date(now), expiresAt: new Date(now + CODE_TTL_MS) });
  });
  return code;
}

/**
 * Checks a code against the address's live code; the fifth wrong try voids it. With `consume` a right code is
 * used up, exactly once.
 *
 * A try is counted before its guess is compared, in one UPDATE … RETURNING that refuses once five are spent: the
 * database serialises concurrent tries on the row, so thirty guesses sent at once get five comparisons, not thirty.
 */
export async function checkCode(options: { db: Db; email: string; purpose: CodePurpose; code: string; consume: boolean }): Promise<void> {
  const { db, email, purpose, code } = options;
  const invalid = new AppError('invalid_code', 'The code is wrong or has expired.', { fields: { token: ['The code is wrong or has expired.'] } });
  const live = and(isNull(oneTimeCodes.consumedAt), gt(oneTimeCodes.expiresAt, new Date()), lt(oneTimeCodes.attempts, CODE_MAX_ATTEMPTS));
  const [latest] = await db.select({ id: oneTimeCodes.id }).from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt)).limit(1);
  if (!latest) throw invalid;
  const [tried] = await db.update(oneTimeCodes).set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, latest.id), live)).returning({ codeHash: oneTimeCodes.codeHash, attempts: oneTimeCodes.attempts });
  if (!tried) throw invalid;
  if (!(await verifySecret(tried.codeHash, code))) {
    if (tried.attempts >= CODE_MAX_ATTEMPTS) await db.update(oneTimeCodes).set({ consumedAt: new Date() }).where(eq(oneTimeCodes.id, latest.id));
    throw invalid;
  }
  if (options.consume) {
    const [used] = await db.update(oneTimeCodes).set({ consumedAt: new Date() })
      .where(and(eq(oneTimeCodes.id, latest.id), isNull(oneTimeCodes.consumedAt))).returning({ id: oneTimeCodes.id });
    if (!used) throw invalid;
  } else {
    // Checking a right code ahead of using it (the reset screen does) is not a guess.
    await db.update(oneTimeCodes).set({ attempts: sql`${oneTimeCodes.attempts} - 1` }).where(eq(oneTimeCodes.id, latest.id));
  }
}
