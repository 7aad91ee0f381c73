import { type AnyPgColumn, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.js';

/** A company whose customs data Dutybook keeps; users reach it through memberships. */
export const companies = pgTable('companies', {
  id: uuid().primaryKey().defaultRandom(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text(),
  taxCode: text(),
  companyType: text(),
  phoneNumber: text(),
  profilePicture: text(),
  country: text(),
  address: text(),
  email: text(),
  contact: text(),
  representativeName: text(),
  representativeEmail: text(),
  representativeContact: text(),
  picName: text(),
  picContact: text(),
  picEmail: text(),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /**
   * Counts writes to the company's business rows (server/db/data-version.ts): a computed report remembers the count
   * it was computed at, and is computed again once the count has moved.
   */
  dataVersion: integer().notNull().default(0),
  /** The forms its reports follow (`tt39`, `tt121`: common/statements/generation.ts); null follows each period's end date. */
  formGeneration: text({ enum: ['tt39', 'tt121'] }),
  lastUpdated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A user's role in a company: owner, admin (settings, members), member (data), viewer (read only). */
export const memberships = pgTable('memberships', {
  companyId: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
  userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  role: text({ enum: ['owner', 'admin', 'member', 'viewer'] }).notNull(),
  since: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [primaryKey({ columns: [table.companyId, table.userId] }), index().on(table.userId)]);

/** An invitation to an address with no account yet; it becomes a membership when that address verifies. */
export const invitations = pgTable('invitations', {
  companyId: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
  email: text().notNull(),
  role: text({ enum: ['owner', 'admin', 'member', 'viewer'] }).notNull(),
  invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [primaryKey({ columns: [table.companyId, table.email] }), index().on(table.email)]);

/** A reporting period (folder set) of a company under one customs regime; business rows belong to one. */
export const folderSets = pgTable('folder_sets', {
  id: uuid().primaryKey().defaultRandom(),
  companyId: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
  slug: text().notNull(),
  name: text().notNull(),
  year: integer().notNull(),
  dateStart: date({ mode: 'string' }).notNull(),
  dateEnd: date({ mode: 'string' }).notNull(),
  typeCode: text().notNull(),
  folderType: text(),
  /** The period before this one, whose computed closing stock is this one's opening (domain §1). */
  previousFolderSetId: uuid().references((): AnyPgColumn => folderSets.id, { onDelete: 'set null' }),
  /** The official layout the statements are exported in: TT 39/2018 today, TT 121/2025 for periods from 2026. */
  statementLayout: text().notNull().default('tt39_2018'),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastUpdated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [unique().on(table.companyId, table.slug)]);
