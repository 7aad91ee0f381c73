import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { lookupDataKinds, lookupLoadStages, lookupLoadStatuses } from '../../common/admin/schemas.js';
import { users } from '../auth/tables.js';
import { uploads } from '../imports/tables.js';

/**
 * Who did what and when: sign-ins, changes to companies' members, imports, deletions and administrators' actions.
 * The company is kept by id without a foreign key, so that the deletion of a company stays on record.
 */
export const auditEvents = pgTable('audit_events', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
  action: text().notNull(),
  companyId: uuid(),
  /** What the action was about, as people search for it: an e-mail address, a company or folder set name, a file. */
  subject: text().notNull(),
  details: jsonb().notNull().default({}),
}, (table) => [
  index('audit_events_at_idx').on(table.at.desc(), table.id.desc()),
  index('audit_events_action_at_idx').on(table.action, table.at.desc()),
  index('audit_events_company_at_idx').on(table.companyId, table.at.desc()),
]);

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
