import { integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.js';
import { companies, folderSets } from '../companies/tables.js';

/**
 * Which statement column a declaration type code feeds, per regime (domain §3): the presets have no
 * company; a company's own row for the same regime, code and form replaces the preset.
 */
export const typeCodeRules = pgTable('type_code_rules', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  companyId: uuid().references(() => companies.id, { onDelete: 'cascade' }),
  regime: text().notNull(),
  typeCode: text().notNull(),
  form: text({ enum: ['15', '15a'] }).notNull(),
  columnName: text().notNull(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [unique('type_code_rules_company_id_regime_type_code_form_unique').on(table.companyId, table.regime, table.typeCode, table.form).nullsNotDistinct()]);

/** A check-statement row's review: its status and the explanation that settles a difference. */
export const checkStatementNotes = pgTable('check_statement_notes', {
  folderSetId: uuid().notNull().references(() => folderSets.id, { onDelete: 'cascade' }),
  code: text().notNull(),
  companyId: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
  status: text({ enum: ['open', 'explained', 'ok'] }).notNull(),
  explanation: text(),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [primaryKey({ columns: [table.folderSetId, table.code] })]);
