import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Synonym rules an administrator loaded (kind `synonyms`), read by the search beside data/lookup/synonyms.txt: the
 * names people type and the tariff's wordings for them. A load replaces them all.
 */
export const lookupSynonyms = pgTable('lookup_synonym', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  names: text().array().notNull(),
  wordings: text().array().notNull(),
});

/**
 * Korean product names an administrator loaded (kind `korean_terms`), read beside data/lookup/ko-terms.csv: the term
 * as the search compares it (lower case) and its codes of 4, 6 or 8 digits, the most usual first. A load replaces them all.
 */
export const lookupKoreanTerms = pgTable('lookup_korean_term', {
  term: text().primaryKey(),
  codes: text().array().notNull(),
  en: text().notNull().default(''),
});
