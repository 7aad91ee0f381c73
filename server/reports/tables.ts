import { customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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

/**
 * A report computed as a job (server/jobs/leases.ts) and kept: the statements, the check statement, Form 16 and the
 * overview's charts of a folder set. `stamp` says what data it was computed from (server/reports/report-runs.ts);
 * a request finds a succeeded run of the same stamp and answers its result, or starts one and follows it.
 */
export const reportRuns = pgTable('report_runs', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  companyId: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
  folderSetId: uuid().notNull().references(() => folderSets.id, { onDelete: 'cascade' }),
  /** Which report, with its options (`check-statement:1` at 1 % tolerance). */
  report: text().notNull(),
  stamp: text().notNull(),
  status: text({ enum: ['queued', 'running', 'succeeded', 'failed', 'interrupted'] }).notNull().default('queued'),
  result: jsonb(),
  /** Why it failed, as an API error (`{code, detail}`). */
  failure: jsonb(),
  requestedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  finishedAt: timestamp({ withTimezone: true, mode: 'date' }),
  worker: text(),
  heartbeatAt: timestamp({ withTimezone: true, mode: 'date' }),
}, (table) => [index('report_runs_lookup_idx').on(table.folderSetId, table.report, table.stamp), index('report_runs_status_idx').on(table.status)]);

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A statement layout uploaded as official workbooks (docs/statements.md, "Exports and drill-down"): a company's own,
 * or the platform's (no company) for every company. A folder set names one as its `statement_layout`
 * (`template:<id>`).
 */
export const statementTemplates = pgTable('statement_templates', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  companyId: uuid().references(() => companies.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [index('statement_templates_company_idx').on(table.companyId)]);

/**
 * One form's workbook of a template, kept whole in the database so every server exports from it: where the form
 * sits (sheet, header rows, the signature block's first row) and which workbook column each computed column fills.
 */
export const statementTemplateForms = pgTable('statement_template_forms', {
  templateId: integer().notNull().references(() => statementTemplates.id, { onDelete: 'cascade' }),
  form: text({ enum: ['15', '15a', '16'] }).notNull(),
  fileName: text().notNull(),
  size: integer().notNull(),
  content: bytea().notNull(),
  sheetName: text().notNull(),
  headerFrom: integer().notNull(),
  headerTo: integer().notNull(),
  footerRow: integer(),
  /** Computed column → workbook column letter. */
  mapping: jsonb().$type<Record<string, string>>().notNull(),
  /** The header's name of each workbook column, as the mapping was made against. */
  columns: jsonb().$type<Record<string, string>>().notNull(),
  uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  uploadedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [primaryKey({ columns: [table.templateId, table.form] })]);
