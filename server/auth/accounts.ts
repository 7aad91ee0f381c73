import crypto from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { recordAuditEvent } from '../db/audit-log.js';
import type { Db } from '../db/client.js';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { mailText, mailTime } from '../mail/messages.js';
import { checkCode, type CodePurpose, issueCode } from './codes.js';
import { checkPasswordStrength } from './password-strength.js';
import { hashSecret, verifyDecoy, verifySecret } from './passwords.js';
import { countHit, resetCounter } from './rate-counters.js';
import { oneTimeCodes, type PendingRegistration, users } from './tables.js';
import { type IssuedToken, issueToken, revokeUserTokens, type SignedInUser } from './tokens.js';

type User = typeof users.$inferSelect;

export interface AccountContext {
  db: Db;
  /** Raw SQL on the same database (the rate limit counters). */
  run: Run;
  mailer: Mailer;
  tokenTtlHours: number;
  /** Where a mail sends the reader to sign in. */
  publicUrl: string;
  /** Sign-in attempts one account takes in `SIGN_IN_WINDOW_MS` before sign-ins to it pause. */
  signInAttemptsPerAccount: number;
}

/** The window of the per-account sign-in limit; the pause lasts what remains of it. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

const findUserByEmail = async (db: Db, email: string): Promise<User | undefined> =>
  (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

async function mailCode(context: AccountContext, user: Pick<User, 'email' | 'name' | 'locale'>, purpose: CodePurpose, registration?: { data: PendingRegistration; replaces?: string }) {
  const code = await issueCode({ db: context.db, email: user.email, purpose, registration: registration?.data, replaces: registration?.replaces });
  const intro = mailText(user.locale, purpose === 'registration' ? 'registrationIntro' : 'resetIntro', { name: user.name });
  // Two registrations of one address get a code each: the mail says which registration its code confirms.
  const whose = registration ? `\n${mailText(user.locale, 'registrationFor', { name: user.name, time: mailTime(user.locale, new Date()) })}\n` : '';
  await context.mailer.send({
    to: user.email,
    subject: mailText(user.locale, purpose === 'registration' ? 'codeSubject' : 'resetSubject', { code }),
    text: `${intro}\n\n    ${code}\n\n${mailText(user.locale, 'codeExpiry', {})}\n${whose}`,
  });
}

/**
 * Registers an address. The answer is the same whether the address is new, waiting for verification or already
 * verified, so that registration does not tell which addresses have accounts: a new address gets an unverified
 * account; every registration of an address not yet verified gets a code that confirms its own name and password
 * (never changing what an earlier registration's code confirms); the owner of a verified address gets a notice.
 */
export async function registerUser(context: AccountContext, input: { email: string; password: string; name: string; locale?: string }): Promise<{ registration: string }> {
  const existing = await findUserByEmail(context.db, input.email);
  await checkPasswordStrength(input.password, input);
  const { id, ...data }: PendingRegistration = {
    id: crypto.randomUUID(), name: input.name, passwordHash: await hashSecret(input.password), locale: input.locale ?? existing?.locale ?? 'vi',
  };
  if (existing?.isVerified) {
    // The other path hashes a one-time code: hash one here too, so the time taken does not tell a verified address.
    await hashSecret(crypto.randomUUID());
    await noticeToOwner(context, existing);
  } else {
    const user = existing ?? (await context.db.insert(users).values({ email: input.email, ...data }).onConflictDoNothing().returning())[0];
    if (user) await mailCodeWithinLimits(context, { email: user.email, name: data.name, locale: data.locale }, 'registration', { data: { id, ...data } });
  }
  return { registration: id };
}

/** Tells the owner of a verified address that someone tried to register it, at most once an hour. */
async function noticeToOwner(context: AccountContext, user: User): Promise<void> {
  const { hits } = await countHit(context.run, `registration-notice:${user.email}`, 3600_000);
  if (hits > 1) return;
  await context.mailer.send({
    to: user.email,
    subject: mailText(user.locale, 'accountExistsSubject', {}),
    text: `${mailText(user.locale, 'accountExists', { name: user.name, url: context.publicUrl })}\n`,
  });
}

/** How a session began, and from where: kept in the audit log. */
interface SignInOrigin {
  method: 'password' | 'google' | 'registration';
  ip?: string | undefined;
}

const recordFailedSignIn = (context: AccountContext, email: string, reason: string, origin: SignInOrigin) =>
  recordAuditEvent(context.db, { action: 'sign_in_failed', actorId: null, subject: email.slice(0, 254), details: { reason, method: origin.method, ip: origin.ip } });

/** A new session for the user, unless an administrator disabled the account; the sign-in is recorded on the user and in the audit log. */
async function startSession(context: AccountContext, user: User, origin: SignInOrigin): Promise<IssuedToken> {
  if (user.disabledAt) {
    await recordFailedSignIn(context, user.email, 'account_disabled', origin);
    throw new AppError('account_disabled', 'This account is disabled. Ask the platform administrators to enable it.');
  }
  const token = await issueToken({ db: context.db, userId: user.id, ttlHours: context.tokenTtlHours });
  await context.db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
  await recordAuditEvent(context.db, { action: 'sign_in', actorId: user.id, subject: user.email, details: { method: origin.method, ip: origin.ip } });
  return token;
}

/** Verifies the address with a registration code; the account takes the name and password of that code's registration. */
export async function confirmRegistration(context: AccountContext, input: { email: string; token: string; registration?: string | undefined; ip?: string }): Promise<IssuedToken> {
  const confirmed = await checkCode({ db: context.db, email: input.email, purpose: 'registration', code: input.token, consume: true, registration: input.registration });
  const data = confirmed ? { name: confirmed.name, passwordHash: confirmed.passwordHash, locale: confirmed.locale } : {};
  const [user] = await context.db.update(users)
    .set({ ...data, isVerified: true, updatedOn: new Date() })
    .where(and(eq(users.email, input.email), eq(users.isVerified, false))).returning();
  if (!user) throw new AppError('invalid_code', 'The code is wrong or has expired.');
  return startSession(context, user, { method: 'registration', ip: input.ip });
}

/**
 * Mails a new code for a registration of an address that waits for verification: the one named (as the
 * registration answered it), else the latest. Called after the answer has gone (see `AfterReply`): the countdown
 * and hourly limits still apply, silently, because an answer that named them would tell that the account exists.
 */
export async function resendRegistrationCode(context: AccountContext, input: { email: string; locale?: string; registration?: string | undefined }): Promise<void> {
  const user = await findUserByEmail(context.db, input.email);
  if (!user || user.isVerified) return;
  const [latest] = await context.db.select({ id: oneTimeCodes.id, registration: oneTimeCodes.registration, consumedAt: oneTimeCodes.consumedAt }).from(oneTimeCodes)
    .where(and(
      eq(oneTimeCodes.email, user.email), eq(oneTimeCodes.purpose, 'registration'),
      input.registration ? sql`${oneTimeCodes.registration}->>'id' = ${input.registration}` : isNull(oneTimeCodes.consumedAt),
    ))
    .orderBy(desc(oneTimeCodes.createdAt)).limit(1);
  if (!latest?.registration) return;
  const data = latest.registration;
  await mailCodeWithinLimits(context, { email: user.email, name: data.name, locale: input.locale ?? data.locale }, 'registration', { data, ...(latest.consumedAt ? {} : { replaces: latest.id }) });
}

/**
 * Signs in with a password; every refusal is recorded with the address tried. Each account takes a limited
 * number of attempts in a window whatever addresses they come from (a success clears the count); the attempt
 * that reaches the limit mails the owner.
 */
export async function signIn(context: AccountContext, input: { email: string; password: string; ip?: string }): Promise<IssuedToken> {
  const email = input.email.trim().toLowerCase();
  const origin: SignInOrigin = { method: 'password', ip: input.ip };
  const counter = `sign-in:${email}`;
  const attempts = await countHit(context.run, counter, SIGN_IN_WINDOW_MS);
  const user = await findUserByEmail(context.db, email);
  if (attempts.hits > context.signInAttemptsPerAccount) {
    if (attempts.hits === context.signInAttemptsPerAccount + 1 && user) await warnOwnerOfPause(context, user, attempts.hits);
    await recordFailedSignIn(context, email, 'account_paused', origin);
    const minutes = Math.ceil(attempts.ttlMs / 60_000);
    throw new AppError('rate_limited', `Too many sign-in attempts for this account. Try again in ${minutes} minutes.`, { extra: { retry_after: Math.ceil(attempts.ttlMs / 1000) } });
  }
  const valid = user?.passwordHash ? await verifySecret(user.passwordHash, input.password) : await verifyDecoy(input.password);
  if (!user || !valid) {
    await recordFailedSignIn(context, email, 'invalid_credentials', origin);
    throw new AppError('invalid_credentials', 'Unable to log in with provided credentials.');
  }
  if (!user.isVerified) {
    await recordFailedSignIn(context, email, 'email_not_verified', origin);
    throw new AppError('email_not_verified', 'Your e-mail address is not verified yet.');
  }
  await resetCounter(context.run, counter);
  return startSession(context, user, origin);
}

async function warnOwnerOfPause(context: AccountContext, user: User, attempts: number): Promise<void> {
  const values = { name: user.name, attempts: String(attempts), minutes: String(SIGN_IN_WINDOW_MS / 60_000), url: context.publicUrl };
  await context.mailer.send({ to: user.email, subject: mailText(user.locale, 'signInLockedSubject', {}), text: `${mailText(user.locale, 'signInLocked', values)}\n` });
}

/** Mails a reset code when the address has an account; called after the answer has gone, like the resend. */
export async function requestPasswordReset(context: AccountContext, input: { email: string; locale?: string }): Promise<void> {
  const user = await findUserByEmail(context.db, input.email);
  if (user) await mailCodeWithinLimits(context, { ...user, locale: input.locale ?? user.locale }, 'password_reset');
}

async function mailCodeWithinLimits(context: AccountContext, user: Pick<User, 'email' | 'name' | 'locale'>, purpose: CodePurpose, registration?: { data: PendingRegistration; replaces?: string }): Promise<void> {
  try {
    await mailCode(context, user, purpose, registration);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

export async function validateResetCode(context: AccountContext, input: { email: string; token: string }): Promise<void> {
  await checkCode({ db: context.db, email: input.email, purpose: 'password_reset', code: input.token, consume: false });
}

/** Sets the new password and signs the user out everywhere. A reset also proves the address. */
export async function confirmPasswordReset(context: AccountContext, input: { email: string; token: string; password: string }): Promise<void> {
  // Checked before the code is used, so that a refused password leaves the code for a better one.
  await checkPasswordStrength(input.password, { email: input.email, name: (await findUserByEmail(context.db, input.email))?.name });
  await checkCode({ db: context.db, email: input.email, purpose: 'password_reset', code: input.token, consume: true });
  const [user] = await context.db.update(users)
    .set({ passwordHash: await hashSecret(input.password), isVerified: true, updatedOn: new Date() })
    .where(eq(users.email, input.email)).returning();
  if (!user) throw new AppError('invalid_code', 'The code is wrong or has expired.');
  // The reset proved the address: registrations still waiting for it can no longer confirm other data.
  await context.db.update(oneTimeCodes).set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.email, input.email), eq(oneTimeCodes.purpose, 'registration'), isNull(oneTimeCodes.consumedAt)));
  await revokeUserTokens({ db: context.db, userId: user.id });
}

/** Answers a fresh token; every other session of the user ends. */
export async function changePassword(context: AccountContext, input: { user: SignedInUser; oldPassword: string; newPassword: string }): Promise<IssuedToken> {
  const { user } = input;
  if (!user.passwordHash || !(await verifySecret(user.passwordHash, input.oldPassword))) {
    throw new AppError('wrong_password', 'The current password is wrong.', { fields: { old_password: ['The current password is wrong.'] } });
  }
  await checkPasswordStrength(input.newPassword, user, 'new_password');
  await context.db.update(users).set({ passwordHash: await hashSecret(input.newPassword), updatedOn: new Date() }).where(eq(users.id, user.id));
  await revokeUserTokens({ db: context.db, userId: user.id });
  return issueToken({ db: context.db, userId: user.id, ttlHours: context.tokenTtlHours });
}

/**
 * Signs in the owner of a verified Google address, creating the account on first use. An account nobody has
 * verified yet loses its password and pending registrations: whoever set them never proved the address, Google's
 * owner has (they can set a password later).
 */
export async function signInWithVerifiedEmail(context: AccountContext, input: { email: string; name: string; picture?: string; ip?: string }): Promise<IssuedToken> {
  let user = await findUserByEmail(context.db, input.email);
  if (!user) {
    [user] = await context.db.insert(users).values({ email: input.email, name: input.name || input.email, isVerified: true, profilePicture: null }).returning();
  } else if (!user.isVerified) {
    [user] = await context.db.update(users)
      .set({ isVerified: true, passwordHash: null, name: input.name || user.name, updatedOn: new Date() })
      .where(eq(users.id, user.id)).returning();
    await context.db.update(oneTimeCodes).set({ consumedAt: new Date() })
      .where(and(eq(oneTimeCodes.email, input.email), eq(oneTimeCodes.purpose, 'registration'), isNull(oneTimeCodes.consumedAt)));
  }
  if (!user) throw new Error('user was not saved');
  return startSession(context, user, { method: 'google', ip: input.ip });
}

export async function updateProfile(db: Db, userId: string, changes: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set({ ...changes, updatedOn: new Date() }).where(eq(users.id, userId));
}
