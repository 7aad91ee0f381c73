/** Payloads of the classification precedents: how a company declared a material before, and where it disagreed with itself. */
import { z } from 'zod';
import { lookupLangSchema } from '../lookup/schemas.js';

/** Results a precedents search answers at most: the HS codes of the best-matching declarations. */
export const maxPrecedents = 20;
/** Example lines each precedent shows, newest first. */
export const precedentExamples = 3;

export const precedentsQuerySchema = z.object({
  company_slug: z.string().min(1).max(100),
  folder_slug: z.string().min(1).max(100).optional().describe('Only the lines of this folder set; every folder set of the company without it'),
  type_code: z.string().min(1).max(10).optional().describe('Only lines of this type code (E31, A12 …)'),
  q: z.string().max(200).optional().describe('An item code (matched exactly first) or words of an item name (folded, accent-insensitive, typo-tolerant)'),
  hs: z.string().regex(/^[0-9.\s]{2,14}$/).optional().describe('Instead of q: the lines declared under this HS code or any code below it'),
  lang: lookupLangSchema.optional().describe('The language of the tariff descriptions (vi, en, ko); vi by default'),
});
export type PrecedentsQuery = z.infer<typeof precedentsQuerySchema>;

/** How a precedent matched: its item code exactly, the whole text in its name, every word of it, or a name like it. */
export const precedentMatchSchema = z.enum(['code', 'phrase', 'words', 'similar', 'hs']);
export type PrecedentMatch = z.infer<typeof precedentMatchSchema>;

export const precedentExampleSchema = z.object({
  id: z.number().int(),
  account_number: z.string(),
  registered_date: z.string(),
  item_name: z.string().nullable(),
  code: z.string().nullable(),
  type_code: z.string().nullable(),
});
export type PrecedentExample = z.infer<typeof precedentExampleSchema>;

/** A public classification decision of customs for a product like the one searched. */
export const precedentDecisionSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  hs: z.string(),
  doc_no: z.string(),
  doc_date: z.string().nullable(),
  product_name: z.string(),
});
export type PrecedentDecision = z.infer<typeof precedentDecisionSchema>;

export const precedentSchema = z.object({
  hs: z.string(),
  description: z.string().nullable().describe("The tariff line's description in the reader's language (Vietnamese when it has none)"),
  match: precedentMatchSchema,
  lines: z.number().int().describe('Effective declaration lines (latest versions, not cancelled) matched under this code'),
  first_date: z.string(),
  last_date: z.string(),
  codes: z.array(z.string()).describe('The item codes declared under it, most lines first'),
  examples: z.array(precedentExampleSchema),
  decisions: z.array(precedentDecisionSchema).describe("Customs' classification decisions for a product matching the words, under this code"),
});
export type Precedent = z.infer<typeof precedentSchema>;

export const precedentsAnswerSchema = z.object({
  results: z.array(precedentSchema),
  decisions: z.array(precedentDecisionSchema).describe("Customs' classification decisions for a product matching the words, whatever their code"),
});
export type PrecedentsAnswer = z.infer<typeof precedentsAnswerSchema>;

export const consistencyQuerySchema = z.object({
  company_slug: z.string().min(1).max(100),
  format: z.enum(['json', 'xlsx']).optional(),
  lang: lookupLangSchema.optional(),
});

/** An item code, or a folded item name, declared under more than one HS code. */
export const inconsistencySchema = z.object({
  kind: z.enum(['code', 'name']),
  code: z.string().nullable().describe('The item code (kind code); null for a name (kind name)'),
  codes: z.array(z.string()).describe('The item codes declared under the name (kind name), or the code itself'),
  item_names: z.array(z.string()),
  hs_codes: z.array(z.object({ hs: z.string(), lines: z.number().int(), last_date: z.string() })),
  last_date: z.string(),
});
export type Inconsistency = z.infer<typeof inconsistencySchema>;

export const consistencyAnswerSchema = z.object({ results: z.array(inconsistencySchema) });
export type ConsistencyAnswer = z.infer<typeof consistencyAnswerSchema>;

/** What an ECUS import kept of the classifications it contradicts (`import_records.classification_conflicts`). */
export const classificationConflictsSchema = z.object({
  count: z.number().int().describe('Item codes and names the import newly declares under a second HS code'),
  items: z.array(z.object({ kind: z.enum(['code', 'name']), code: z.string().nullable(), item_name: z.string().nullable(), hs_codes: z.array(z.string()) })),
});
export type ClassificationConflicts = z.infer<typeof classificationConflictsSchema>;
