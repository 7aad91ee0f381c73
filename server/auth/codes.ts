import crypto from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { hashSecret, verifySecret } from './passwords.js';
import { oneTimeCodes, type PendingRegistration } from './tables.js';

export type CodePurpose = 'registration' | 'password_reset';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** The verify screen's countdown: no new code before it ends. */
export const RESEND_COUNTDOWN_MS = 10 * 1000;
export const CODES_PER_HOUR = 5;

/**
 * Creates a new 6-digit code for the address. A reset code voids the previous one. A registration code carries
 * the data of its registration and voids only the code it `replaces` (a resend): two registrations of one address
 * each keep their own code, so the owner's code confirms the owner's data whoever registered before or after them.
 * Refused beyond five codes an hour, and a resend within the countdown.
 */
export async function issueCode(options: { db: Db; email: string; purpose: CodePurpose; registration?: PendingRegistration; replaces?: string }): Promise<string> {
  const { db, email, purpose } = options;
  const now = Date.now();
  const [latest] = await db.select({ createdAt: oneTimeCodes.createdAt }).from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt)).limit(1);
  // A new registration always gets its code (within the hourly limit): the countdown holds back resends only, so
  // that someone registering an address a moment earlier cannot leave its owner without a code of their own.
  const isNewRegistration = purpose === 'registration' && !options.replaces;
  if (latest && !isNewRegistration && now - latest.createdAt.getTime() < RESEND_COUNTDOWN_MS) {
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
    const voided = purpose === 'registration'
      ? (options.replaces ? eq(oneTimeCodes.id, options.replaces) : undefined)
      : and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, purpose));
    if (voided) await tx.update(oneTimeCodes).set({ consumedAt: new Date(now) }).where(and(voided, isNull(oneTimeCodes.consumedAt)));
    await tx.insert(oneTimeCodes).values({ email, purpose, codeHash, createdAt: new Date(now), expiresAt: new Date(now + CODE_TTL_MS), registration: options.registration ?? null });
  });
  return code;
}

/**
 * Checks a code against the address's live codes (one for a reset; one per registration not yet confirmed); the
 * fifth wrong try voids them. With `consume` a right code is used up, exactly once, with every other live code
 * of its purpose; the answer is the registration it confirms, if any.
 *
 * A try is counted before its guess is compared, in one UPDATE … RETURNING that refuses once five are spent: the
 * database serialises concurrent tries on the rows, so thirty guesses sent at once get five comparisons, not thirty.
 */
export async function checkCode(options: { db: Db; email: string; purpose: CodePurpose; code: string; consume: boolean; registration?: string | undefined }): Promise<PendingRegistration | null> {
  const { db, email, purpose, code } = options;
  const invalid = new AppError('invalid_code', 'The code is wrong or has expired.', { fields: { token: ['The code is wrong or has expired.'] } });
  const ofAddress = and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt));
  const live = and(
    ofAddress, gt(oneTimeCodes.expiresAt, new Date()), lt(oneTimeCodes.attempts, CODE_MAX_ATTEMPTS),
    options.registration ? sql`${oneTimeCodes.registration}->>'id' = ${options.registration}` : undefined,
  );
  const tried = await db.update(oneTimeCodes).set({ attempts: sql`${oneTimeCodes.attempts} + 1` }).where(live)
    .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash, attempts: oneTimeCodes.attempts, registration: oneTimeCodes.registration });
  let matched: (typeof tried)[number] | undefined;
  for (const row of tried) if (!matched && (await verifySecret(row.codeHash, code))) matched = row;
  if (!matched) {
    const spent = tried.filter((row) => row.attempts >= CODE_MAX_ATTEMPTS).map((row) => row.id);
    if (spent.length > 0) await db.update(oneTimeCodes).set({ consumedAt: new Date() }).where(inArray(oneTimeCodes.id, spent));
    throw invalid;
  }
  if (options.consume) {
    const [used] = await db.update(oneTimeCodes).set({ consumedAt: new Date() })
      .where(and(eq(oneTimeCodes.id, matched.id), isNull(oneTimeCodes.consumedAt))).returning({ id: oneTimeCodes.id });
    if (!used) throw invalid;
    await db.update(oneTimeCodes).set({ consumedAt: new Date() }).where(and(ofAddress, ne(oneTimeCodes.id, matched.id)));
  } else {
    // Checking a right code ahead of using it (the reset screen does) is not a guess.
    await db.update(oneTimeCodes).set({ attempts: sql`${oneTimeCodes.attempts} - 1` }).where(inArray(oneTimeCodes.id, tried.map((row) => row.id)));
  }
  return matched.registration;
}
