import { z } from 'zod';
import { agreementCodes } from '../agreements.js';
import { criterionKinds } from './psr.js';

export const priceOptions = ['low_price', 'high_price', 'latest_price', 'weighted_average'] as const;
export const originOptions = ['originated', 'non_originated'] as const;

/** A cost input per unit of product in the invoice currency: required, never negative (spec §5). */
const costInput = (message = 'This input is required') =>
  z.number({ error: message }).min(0, { error: message });

/** `POST /api/fta/bangke/`: one export line, one agreement, and how to price and value it. */
export const scheduleRequestSchema = z.object({
  company_slug: z.string().min(1).max(100),
  folder_slug: z.string().min(1).max(100),
  id: z.number().int().positive().describe('The export declaration line (ECUS line id)'),
  option: z.enum(agreementCodes).describe('The agreement'),
  criteria: z.string().max(200).optional().describe('One criterion of the rule to test, e.g. CTH or RVC40; all alternatives when absent'),
  price_option: z.enum(priceOptions).default('high_price'),
  domestic_expenses: costInput(),
  freight: costInput(),
  insurance: costInput(),
  oversea_expenses: costInput(),
  imported_expenses: costInput("This input is required or can't be negative"),
  user_input: costInput().describe('Other originating costs per unit (direct labour, overhead, profit), for the build-up formula'),
  price_input: costInput().describe('When above 0, the FOB price per unit to use instead of the invoice'),
  overrides: z.array(z.object({ material_code: z.string().max(100), origin_option: z.enum(originOptions) })).max(500).optional()
    .describe('Materials whose origin the user decides, whatever their evidence says'),
});
export type ScheduleRequest = z.infer<typeof scheduleRequestSchema>;

export const scheduleRowSchema = z.object({
  material_code: z.string(), material_name: z.string().nullable(), material_unit: z.string().nullable(),
  bom_value: z.string().describe('Quantity per unit of product, loss included, every BOM level'),
  hs: z.string().nullable(), from_country: z.string().nullable(),
  reference_no: z.string().nullable().describe('The C/O number, or the supplier declaration'),
  co_form: z.string().nullable(),
  unit_price: z.string().nullable().describe('Value per unit of material in the invoice currency (customs value for imports)'),
  account_number: z.string().nullable(), registered_date: z.string().nullable(),
  source: z.enum(['ecus', 'purchase']).nullable(), ecus_id: z.number().int().nullable(), purchase_id: z.number().int().nullable(),
  has_fta_origin_cost: z.string(), no_fta_origin_cost: z.string(),
  origin_option: z.enum(originOptions), price_option: z.enum(priceOptions),
  note_price: z.string().nullable().describe('Why a material has no value: no evidence before the export date'),
  claim_quantity: z.string().describe('Quantity of the material the shipment uses (per unit × shipped): what saving the schedule claims of its evidence'),
});
export type ScheduleRow = z.infer<typeof scheduleRowSchema>;

export const criterionResultSchema = z.object({
  criterion: z.string(), kind: z.enum(criterionKinds), alternative: z.number().int(),
  value: z.number().nullable(), threshold: z.number().nullable(), pass: z.boolean(),
  reason: z.enum(['met', 'not_met', 'de_minimis', 'manual']),
  failing_materials: z.array(z.string()).optional(),
});
export type CriterionResult = z.infer<typeof criterionResultSchema>;

export const scheduleAnswerSchema = z.object({
  fulfill_criteria: z.boolean(),
  tax_code: z.string().nullable(),
  account_number: z.string(),
  product: z.object({ code: z.string(), name: z.string().nullable(), hs: z.string().nullable(), quantity: z.string(), unit: z.string().nullable() }),
  agreement: z.enum(agreementCodes),
  rule: z.object({ text: z.string(), hs: z.string().nullable(), manual: z.boolean(), general: z.boolean() }),
  price: z.object({ type: z.enum(priceOptions), value: z.number(), percent: z.number().nullable() }),
  sum_of_no_fta_origin_cost: z.number(), sum_of_has_fta_origin_cost: z.number(),
  total: z.number().describe('FOB per unit of product'), exw: z.number(),
  criteria_results: z.array(criterionResultSchema),
  formula: z.string(),
  results: z.array(scheduleRowSchema),
});
export type ScheduleAnswer = z.infer<typeof scheduleAnswerSchema>;

export const psrQuerySchema = z.object({ hs: z.string().regex(/^[\d.\s]{2,14}$/, 'An HS code of 2 to 10 digits'), year: z.coerce.number().int().min(2000).max(2100).optional() });

/** A saved schedule, as the history lists it (the specification's history response, with what it concluded). */
export const scheduleHistorySchema = z.object({
  id: z.number().int(), ecus_id: z.number().int(), option: z.enum(agreementCodes), criteria: z.string().nullable(),
  price_type: z.string(), price_value: z.string().nullable(), price_percent: z.string().nullable(), fulfill_criteria: z.boolean(), created_at: z.string(),
});
export type ScheduleHistory = z.infer<typeof scheduleHistorySchema>;

/** How the dossier documents are laid out: which annex form (by default the criterion the schedule meets), Word or Excel. */
export const dossierQuerySchema = z.object({
  format: z.enum(['docx', 'xlsx']).default('docx'),
  form: z.enum(['RVC', 'MAXNOM', 'CTC', 'DE_MINIMIS', 'PE']).optional().describe('The annex form of Circular 05/2018/TT-BCT; by default that of the first criterion met'),
  word_form_type: z.coerce.number().int().min(1).max(2).default(1).describe('1: Vietnamese captions, as filed; 2: each caption with its English'),
  word_title: z.coerce.number().int().min(1).max(2).default(1).describe('1: the annex title; 2: the title naming the agreement and its C/O form'),
});
export const mergeRequestSchema = dossierQuerySchema.extend({
  company_slug: z.string().min(1).max(100),
  folder_slug: z.string().min(1).max(100),
  files: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(100).describe('Saved schedules (history ids), in the order the merged document lists them'),
});
