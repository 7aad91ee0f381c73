import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.js';

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
