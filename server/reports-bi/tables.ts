import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.js';

/** The business-intelligence reports platform administrators publish; each is framed from its embed address. */
export const biReports = pgTable('bi_reports', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  embedUrl: text().notNull(),
  type: text().notNull(),
  subType: text(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [
  check('bi_reports_type_check', sql`${table.type} IN ('XNK-UTM-CO', 'BCQT', 'Tax')`),
  // Only BCQT reports are split by regime; a sub type elsewhere would be a report nobody finds.
  check('bi_reports_sub_type_check', sql`(${table.type} = 'BCQT' AND ${table.subType} IN ('GC', 'SXXK', 'Standard')) OR (${table.type} <> 'BCQT' AND ${table.subType} IS NULL)`),
]);

/** Which user sees which report: a user sees only the reports assigned to them. */
export const biReportAssignments = pgTable('bi_report_assignments', {
  userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  reportId: integer().notNull().references(() => biReports.id, { onDelete: 'cascade' }),
  assignedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (table) => [primaryKey({ columns: [table.userId, table.reportId] }), index('bi_report_assignments_report_idx').on(table.reportId)]);
