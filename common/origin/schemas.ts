import { z } from 'zod';
import { agreementCodes } from '../agreements.js';
import { criterionKinds } from './psr.js';
import { recordId } from '../api/ids.js';

export const priceOptions = ['low_price', 'high_price', 'latest_price', 'weighted_average'] as const;
export const originOptions = ['originated', 'non_originated'] as const;

/** A cost input per unit of product in the invoice currency: required, never negative (spec §5). */
const costInput = (message = 'This input is required') =>
  z.number({ error: message }).min(0, { error: message });

const stockId = recordId;
/**
 * One material of the schedule as the user sets it: what is given replaces what the evidence says, the rest stays
 * the evidence's. `ecus_stock_id` / `purchase_stock_id` pick the import line or purchase the material is priced,
 * judged and claimed by, instead of the one the price option would choose.
 */
export const manualRowSchema = z.object({
  material_code: z.string().min(1).max(100),
  origin_option: z.enum(originOptions).optional(),
  unit_price: z.number().min(0).optional().describe('Value per unit of material in the invoice currency'),
  bom_value: z.number().min(0).optional().describe('Quantity of material per unit of product, loss included'),
  ecus_stock_id: stockId.optional().describe('The import declaration line (ECUS line id) to cite'),
  purchase_stock_id: stockId.optional().describe('The domestic purchase (purchase id) to cite'),
}).refine((row) => row.ecus_stock_id === undefined || row.purchase_stock_id === undefined, { error: 'Cite an import line or a purchase, not both.', path: ['purchase_stock_id'] });
export type ManualRow = z.infer<typeof manualRowSchema>;

/** `POST /api/fta/bangke/`: one export line, one agreement, and how to price and value it. */
export const scheduleRequestSchema = z.object({
  company_slug: z.string().min(1).max(100),
  folder_slug: z.string().min(1).max(100),
  id: recordId.describe('The export declaration line (ECUS line id)'),
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
  rows: z.array(manualRowSchema).max(500).optional()
    .describe('Schedule rows the user sets (perform-manual): origin, unit value, quantity per unit or the evidence line, per material'),
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
  manual: z.boolean().optional().describe('The user set this row (perform-manual)'),
  old_fta_origin_cost: z.string().optional().describe('perform-manual: the material\'s value per unit of product on its evidence, before the user\'s row'),
});
export type ScheduleRow = z.infer<typeof scheduleRowSchema>;

export const criterionResultSchema = z.object({
  criterion: z.string(), kind: z.enum(criterionKinds), alternative: z.number().int(),
  value: z.number().nullable(), threshold: z.number().nullable(), pass: z.boolean(),
  reason: z.enum(['met', 'not_met', 'de_minimis', 'manual']),
  failing_materials: z.array(z.string()).optional(),
  base: z.enum(['EXW', 'FOB']).optional().describe('MaxNOM: the price its share is of'),
  except_from: z.array(z.string()).optional().describe('Change tests: HS codes (digits) non-originating materials may not come from'),
});
export type CriterionResult = z.infer<typeof criterionResultSchema>;

export const scheduleAnswerSchema = z.object({
  fulfill_criteria: z.boolean().nullable().describe('Whether the product qualifies; null when no rule is loaded for its HS code under the agreement (rule_missing)'),
  rule_missing: z.boolean().describe('No product-specific rule is loaded for the HS code and the agreement has no general rule: no verdict'),
  message: z.string().nullable().optional().describe('With rule_missing: what is missing and how to load it, in the user\'s language'),
  tax_code: z.string().nullable(),
  account_number: z.string(),
  product: z.object({ code: z.string(), name: z.string().nullable(), hs: z.string().nullable(), quantity: z.string(), unit: z.string().nullable() }),
  agreement: z.enum(agreementCodes),
  rule: z.object({ text: z.string(), hs: z.string().nullable(), manual: z.boolean(), general: z.boolean() }),
  price: z.object({ type: z.enum(priceOptions), value: z.number(), percent: z.number().nullable() }),
  sum_of_no_fta_origin_cost: z.number(), sum_of_has_fta_origin_cost: z.number(),
  total: z.number().describe('FOB per unit of product'), exw: z.number(),
  criteria_results: z.array(criterionResultSchema),
  currency: z.string().nullable().describe('The invoice currency every value per unit is in'),
  results: z.array(scheduleRowSchema),
});
export type ScheduleAnswer = z.infer<typeof scheduleAnswerSchema>;

/**
 * `POST /api/fta/bangke/perform-manual/`: the schedule judged on the user's rows, with what the evidence alone gave
 * (the specification's perform-manual result: `old_fta_origin_cost`, `count`, `results`).
 */
export const performManualAnswerSchema = scheduleAnswerSchema.extend({
  count: z.number().int().describe('Materials whose row the user set'),
  old_fta_origin_cost: z.number().describe('The non-originating materials per unit of product on the evidence alone'),
  old_fulfill_criteria: z.boolean().nullable().describe('The verdict on the evidence alone (null without a rule)'),
});
export type PerformManualAnswer = z.infer<typeof performManualAnswerSchema>;

const scopeFields = { company_slug: z.string().min(1).max(100), folder_slug: z.string().min(1).max(100) };
const historyId = recordId;

/**
 * `POST /api/fta/bangke/re-calculate-bangke/`: a saved schedule computed again on today's data, with the request it
 * was saved from; any field given here replaces that request's.
 */
export const recalculateRequestSchema = z.object({
  ...scopeFields,
  id: historyId.describe('The saved schedule (history id)'),
  ...scheduleRequestSchema.omit({ company_slug: true, folder_slug: true, id: true, option: true }).partial().shape,
  // Without its default: an absent price option keeps the saved one.
  price_option: z.enum(priceOptions).optional(),
});
export type RecalculateRequest = z.infer<typeof recalculateRequestSchema>;

/** `PUT /api/fta/bangke/`: the quantity a saved schedule claims of one import line (ECUS stock) or purchase (purchase stock). */
export const stockQuantityRequestSchema = z.object({
  ...scopeFields,
  id: historyId.describe('The saved schedule (history id)'),
  ecus_stock_id: stockId.optional().describe('The import declaration line claimed'),
  purchase_stock_id: stockId.optional().describe('The purchase claimed'),
  quantity: z.number().min(0).describe('The quantity to claim, in the material\'s unit; 0 releases the line'),
}).refine((body) => (body.ecus_stock_id === undefined) !== (body.purchase_stock_id === undefined), { error: 'Name one import line (ecus_stock_id) or one purchase (purchase_stock_id).', path: ['ecus_stock_id'] });

export const stockClaimSchema = z.object({
  source: z.enum(['ecus', 'purchase']), source_id: z.number().int(), code: z.string().nullable(), document: z.string().nullable(),
  quantity: z.string().describe('What this schedule claims'), stock: z.string().describe('The line\'s quantity'),
  available: z.string().describe('What is left for other export lines once every saved schedule\'s claim is taken out'),
});
export type StockClaim = z.infer<typeof stockClaimSchema>;

/** `GET /api/fta/invoices/`: the export invoices of the folder set's declarations (the specification's invoice table). */
export const invoiceSchema = z.object({
  id: z.number().int().describe('The first declaration line of the invoice'), invoice_no: z.string(), bill_date: z.string().nullable(), contract_number: z.string().nullable(),
  account_numbers: z.array(z.string()).describe('The export declarations the invoice was declared on'), line_count: z.number().int(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** `GET /api/fta/products/`: export declaration lines (the specification's invoice product); `id` is what a schedule is computed for. */
export const invoiceProductSchema = z.object({
  id: z.number().int(), hs: z.string().nullable(), code: z.string(), item_name: z.string().nullable(), total: z.string(), unit: z.string().nullable(),
  unit_price: z.string().nullable(), nt_value: z.string().nullable(), account_number: z.string(), registered_date: z.string(),
  invoice_price_condition: z.string().nullable(), exchange_rate: z.string().nullable(), invoice_no: z.string().nullable(), bill_date: z.string().nullable(),
  unloading_location: z.string().nullable(), shipping_date: z.string().nullable(), type_code: z.string(), from_country: z.string().nullable(),
  partner: z.string().nullable(), total_value: z.string().nullable(),
  currency: z.string().nullable().describe('The invoice currency: the schedule of this line and its cost inputs are in it'),
});
export type InvoiceProduct = z.infer<typeof invoiceProductSchema>;

export const listQuerySchema = z.object({
  ...scopeFields,
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});

export const psrQuerySchema = z.object({ hs: z.string().regex(/^[\d.\s]{2,14}$/, 'An HS code of 2 to 10 digits'), year: z.coerce.number().int().min(2000).max(2100).optional() });

/** A saved schedule, as the history lists it (the specification's history response, with what it concluded). */
export const scheduleHistorySchema = z.object({
  id: z.number().int(), ecus_id: z.number().int(), option: z.enum(agreementCodes), criteria: z.string().nullable(),
  price_type: z.string(), price_value: z.string().nullable(), price_percent: z.string().nullable(), fulfill_criteria: z.boolean().nullable(), created_at: z.string(),
  account_number: z.string().describe('The export declaration of the line, as saved'),
  product_code: z.string(), product_name: z.string().nullable().describe('The exported product, as saved'),
  co_form: z.string().describe('The C/O form the agreement\'s certificate is issued on (D for ATIGA, EUR.1 for EVFTA)'),
});
export type ScheduleHistory = z.infer<typeof scheduleHistorySchema>;

/**
 * The annex forms of Circular 05/2018/TT-BCT a saved schedule is laid out as: the schedule of a criterion (RVC and
 * MaxNOM Annex VIII, CTC V, de minimis VI, PE IX), the wholly-obtained schedule of domestically bought inputs (WO,
 * Annex III), or the origin declarations its domestic suppliers sign (SUPPLIER, Annex X).
 */
export const dossierForms = ['RVC', 'MAXNOM', 'CTC', 'DE_MINIMIS', 'PE', 'WO', 'SUPPLIER'] as const;
export type DossierForm = (typeof dossierForms)[number];

/** How the dossier documents are laid out: which annex form (by default the criterion the schedule meets), Word or Excel. */
export const dossierQuerySchema = z.object({
  format: z.enum(['docx', 'xlsx']).default('docx'),
  form: z.enum(dossierForms).optional().describe('The annex form of Circular 05/2018/TT-BCT; by default that of the first criterion met'),
  word_form_type: z.coerce.number().int().min(1).max(2).default(1).describe('1: Vietnamese captions, as filed; 2: each caption with its English'),
  word_title: z.coerce.number().int().min(1).max(2).default(1).describe('1: the annex title; 2: the title naming the agreement and its C/O form'),
});
export const mergeRequestSchema = dossierQuerySchema.extend({
  company_slug: z.string().min(1).max(100),
  folder_slug: z.string().min(1).max(100),
  files: z.array(historyId).max(100).optional().describe('Saved schedules (history ids), in the order the merged document lists them'),
  documents: z.array(z.object({ kind: z.enum(['schedule', 'upload']), id: historyId })).max(100).optional()
    .describe('Saved schedules and uploaded Word files (GET /api/fta/upload/) in the order the merged document lists them, in place of files; Word only'),
}).refine((body) => (body.files?.length ?? 0) > 0 !== (body.documents?.length ?? 0) > 0, { error: 'Name the schedules to merge in files, or schedules and uploaded documents in documents.', path: ['files'] });
export type MergeRequest = z.infer<typeof mergeRequestSchema>;

/** A Word document uploaded for the company's dossiers (the specification's upload file: id, file, uploaded_at). */
export const wordUploadSchema = z.object({
  id: z.number().int(), file: z.string().describe('The file name as uploaded'), size: z.number().int(), uploaded_at: z.string(),
});
export type WordUpload = z.infer<typeof wordUploadSchema>;
