import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  fulfilled: boolean().notNull(),
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
