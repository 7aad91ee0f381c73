import { z } from 'zod';
import { locales } from '../i18n/locales.js';
import { rateSchedules } from './duty-rate.js';

/** The 14 agreements of the product-specific-rules list, in the order the code page shows them. */
export const psrAgreements = ['AJ', 'AK', 'VJ', 'AI', 'AANZ', 'AHK', 'CPTPP', 'RCEP', 'VC', 'VK', 'AC', 'EUEA', 'EV', 'UKV', 'ATIGA'] as const;
export type PsrAgreement = (typeof psrAgreements)[number];

export const lookupLangSchema = z.enum(locales);
export type LookupLang = z.infer<typeof lookupLangSchema>;
export const searchModeSchema = z.enum(['tariff', 'classification']);
export type SearchMode = z.infer<typeof searchModeSchema>;

/** A tariff line in all three languages; Vietnamese fields carry no prefix. */
export const tariffDocSchema = z.object({
  id: z.string(),
  hs: z.string(),
  year: z.number(),
  level: z.number(),
  section: z.string(),
  _nest_parent_: z.string().nullable(),
  description: z.string(),
  notes: z.string(),
  unit_of_quantity: z.string(),
  en_description: z.string(),
  en_notes: z.string(),
  en_unit_of_quantity: z.string(),
  ko_description: z.string(),
  ko_notes: z.string(),
  ko_unit_of_quantity: z.string(),
  /** In a search's answer: the line's ancestors below its heading, from the top down (lines worded alike told apart). */
  path: z.array(z.object({ id: z.string(), level: z.number(), description: z.string(), en_description: z.string(), ko_description: z.string() })).optional(),
});
export type TariffDoc = z.infer<typeof tariffDocSchema>;

/** A classification decision: which code customs gave a product. */
export const decisionDocSchema = z.object({
  id: z.string(),
  year: z.number(),
  hs: z.string(),
  doc_no: z.string(),
  doc_date: z.string().nullable(),
  product_name: z.string(),
  product_properties: z.string(),
  product_description: z.string(),
  en_product_name: z.string(),
  en_product_properties: z.string(),
  ko_product_name: z.string(),
  ko_product_properties: z.string(),
});
export type DecisionDoc = z.infer<typeof decisionDocSchema>;

export const searchQuerySchema = z.object({
  q: z.string().max(200).default(''),
  year: z.coerce.number().int().optional(),
  mode: searchModeSchema.default('tariff'),
  lang: lookupLangSchema.default('vi'),
  exact: z.enum(['0', '1']).default('0'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  rows: z.coerce.number().int().min(1).max(600).default(8),
  /** Only lines (or decisions) of this chapter. */
  chapter: z.string().regex(/^\d{2}$/, 'Two digits.').optional(),
  /** Only lines with a rate under this schedule (MFN when only a range is given), within rateMin..rateMax percent. */
  schedule: z.enum(rateSchedules as [string, ...string[]]).optional(),
  rateMin: z.coerce.number().min(0).max(1000).optional(),
  rateMax: z.coerce.number().min(0).max(1000).optional(),
});
export type SearchFilters = Pick<z.infer<typeof searchQuerySchema>, 'chapter' | 'schedule' | 'rateMin' | 'rateMax'>;

export const searchAnswerSchema = z.object({
  response: z.object({
    numFound: z.number(),
    start: z.number(),
    docs: z.array(z.union([tariffDocSchema, decisionDocSchema])),
  }),
  highlighting: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
  /** How the term was read: a code lookup (with its display form), text, or everything; typo-tolerant when nothing matched exactly. */
  query: z.object({
    kind: z.enum(['all', 'code', 'text']),
    code: z.string().optional(),
    year: z.number(),
    fuzzy: z.boolean(),
    /** A text query: every word matched (`all`), no line had them all and these have most (`some`), or words resembling them (`similar`). */
    match: z.enum(['all', 'some', 'similar']).optional(),
    /** Korean product names the query holds and the codes they stand for, searched beside any Korean text of the tariff. */
    koreanTerms: z.array(z.object({ term: z.string(), codes: z.array(z.string()) })).optional(),
    /** Words past the first twelve of a text query, which were not searched. */
    ignored: z.array(z.string()).optional(),
  }),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const loadedAt = z.string().describe('When the year\'s lines were stored, ISO 8601, UTC');

/** Where the shipped tariff comes from (data/vn-tariff.source.json): the published tariff's legal basis and its compilation. */
export const shippedTariffSourceSchema = z.object({
  file: z.string(),
  compilation: z.string().describe('The public workbook the shipped file was built from'),
  url: z.url(),
  retrieved: isoDay,
  basis: z.object({ vi: z.string(), en: z.string(), ko: z.string() }).describe('The published tariff and its legal basis, in each language'),
});
export type ShippedTariffSource = z.infer<typeof shippedTariffSourceSchema>;

/** Where a year's tariff lines come from: the tariff Dutybook ships, its demonstration set, or a file someone loaded. */
export const tariffSourceSchema = z.discriminatedUnion('origin', [
  z.object({ origin: z.literal('shipped'), loaded_at: loadedAt, shipped: shippedTariffSourceSchema }),
  z.object({ origin: z.literal('demonstration'), loaded_at: loadedAt }),
  z.object({
    origin: z.literal('file'), loaded_at: loadedAt, file_name: z.string(),
    loaded_by: z.string().nullable().describe('The name of the administrator who loaded it; null from the command line'),
  }),
]);
export type TariffSource = z.infer<typeof tariffSourceSchema>;

/** The years that hold tariff lines, newest first, the languages each year's descriptions are written in and where they come from. */
export const yearsAnswerSchema = z.object({
  years: z.array(z.number()),
  editions: z.array(z.object({
    year: z.number(),
    languages: z.array(lookupLangSchema),
    source: tariffSourceSchema.nullable().describe('null: the year was stored before Dutybook recorded where data comes from'),
  })),
  held: z.object({
    decisions: z.number().int().describe('Classification decisions loaded, every year'),
    co_records: z.number().int().describe('Certificate-of-origin records loaded'),
  }).describe('What else the lookup holds: a fresh installation has no decisions or certificates until an administrator loads them'),
});
export type YearsAnswer = z.infer<typeof yearsAnswerSchema>;

export const treeNodeSchema = tariffDocSchema.extend({ has_children: z.boolean() });
export type TreeNode = z.infer<typeof treeNodeSchema>;

export const regulationSchema = z.object({
  id: z.number(),
  doc_no: z.string(),
  doc_date: z.string().nullable(),
  issuer: z.string(),
  title: z.string(),
  en_title: z.string(),
  ko_title: z.string(),
  summary: z.string(),
  en_summary: z.string(),
  ko_summary: z.string(),
  codes: z.array(z.string()),
});
export type Regulation = z.infer<typeof regulationSchema>;

export const originRuleSchema = z.object({ agreement: z.enum(psrAgreements), hs: z.string().nullable(), rule: z.string().nullable() });

/** A line's published duty rate under one schedule: ordinary, MFN, an agreement code, or `RCEP A`…`RCEP F`. */
export const dutyRateSchema = z.object({
  schedule: z.string(),
  kind: z.enum(['rate', 'no_preference', 'rate_except', 'text']),
  percent: z.number().nullable(),
  published: z.string(),
  exceptCountries: z.array(z.string()),
});
export type DutyRateRow = z.infer<typeof dutyRateSchema>;

export const codePageSchema = z.object({
  doc: tariffDocSchema,
  dutyRates: z.array(dutyRateSchema),
  /** Licences, inspections and quarantine the line needs (Vietnamese, as published), each with its legal reference. */
  procedures: z.array(z.object({ name: z.string(), reference: z.string() })),
  ancestors: z.array(tariffDocSchema),
  children: z.array(treeNodeSchema),
  originRules: z.array(originRuleSchema),
  regulations: z.array(regulationSchema),
  decisions: z.array(decisionDocSchema),
  years: z.array(z.number()),
});
export type CodePage = z.infer<typeof codePageSchema>;

export const decisionPageSchema = z.object({ decision: decisionDocSchema, line: tariffDocSchema.nullable() });
export type DecisionPage = z.infer<typeof decisionPageSchema>;

export const regulationPageSchema = z.object({ regulation: regulationSchema, lines: z.array(tariffDocSchema) });
export type RegulationPage = z.infer<typeof regulationPageSchema>;

export const coRecordSchema = z.object({
  id: z.number(),
  reference_no: z.string(),
  form: z.string(),
  issue_date: z.string().nullable(),
  exporting_country: z.string(),
  importing_country: z.string(),
  hs: z.string(),
  goods_description: z.string(),
});
export type CoRecord = z.infer<typeof coRecordSchema>;

export const coSearchAnswerSchema = z.object({ response: z.object({ numFound: z.number(), start: z.number(), docs: z.array(coRecordSchema) }) });
export type CoSearchAnswer = z.infer<typeof coSearchAnswerSchema>;

/** Attachments the contact form accepts, and their size limit. */
/** What a visitor may attach to a question: documents, and photos of the goods or their label (checked by content on the server). */
export const contactFileExtensions = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.txt', '.png', '.jpg', '.jpeg'] as const;
export const contactFileMaxBytes = 5 * 1024 * 1024;

export const contactInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.email().max(320),
  question: z.string().trim().min(1).max(10_000),
  fileName: z.string().max(255).optional(),
  fileType: z.string().max(200).optional(),
  /** Base64 content of the attachment. */
  file: z.string().max(Math.ceil((contactFileMaxBytes * 4) / 3) + 4).optional(),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

export const hasAllowedExtension = (fileName: string): boolean =>
  contactFileExtensions.some((extension) => fileName.toLowerCase().endsWith(extension));

/** A line as one year's tariff has it, for the comparison of two years. */
const comparedLineSchema = z.object({
  description: z.string(), en_description: z.string(), ko_description: z.string(),
  /** Published rate text per schedule (ordinary, MFN, agreements). */
  rates: z.record(z.string(), z.string()),
});

/** What changed in a code's subtree between two tariff years: lines added, removed, or changed in wording or rates. */
export const yearComparisonSchema = z.object({
  code: z.string(),
  from: z.number(),
  to: z.number(),
  /** Only the first 2,000 changes are listed; the count is of all. */
  count: z.number(),
  changes: z.array(z.object({
    id: z.string(),
    hs: z.string(),
    level: z.number(),
    change: z.enum(['added', 'removed', 'changed']),
    before: comparedLineSchema.nullable(),
    after: comparedLineSchema.nullable(),
    /** Which fields changed: description, en_description, ko_description and `rate:<schedule>` per schedule. */
    fields: z.array(z.string()),
    /** A removed line's successors (added lines under the same subheading: a split when several), or an added line's predecessors. */
    related: z.array(z.string()),
  })),
});
export type YearComparison = z.infer<typeof yearComparisonSchema>;
