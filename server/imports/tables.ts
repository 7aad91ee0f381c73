import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { importTypes } from '../../common/resources/define.js';
import { users } from '../auth/tables.js';
import { companies, folderSets } from '../companies/tables.js';

/** A file uploaded for the import wizard, kept under DATA_DIR/uploads for a day; only its uploader may use it. */
export const uploads = pgTable('uploads', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  fileName: text().notNull(),
  size: bigint({ mode: 'number' }).notNull(),
  format: text({ enum: ['xlsx', 'xls', 'ods', 'csv'] }).notNull(),
  sha256: text().notNull(),
  /** Sheet names, their first rows and the date system, read once at upload. */
  outline: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [index().on(table.createdAt)]);

/**
 * A file other than an import upload (a Word document, a layout template, a picture): what it weighs against its
 * sender's day of uploads (UPLOAD_DAILY_FILES, UPLOAD_DAILY_MB). Kept a day.
 */
export const uploadCounts = pgTable('upload_counts', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text({ enum: ['word', 'template', 'picture'] }).notNull(),
  size: bigint({ mode: 'number' }).notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [index().on(table.userId, table.createdAt)]);

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * An upload's bytes in slices of a megabyte, when uploads are kept in the database (UPLOAD_STORE=database):
 * then any server or worker can read a file another one received.
 */
export const uploadChunks = pgTable('upload_chunks', {
  uploadId: uuid().notNull().references(() => uploads.id, { onDelete: 'cascade' }),
  seq: integer().notNull(),
  data: bytea().notNull(),
}, (table) => [primaryKey({ columns: [table.uploadId, table.seq] })]);

/** The last column mapping a company used for a table and import type, offered first next time. */
export const importSetups = pgTable('import_setups', {
  companyId: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
  resource: text().notNull(),
  importType: text({ enum: importTypes }).notNull(),
  mapping: jsonb().notNull(),
  extraFields: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [primaryKey({ columns: [table.companyId, table.resource, table.importType] })]);

/** One import of a file into a table: its job state, counts and row errors; its rows carry its id. */
export const importRecords = pgTable('import_records', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  companyId: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
  folderSetId: uuid().notNull().references(() => folderSets.id, { onDelete: 'cascade' }),
  resource: text().notNull(),
  importType: text({ enum: importTypes }).notNull(),
  keepPosting: boolean().notNull().default(false),
  /** `interrupted`: its process stopped or was killed midway; nothing of it remains and it can be started again. */
  status: text({ enum: ['queued', 'running', 'succeeded', 'failed', 'interrupted', 'rolled_back'] }).notNull().default('queued'),
  progress: integer().notNull().default(0),
  totalRows: integer().notNull().default(0),
  inserted: integer().notNull().default(0),
  rejected: integer().notNull().default(0),
  /** The first 1,000 problems: [{row, column, field, message}]. */
  errors: jsonb().notNull().default([]),
  /** The first 1,000 rows skipped as no rows of the table (totals, signatures, repeated headers): [{row, reason}]. */
  skipped: jsonb().notNull().default([]),
  traceback: text(),
  /** Why it failed, as a code and its values (`{code: 'rows_refused', values: {refused, total}}`), for the reader's language. */
  failure: jsonb(),
  fromFile: text().notNull(),
  fileSha256: text().notNull(),
  uploadId: uuid().references(() => uploads.id, { onDelete: 'set null' }),
  /** Sheet, header rows, mapping and the values given for every row. */
  options: jsonb().notNull(),
  importedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  finishedAt: timestamp({ withTimezone: true, mode: 'date' }),
  /** The server process running the job, and when it last said so (server/jobs/leases.ts). */
  worker: text(),
  heartbeatAt: timestamp({ withTimezone: true, mode: 'date' }),
  /** Its rows' search text is in `search_texts` (server/resources/search-texts.ts); until then searches fold it row by row. */
  searchIndexed: boolean().notNull().default(false),
  /** What a declaration import declares under a second HS code beside the company's earlier lines (server/precedents/). */
  classificationConflicts: jsonb(),
}, (table) => [index().on(table.companyId, table.folderSetId, table.resource, table.createdAt), index().on(table.status)]);

/** Rows an import turned down, as they were in the sheet, so they can be downloaded, fixed and uploaded again. */
export const importRejectedRows = pgTable('import_rejected_rows', {
  importRecordId: integer().notNull().references(() => importRecords.id, { onDelete: 'cascade' }),
  rowNumber: integer().notNull(),
  cells: jsonb().notNull(),
  message: text().notNull(),
}, (table) => [primaryKey({ columns: [table.importRecordId, table.rowNumber] })]);
