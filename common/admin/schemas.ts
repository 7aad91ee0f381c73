import { z } from 'zod';
import { tariffYears } from '../lookup/query.js';

/** Payloads of the platform administration area (/admin): users, contact questions, lookup data loads and the audit log. */

const timestamp = z.string().describe('ISO 8601, UTC');
const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
};
const pageOf = <T extends z.ZodType>(row: T) => z.object({ count: z.number().int(), results: z.array(row) });

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  is_admin: z.boolean(),
  is_verified: z.boolean(),
  date_joined: timestamp,
  last_sign_in_at: timestamp.nullable(),
  disabled_at: timestamp.nullable(),
  active_sessions: z.number().int().describe('Bearer tokens neither revoked nor expired'),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserQuerySchema = z.object({ search: z.string().trim().max(200).optional(), ...pageQuery });
export const adminUserPageSchema = pageOf(adminUserSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** A visitor's question from the contact form, and whether an administrator has dealt with it. */
export const questionStatuses = ['open', 'answered', 'all'] as const;
export type QuestionStatus = (typeof questionStatuses)[number];

export const questionSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  excerpt: z.string().describe('The first 200 characters of the question'),
  created_at: timestamp,
  mailed_at: timestamp.nullable(),
  answered_at: timestamp.nullable(),
  answered_by: z.string().nullable().describe('E-mail address of the administrator who marked it answered'),
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
});
export type QuestionSummary = z.infer<typeof questionSummarySchema>;

export const questionSchema = questionSummarySchema.omit({ excerpt: true }).extend({ question: z.string() });
export type Question = z.infer<typeof questionSchema>;

export const questionQuerySchema = z.object({ status: z.enum(questionStatuses).default('open'), ...pageQuery });
export const questionPageSchema = pageOf(questionSummarySchema);
export type QuestionPage = z.infer<typeof questionPageSchema>;
export const questionAnsweredSchema = z.object({ answered: z.boolean() });

/**
 * The kinds of lookup data an administrator loads from a file: the tariff, procedures, decisions and origin rules
 * replace one tariff year's data; the others are replaced as a whole (the synonyms and Korean product names add to
 * the search's shipped tables).
 */
export const lookupDataKinds = ['tariff', 'procedures', 'decisions', 'regulations', 'origin', 'co', 'synonyms', 'korean_terms'] as const;
export type LookupDataKind = (typeof lookupDataKinds)[number];
export const kindTakesYear = (kind: LookupDataKind): boolean => kind === 'tariff' || kind === 'procedures' || kind === 'decisions' || kind === 'origin';

export const lookupLoadStatuses = ['queued', 'running', 'succeeded', 'failed', 'interrupted'] as const;
export type LookupLoadStatus = (typeof lookupLoadStatuses)[number];
/** What a running load does now: reading and checking the file, then replacing the data in one transaction. */
export const lookupLoadStages = ['reading', 'replacing'] as const;

export const lookupLoadSchema = z.object({
  id: z.number().int(),
  kind: z.enum(lookupDataKinds),
  year: z.number().int().nullable(),
  file_name: z.string(),
  status: z.enum(lookupLoadStatuses),
  stage: z.enum(lookupLoadStages).nullable(),
  rows_read: z.number().int().nullable(),
  rows: z.number().int().nullable().describe('Rows stored once the load succeeded'),
  error: z.string().nullable().describe('Why it failed, in English'),
  failure: z.object({ code: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable()
    .describe('Why it failed as a code and its values, for the reader\'s language'),
  started_by: z.string().nullable(),
  created_at: timestamp,
  finished_at: timestamp.nullable(),
  duration_ms: z.number().int().nullable(),
});
export type LookupLoad = z.infer<typeof lookupLoadSchema>;

export const lookupLoadInputSchema = z.object({
  kind: z.enum(lookupDataKinds),
  year: z.coerce.number().int().optional(),
  upload_id: z.string().max(36).optional(),
}).refine((input) => !kindTakesYear(input.kind) || (tariffYears as readonly number[]).includes(input.year ?? NaN), {
  message: `A tariff year: ${tariffYears.join(', ')}`, path: ['year'],
});
export const lookupLoadQuerySchema = z.object({ ...pageQuery });
export const lookupLoadPageSchema = pageOf(lookupLoadSchema);
export type LookupLoadPage = z.infer<typeof lookupLoadPageSchema>;

/** What the audit log records; each event names who did it, when, on what (`subject`) and, where it applies, in which company. */
export const auditActions = [
  'sign_in', 'sign_in_failed',
  'member_role_changed', 'member_removed', 'company_deleted', 'folder_set_deleted',
  'import_started', 'import_rolled_back',
  'user_disabled', 'user_enabled', 'sessions_reset', 'lookup_load_started', 'question_answered', 'question_reopened',
  'statement_template_changed',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: timestamp,
  action: z.enum(auditActions),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  subject: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the date format YYYY-MM-DD.' });
export const auditQuerySchema = z.object({
  action: z.enum(auditActions).optional(),
  search: z.string().trim().max(200).optional().describe('Part of the subject or of the actor\'s e-mail address'),
  from: isoDay.optional().describe('First day, UTC'),
  to: isoDay.optional().describe('Last day, UTC'),
  ...pageQuery,
});
export const auditPageSchema = pageOf(auditEventSchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
