import { z } from 'zod';
import { formGenerations } from './generation.js';

/** The report query: the folder set (period), and optionally one cell to drill into or an Excel file. */
export const reportQuerySchema = z.object({
  company_slug: z.string().min(1).max(100),
  folder_slug: z.string().min(1).max(100),
  format: z.enum(['json', 'xlsx']).optional().describe('xlsx: the official layout (Form 15/BCQT-NVL/GSQL, 15a/BCQT-SP/GSQL of Circular 39/2018)'),
  code: z.string().max(100).optional().describe('With drill: the code whose cell to open'),
  drill: z.string().max(50).optional().describe('With code: the column whose source lines to list (begin_value … end_value)'),
  lang: z.string().max(5).optional(),
  wait: z.enum(['true', 'false']).optional().describe('false: answer 202 with the run at once while the report is being computed, rather than wait for it'),
});

/** A report being computed as a job (answered with 202 until it has succeeded; GET /api/new-balance/report-runs/{id}/ follows it). */
export const reportRunSchema = z.object({
  id: z.number().int(), report: z.string(), status: z.enum(['queued', 'running', 'succeeded', 'failed', 'interrupted']),
  created_at: z.string(), finished_at: z.string().nullable(), failure: z.object({ code: z.string(), detail: z.string() }).nullable(),
});
export type ReportRun = z.infer<typeof reportRunSchema>;
export const reportRunAnswerSchema = z.object({ run: reportRunSchema });

const quantity = z.string().describe('A decimal number as text, in the row unit');

/**
 * Where a declaration line's customs value comes from: as declared (`Trị giá tính thuế`), derived from its invoice value
 * × exchange rate when that column is empty, or missing (neither): a figure on a missing value is not computed, never 0.
 */
export const valueSources = ['declared', 'derived', 'missing'] as const;
export type ValueSource = (typeof valueSources)[number];

export const rowProblemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('negative_closing') }),
  z.object({ kind: z.literal('unit_mismatch'), detail: z.string().describe('The source and its unit, which cannot be summed with the row unit') }),
]);

const rowBase = {
  code: z.string(), name: z.string().nullable(), unit: z.string().nullable(), note: z.string().nullable(),
  /** The closing is below zero: a missing import, a wrong code mapping, a unit mismatch or an over-issue. */
  negative: z.boolean(),
  problems: z.array(rowProblemSchema),
};

export const statement15RowSchema = z.object({
  ...rowBase,
  begin_value: quantity, take_in: quantity, re_export: quantity, re_purpose: quantity, export_to_produce: quantity, other_export: quantity, end_value: quantity,
});
export const statement15aRowSchema = z.object({
  ...rowBase,
  begin_quantity: quantity, take_in: quantity, re_purpose: quantity, exportt: quantity, other_export: quantity, end_quantity: quantity,
  take_in_production: quantity.describe('Of take_in, the products received from production (Circular 121 shows it apart)'),
  take_in_returned: quantity.describe('Of take_in, the goods declared back in: re-imported and returned products (Circular 121 shows it apart)'),
});
export type Statement15Row = z.infer<typeof statement15RowSchema>;
export type Statement15aRow = z.infer<typeof statement15aRowSchema>;

const reportEnvelope = <R extends z.ZodObject>(row: R) => z.object({
  count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(row),
  totals: z.array(row.omit({ code: true, name: true, note: true, negative: true, problems: true }))
    .describe('One per unit, in unit order: quantities in different units are never added together'),
  period: z.object({
    date_start: z.string(), date_end: z.string(), regime: z.string(), previous_folder_slug: z.string().nullable(),
    generation: z.enum(formGenerations).describe("The finalization forms the report follows: tt39 (Circular 39/2018) or tt121 (Circular 121/2025), by the period's end date unless the company chose"),
  }),
  unmapped_type_codes: z.array(z.object({ type_code: z.string(), lines: z.number().int() })).describe('Type codes of the period no rule names: decide them in the type-code rules'),
});
export const statement15AnswerSchema = reportEnvelope(statement15RowSchema);
export const statement15aAnswerSchema = reportEnvelope(statement15aRowSchema);
export type Statement15Answer = z.infer<typeof statement15AnswerSchema>;
export type Statement15aAnswer = z.infer<typeof statement15aAnswerSchema>;

/** A line one cell is made of, with the table it lives in. */
export const sourceLineSchema = z.object({
  source: z.string().describe('ecus, begin, wh-take-out, wh-take-in, or previous (the previous period\'s closing)'),
  source_id: z.number().int().nullable(),
  day: z.string().nullable(),
  document: z.string().nullable(),
  column: z.string(),
  quantity,
  unit: z.string().nullable(),
  counted: z.boolean().describe('false when its unit differs from the row unit, so it is listed but not summed'),
});
export const drillAnswerSchema = z.object({ count: z.number().int(), next: z.null(), previous: z.null(), results: z.array(sourceLineSchema) });
export type SourceLine = z.infer<typeof sourceLineSchema>;

export const checkStatuses = ['open', 'explained', 'ok'] as const;

export const checkRowSchema = z.object({
  code: z.string(), name: z.string().nullable(), unit: z.string().nullable(),
  issued_to_production: quantity, theoretical_consumption: quantity, difference: quantity,
  book_end: quantity, counted: quantity.nullable(), count_difference: quantity.nullable(),
  warehouse_end: quantity.nullable(), accounting_end: quantity.nullable(),
  exposure_quantity: quantity,
  duty_exposure: z.string().nullable().describe('VND: the duty the tariff gives the shortfall less the duty its latest import paid; null when it cannot be computed (no value on that line) or nothing was imported'),
  import_unit_value: z.string().nullable(),
  value_source: z.enum(valueSources).nullable().describe('Where the latest import line\'s customs value comes from: declared, derived (invoice value × exchange rate) or missing; null: no import line'),
  duty_rate: z.string().nullable().describe('The tariff rate of the latest import line (its C/O form\'s lowest, else MFN; the declared rate when the tariff lacks the code)'),
  status: z.enum(checkStatuses), explanation: z.string().nullable(), unit_problems: z.array(z.string()),
});
export type CheckRow = z.infer<typeof checkRowSchema>;

export const checkQuerySchema = reportQuerySchema.omit({ code: true, drill: true }).extend({
  tolerance: z.coerce.number().min(0).max(100).optional().describe('Percent a difference may reach and still be ok (default 1)'),
});
export const checkAnswerSchema = z.object({
  count: z.number().int(), next: z.null(), previous: z.null(), results: z.array(checkRowSchema),
  total_duty_exposure: z.string().describe('VND, of the rows whose duty at stake could be computed'), open_rows: z.number().int(), tolerance: z.number(),
  duty_unknown_rows: z.number().int().describe('Rows with a shortfall whose duty at stake cannot be computed: their latest import line has no customs value, nor an invoice value and exchange rate; left out of the total'),
  derived_value_rows: z.number().int().describe('Rows whose duty at stake uses a customs value derived from the invoice value × exchange rate'),
});
export type CheckAnswer = z.infer<typeof checkAnswerSchema>;

export const checkReviewSchema = z.object({
  status: z.enum(checkStatuses),
  explanation: z.string().trim().max(2000).nullable().optional(),
});

export const statementForms = ['15', '15a'] as const;

/** The statement columns a type code can feed, per form; `ignore` keeps its lines out of both. */
export const ruleColumns = {
  '15': ['take_in', 're_export', 're_purpose', 'ignore'],
  '15a': ['take_in', 're_purpose', 'exportt', 'ignore'],
} as const;
export const typeCodeRuleSchema = z.object({
  regime: z.enum(['SXXK', 'GC', 'DNCX']),
  type_code: z.string().trim().toUpperCase().regex(/^[A-Z][0-9A-Z]{1,4}$/, 'A type code such as E31'),
  form: z.enum(statementForms),
  column: z.string(),
});
export const typeCodeRuleAnswerSchema = typeCodeRuleSchema.extend({ source: z.enum(['preset', 'company']) });
export type TypeCodeRule = z.infer<typeof typeCodeRuleAnswerSchema>;

/** A BOM review (`POST /api/balance/bom/fix/`): what is wrong, and what the safe fixes changed. */
export const bomReviewSchema = z.object({
  applied: z.boolean().describe('false for a dry run: nothing was changed'),
  fixes: z.object({ removed_duplicates: z.number().int(), filled_units: z.number().int() }),
  duplicates: z.array(z.object({
    code: z.string(), material_code: z.string(), valid_from: z.string().nullable(), valid_to: z.string().nullable(),
    ids: z.array(z.number().int()), identical: z.boolean().describe('true: the same norm, loss and unit, so all but the first can go'),
  })),
  zero_norms: z.array(z.object({ id: z.number().int(), code: z.string(), material_code: z.string(), bom_value: z.string() })),
  cycles: z.array(z.array(z.string())).describe('Each cycle once, as codes from its least code back to it'),
  never_imported: z.array(z.string()).describe('Leaf materials with no import declaration and no opening balance, not marked X (bought at home)'),
  unit_mismatches: z.array(z.object({ code: z.string(), material_code: z.string(), material_unit: z.string().nullable(), declared_unit: z.string(), ids: z.array(z.number().int()) })),
});
export type BomReview = z.infer<typeof bomReviewSchema>;
export const bomFixBodySchema = z.object({ apply: z.boolean().optional().describe('true makes the safe fixes; the default is a dry run') }).nullish();

export const form16RowSchema = z.object({
  product_code: z.string(), product_name: z.string().nullable(), product_unit: z.string().nullable(),
  material_code: z.string(), material_name: z.string().nullable(), material_unit: z.string().nullable(),
  actual_norm: quantity.nullable(), bom_norm: quantity, deviation_percent: z.string().nullable(),
  note: z.string().nullable().describe('X bought at home, KXDĐM norm cannot be established'),
});
export type Form16Row = z.infer<typeof form16RowSchema>;
export const form16AnswerSchema = z.object({ count: z.number().int(), next: z.null(), previous: z.null(), results: z.array(form16RowSchema) });

/** A declared import line that does not agree with the tariff valid on its date. */
export const tariffCheckRowSchema = z.object({
  ecus_id: z.string(),
  account_number: z.string(),
  row_number: z.number().int().nullable(),
  registered_date: z.string(),
  type_code: z.string(),
  code: z.string(),
  item_name: z.string().nullable(),
  hs: z.string(),
  from_country: z.string().nullable(),
  co_form: z.string().nullable(),
  exemption_code: z.string().nullable(),
  tariff_schedule: z.string().nullable().describe('The tariff schedule the line was declared under (B01 MFN, B05 ACFTA …), which it is judged by'),
  tariff_year: z.number().int().nullable().describe('The tariff year the line was checked against'),
  problem: z.enum(['unknown_code', 'rate_differs', 'unknown_co_form', 'exempt', 'preference_without_co', 'value_missing'])
    .describe('exempt: an exemption code, or a type code exempt under the regime, on goods the tariff charges; never a rate mismatch. preference_without_co: a preferential schedule claimed with no C/O form or number on the line. value_missing: a line that agrees with a tariff charging it, whose duty cannot be computed for want of a customs value'),
  declared_rate: quantity.nullable(),
  expected_rate: quantity.nullable().describe('The rate the tariff gives (that of the declared schedule; else the preferential one of the declared C/O form, else MFN); the closest when several apply'),
  schedules: z.array(z.string()).describe('Where the expected rate comes from: MFN or the agreement schedules of the C/O form'),
  total_value: quantity.nullable().describe('VND: the customs value as declared, or derived from the invoice value × exchange rate; null when neither is known'),
  value_source: z.enum(valueSources).describe('Where total_value comes from: declared, derived (invoice value × exchange rate) or missing'),
  duty_at_risk: quantity.nullable().describe('The duty the tariff gives on the customs value less the duty paid: positive paid too little (for an exempt line, what a refused exemption would cost), negative too much; null when the value is missing'),
});
export type TariffCheckRow = z.infer<typeof tariffCheckRowSchema>;
/** Lines of the tariff check a page holds unless asked otherwise, and the most it holds. */
export const tariffCheckPageSize = 100;
export const tariffCheckMaxPageSize = 1000;

export const tariffCheckQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional().describe('The page of listed lines, from 1'),
  page_size: z.coerce.number().int().min(1).max(tariffCheckMaxPageSize).optional().describe(`Lines a page (${tariffCheckPageSize} unless given); the workbook holds them all`),
});

export const tariffCheckAnswerSchema = z.object({
  count: z.number().int().describe('Every listed line, whichever page this is'),
  next: z.string().nullable(), previous: z.string().nullable(), results: z.array(tariffCheckRowSchema),
  disagreeing_lines: z.number().int().describe('Listed lines that disagree with the tariff: not exempt, not only missing a value'),
  exempt_lines: z.number().int().describe('Listed exempt lines the tariff gives a duty'),
  exempt_duty_at_risk: z.string().describe('The duty a refused exemption would cost, over every exempt line listed (VND)'),
  checked_lines: z.number().int().describe('Import lines of the period with an HS code'),
  tariff_years: z.array(z.number().int()).describe('Tariff years loaded in the lookup'),
  value_missing_lines: z.number().int().describe('Listed lines whose duty at risk could not be computed: no customs value, nor an invoice value and exchange rate'),
  derived_value_lines: z.number().int().describe('Checked lines whose customs value was derived from the invoice value × exchange rate'),
});
export type TariffCheckAnswer = z.infer<typeof tariffCheckAnswerSchema>;
