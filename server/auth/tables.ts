import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A person who signs in. Google-only users have no password hash. */
export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  passwordHash: text(),
  name: text().notNull(),
  phone: text(),
  birthday: date({ mode: 'string' }),
  sex: text(),
  position: text(),
  address: text(),
  bio: text(),
  profilePicture: text(),
  locale: text().notNull().default('vi'),
  isVerified: boolean().notNull().default(false),
  /** Platform administrator: manages the public lookup data; not a company role. */
  isAdmin: boolean().notNull().default(false),
  dateJoined: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedOn: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastSignInAt: timestamp({ withTimezone: true, mode: 'date' }),
  /** Set by a platform administrator: the user cannot sign in and their tokens no longer authenticate. */
  disabledAt: timestamp({ withTimezone: true, mode: 'date' }),
});

/** A bearer token; only its SHA-256 is stored, so a database leak does not leak sessions. */
export const accessTokens = pgTable('access_tokens', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
  /** Moved on as the token is used (at most once a minute): a token idle for SESSION_TIMEOUT_MIN stops authenticating. */
  lastUsedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [index().on(table.userId)]);

/** A 6-digit code e-mailed for registration or password reset; stored hashed, with expiry and an attempt count. */
export const oneTimeCodes = pgTable('one_time_codes', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull(),
  purpose: text({ enum: ['registration', 'password_reset'] }).notNull(),
  codeHash: text().notNull(),
  attempts: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  /** Set when used, voided by too many wrong tries, or replaced by a newer code. */
  consumedAt: timestamp({ withTimezone: true, mode: 'date' }),
  /**
   * A registration code confirms the data of the registration it was mailed for (name, password hash, locale),
   * so a second registration of an address not yet verified cannot change what the owner's code confirms.
   */
  registration: jsonb().$type<PendingRegistration>(),
}, (table) => [index().on(table.email, table.purpose, table.createdAt)]);

export interface PendingRegistration {
  /** Names the registration across its resent codes; the registration answers it to its client. */
  id: string;
  name: string;
  passwordHash: string;
  locale: string;
}

/** A Google ID token already exchanged for a session (its SHA-256, until it expires): a token is accepted once. */
export const usedIdTokens = pgTable('used_id_tokens', {
  tokenHash: text().primaryKey(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Request counters of the rate limits (per client address and route, per account), in the database so that
 * every server and a restart share them. A window starts with its first hit.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text().primaryKey(),
  windowStartedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  hits: integer().notNull(),
});
