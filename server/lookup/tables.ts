import { index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { lookupDataKinds, lookupLoadStages, lookupLoadStatuses } from '../../common/admin/schemas.js';
import { users } from '../auth/tables.js';
import { uploads } from '../imports/tables.js';

/**
 * A lookup data file an administrator loaded, as a job (server/jobs/leases.ts): queued once uploaded, then read
 * and checked, then replacing the kind's data in one transaction, and finished with its row count or its error.
 */
export const lookupLoads = pgTable('lookup_loads', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  kind: text({ enum: lookupDataKinds }).notNull(),
  year: smallint(),
  fileName: text().notNull(),
  uploadId: uuid().references(() => uploads.id, { onDelete: 'set null' }),
  status: text({ enum: lookupLoadStatuses }).notNull().default('queued'),
  stage: text({ enum: lookupLoadStages }),
  rowsRead: integer(),
  rows: integer(),
  error: text(),
  /** Why it failed as a code and its values (`{code: 'missing_columns', values: {file, columns}}`), for the reader's language. */
  failure: jsonb(),
  startedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  startedAt: timestamp({ withTimezone: true, mode: 'date' }),
  finishedAt: timestamp({ withTimezone: true, mode: 'date' }),
  worker: text(),
  heartbeatAt: timestamp({ withTimezone: true, mode: 'date' }),
}, (table) => [index('lookup_loads_status_idx').on(table.status), index('lookup_loads_created_idx').on(table.createdAt.desc())]);

/**
 * Synonym rules an administrator loaded (kind `synonyms`), read by the search beside data/lookup/synonyms.txt: the
 * names people type and the tariff's wordings for them. A load replaces them all.
 */
export const lookupSynonyms = pgTable('lookup_synonym', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  names: text().array().notNull(),
  wordings: text().array().notNull(),
});

/**
 * Korean product names an administrator loaded (kind `korean_terms`), read beside data/lookup/ko-terms.csv: the term
 * as the search compares it (lower case) and its codes of 4, 6 or 8 digits, the most usual first. A load replaces them all.
 */
export const lookupKoreanTerms = pgTable('lookup_korean_term', {
  term: text().primaryKey(),
  codes: text().array().notNull(),
  en: text().notNull().default(''),
});

/**
 * Where each year's tariff lines come from, written with them in the same transaction: the tariff Dutybook ships (with
 * its source as data/vn-tariff.source.json gave it then), the demonstration set, or a file loaded by an administrator
 * (`load_id`, `loaded_by`) or from the command line.
 */
export const lookupTariffSources = pgTable('lookup_tariff_source', {
  year: smallint().primaryKey(),
  origin: text({ enum: ['shipped', 'demonstration', 'file'] }).notNull(),
  fileName: text().notNull().default(''),
  shipped: jsonb(),
  loadId: integer().references(() => lookupLoads.id, { onDelete: 'set null' }),
  loadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  loadedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The Explanatory Notes to the Harmonized System per heading (data/lookup/heading-notes.tsv.gz, loaded by the seeder
 * while the table is empty): Vietnamese and English, and their words (generated), which join the search context of the
 * heading and the lines under it.
 */
export const lookupHeadingNotes = pgTable('lookup_heading_note', {
  heading: text().primaryKey(),
  vi: text().notNull(),
  en: text().notNull(),
});
