import { boolean, customType, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.js';
import { companies, folderSets } from '../companies/tables.js';

/** A saved origin schedule (history): what was claimed for an export line under an agreement, and the answer given. */
export const originSchedules = pgTable('origin_schedules', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  companyId: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
  folderSetId: uuid().notNull().references(() => folderSets.id, { onDelete: 'cascade' }),
  ecusId: integer().notNull(),
  option: text().notNull(),
  criteria: text(),
  priceType: text().notNull(),
  priceValue: numeric(),
  pricePercent: numeric(),
  /** Null: no rule of origin was loaded for the product's code under the agreement, so no verdict. */
  fulfilled: boolean(),
  answer: jsonb().notNull(),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [index('origin_schedules_scope_idx').on(table.companyId, table.folderSetId, table.ecusId)]);

/**
 * The C/O stock a saved schedule consumed: the quantity of an import line or purchase it cites. What one export
 * line claims is not available to another, so the same imported quantity is never claimed twice.
 */
export const originClaims = pgTable('origin_claims', {
  scheduleId: integer().notNull().references(() => originSchedules.id, { onDelete: 'cascade' }),
  source: text({ enum: ['ecus', 'purchase'] }).notNull(),
  sourceId: integer().notNull(),
  quantity: numeric().notNull(),
}, (table) => [primaryKey({ columns: [table.scheduleId, table.source, table.sourceId] }), index('origin_claims_source_idx').on(table.source, table.sourceId)]);

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A Word document a company member uploaded to go into a dossier beside its schedules (a signed supplier declaration,
 * a cover letter): kept in the database, so every server can merge it, and seen only by the company's members.
 */
export const originUploads = pgTable('origin_uploads', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  companyId: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
  uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  fileName: text().notNull(),
  size: integer().notNull(),
  content: bytea().notNull(),
  uploadedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [index('origin_uploads_company_idx').on(table.companyId, table.uploadedAt)]);
