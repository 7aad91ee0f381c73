import type { Database } from '../db/client.js';
import { runner } from './sql.js';
import {
  shippedKoreanTerms, shippedSynonyms, type SynonymRule, TermReader, withAddedKoreanTerms, withAddedSynonyms,
} from './search-terms.js';

let shipped: { synonyms: SynonymRule[]; koreanTerms: Map<string, string[]> } | undefined;
const readers = new WeakMap<Database, Promise<TermReader>>();

async function readTerms(database: Database): Promise<TermReader> {
  shipped ??= { synonyms: shippedSynonyms(), koreanTerms: shippedKoreanTerms() };
  const run = runner(database);
  const [synonyms, terms] = await Promise.all([
    run<{ names: string[]; wordings: string[] }>('SELECT names, wordings FROM lookup_synonym ORDER BY id'),
    run<{ term: string; codes: string[] }>('SELECT term, codes FROM lookup_korean_term'),
  ]);
  return new TermReader(
    withAddedSynonyms(shipped.synonyms, synonyms.map((rule) => ({ names: rule.names, expansions: rule.wordings }))),
    withAddedKoreanTerms(shipped.koreanTerms, new Map(terms.map((row) => [row.term, row.codes]))),
  );
}

/**
 * How a database's searches read their words: the synonym table and Korean product names shipped in data/lookup/,
 * with those an administrator loaded. Read once and kept until lookup data changes (forgetTermReader, called with
 * the dropping of the kept answers).
 */
export function termReaderOf(database: Database): Promise<TermReader> {
  let reader = readers.get(database);
  if (!reader) {
    reader = readTerms(database);
    readers.set(database, reader);
    // A failed read is not kept: the next search reads again.
    reader.catch(() => { if (readers.get(database) === reader) readers.delete(database); });
  }
  return reader;
}

export const forgetTermReader = (database: Database): void => { readers.delete(database); };
