import { z } from 'zod';
import { bcqtSubTypes, biReportTypes } from './report-types.js';

const money = z.string().describe('VND, rounded to the unit');

/** How the C/O utilisation figures are grouped: one request, one statement per view. */
export const coUtilisationViews = ['agreement', 'supplier', 'material'] as const;
export type CoUtilisationView = (typeof coUtilisationViews)[number];

/** Of the lines behind a value: those whose customs value was derived, and those without one, left out of it. */
const valueLines = {
  derived_lines: z.number().int().describe('Lines whose customs value was derived from the invoice value × exchange rate'),
  missing_lines: z.number().int().describe('Lines without a customs value, nor an invoice value and exchange rate: left out of the values'),
};

/** The overview's declaration charts; a value is null when none of its lines has one, never 0. */
export const dashboardSchema = z.object({
  by_month: z.array(z.object({
    month: z.string(), direction: z.enum(['import', 'export']), type_code: z.string(), lines: z.number().int(), value: money.nullable(), ...valueLines,
  })),
  top_materials: z.array(z.object({ code: z.string(), name: z.string().nullable(), value: money.nullable(), lines: z.number().int(), ...valueLines })),
  duty: z.array(z.object({
    month: z.string(), paid: money, exempted_value: money.nullable().describe('Customs value of the import lines that paid no duty'),
    ...valueLines,
  }).describe('derived_lines and missing_lines count the lines that paid no duty')),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const coUtilisationRowSchema = z.object({
  key: z.string().nullable().describe('Agreement code, partner name or material code; null: none (no agreement applies, no partner named)'),
  label: z.string().nullable().describe('Supplier: the origin country; material: its name'),
  lines: z.number().int(),
  ...valueLines,
  value: money.describe('Customs value of the import lines'),
  with_co_value: money.describe('Customs value of lines declared with a preferential C/O'),
  without_co_value: money.describe('Customs value of lines without one'),
  saving: money.describe('Duty an agreement open to the origin would have saved on the lines without a C/O: (MFN − preferential rate) × value'),
});
export type CoUtilisationRow = z.infer<typeof coUtilisationRowSchema>;

export const coUtilisationSchema = z.object({
  view: z.enum(coUtilisationViews),
  rows: z.array(coUtilisationRowSchema),
  totals: coUtilisationRowSchema.omit({ key: true, label: true }),
});
export type CoUtilisation = z.infer<typeof coUtilisationSchema>;

/** The check statement on the overview: its rows by status and the open ones of the largest duty at stake. */
export const statementCheckChartSchema = z.object({
  by_status: z.array(z.object({
    status: z.enum(['ok', 'open', 'explained']), rows: z.number().int(), duty_exposure: money.describe('Of the rows whose duty at stake could be computed'),
    duty_unknown_rows: z.number().int().describe('Rows with a shortfall whose duty at stake cannot be computed: their latest import has no customs value'),
  })),
  top_open: z.array(z.object({ code: z.string(), name: z.string().nullable(), duty_exposure: money })),
  derived_value_rows: z.number().int().describe('Rows whose duty at stake uses a customs value derived from the invoice value × exchange rate'),
});
export type StatementCheckChart = z.infer<typeof statementCheckChartSchema>;

/** Saved origin schedules on the overview: the latest judgement of each export line per agreement. */
export const originPassChartSchema = z.object({
  by_agreement: z.array(z.object({ agreement: z.string(), schedules: z.number().int(), fulfilled: z.number().int() })),
});
export type OriginPassChart = z.infer<typeof originPassChartSchema>;

export { bcqtSubTypes, biReportTypes };

export const biReportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  embed_url: z.string(),
  type: z.enum(biReportTypes),
  sub_type: z.enum(bcqtSubTypes).nullable(),
});
export type BiReport = z.infer<typeof biReportSchema>;

export const biReportInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  embed_url: z.string().trim().url().max(2000).refine((url) => url.startsWith('https://'), 'An https address'),
  type: z.enum(biReportTypes),
  sub_type: z.enum(bcqtSubTypes).nullable().optional(),
}).refine((report) => (report.type === 'BCQT') === Boolean(report.sub_type), { message: 'BCQT reports name a sub type (GC, SXXK or Standard); others none', path: ['sub_type'] });

/** The signed-in user's reports, and the same grouped by type as the specification's `reports_by_type`. */
export const myReportsSchema = z.object({
  reports: z.array(biReportSchema),
  reports_by_type: z.record(z.string(), z.array(biReportSchema)),
});
export type MyReports = z.infer<typeof myReportsSchema>;

export const assignmentSchema = z.object({ report_ids: z.array(z.number().int().positive()).max(500) });

/**
 * How the browser shows one report: `powerbi` with an embed token the server minted for the report (so no BI
 * credentials reach the browser), refreshed before `expires_at`; `frame` framed from its embed address as it is.
 */
const embedBase = { id: z.number().int(), name: z.string(), embed_url: z.string() };
export const reportEmbedSchema = z.discriminatedUnion('type', [
  z.object({
    ...embedBase,
    type: z.literal('powerbi'),
    report_id: z.string().describe('The Power BI report id the embed token is for'),
    token: z.string().describe('A Power BI embed token (tokenType Embed) with view access to this report only'),
    expires_at: z.string().describe('When the token expires (ISO 8601); ask again before then'),
  }),
  z.object({ ...embedBase, type: z.literal('frame') }),
]);
export type ReportEmbed = z.infer<typeof reportEmbedSchema>;
