import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fold } from '../../common/text/fold.js';

/**
 * How a text query is searched: its words grouped into slots that must each match (a name the synonym table knows
 * becomes one slot, found as typed or as the tariff words it), and the HS codes Korean product names stand for.
 */
export interface TermSlot {
  /** The words of the query this slot covers, as typed. */
  words: string[];
  /** Multi-word texts any of which satisfies the slot as a phrase (the typed name and its synonyms). */
  phrases: string[];
  /** A word the slot is, when it is one word (searched folded, stemmed and, for Korean, as a word start). */
  word?: string;
  /** English small words (`of`, `for`): they raise the lines that have them but are not required. */
  optional: boolean;
}

export interface KoreanMatch { term: string; codes: string[] }

export interface ReadQuery {
  slots: TermSlot[];
  korean: KoreanMatch[];
}

export interface SynonymRule { names: string[]; expansions: string[] }

const dataDir = fileURLToPath(new URL('../../data/lookup/', import.meta.url));
const hangul = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
export const isKorean = (text: string): boolean => hangul.test(text);

/** English words too common to be required; a query of them alone still requires them. */
const smallWords = new Set(['a', 'an', 'and', 'or', 'the', 'of', 'for', 'with', 'in', 'on', 'to', 'by', 'from', 'at', 'as', 'other', 'its']);

/** Reads `name, name => expansion; expansion` lines (comments start with #). */
export function parseSynonyms(text: string): SynonymRule[] {
  const rules: SynonymRule[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [left, right] = line.split('=>');
    if (right === undefined) throw new Error(`A synonym line needs "=>": ${line}`);
    const names = left!.split(',').map((name) => name.trim()).filter(Boolean);
    const expansions = right.split(';').map((name) => name.trim()).filter(Boolean);
    if (names.length > 0 && expansions.length > 0) rules.push({ names, expansions });
  }
  return rules;
}

/** A code the Korean product names may give: a heading, a subheading or a national line. */
export const isKoreanTermCode = (code: string): boolean => /^\d{4}(\d{2}){0,2}$/.test(code);

/** Reads `term,codes,en` rows: Korean names of goods and the codes they go under (most usual first). */
export function parseKoreanTerms(text: string): Map<string, string[]> {
  const terms = new Map<string, string[]>();
  for (const raw of text.split('\n').slice(1)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [term, codes] = line.split(',');
    const list = (codes ?? '').split(' ').filter(isKoreanTermCode);
    if (!term || list.length === 0) throw new Error(`A Korean term needs codes of 4, 6 or 8 digits: ${line}`);
    terms.set(term.trim().toLowerCase(), list);
  }
  return terms;
}

/** The shipped rules: the curated synonyms, then the everyday and trade names of goods across the chapters (data/lookup/README.md). */
export const shippedSynonyms = (): SynonymRule[] => ['synonyms.txt', 'everyday-names.txt'].flatMap((file) => parseSynonyms(readFileSync(`${dataDir}${file}`, 'utf8')));
export const shippedKoreanTerms = (): Map<string, string[]> => parseKoreanTerms(readFileSync(`${dataDir}ko-terms.csv`, 'utf8'));

/** A word as the synonym table compares it: folded, and an English plural `s` dropped. */
const key = (word: string) => {
  const folded = fold(word);
  return folded.length > 3 && folded.endsWith('s') && !folded.endsWith('ss') ? folded.slice(0, -1) : folded;
};

/** A name as the synonym table compares it, word by word. */
const nameKey = (name: string) => name.split(/\s+/).map(key).join(' ');

/**
 * The shipped rules with an administrator's added: a name an added rule gives is read by the added rules alone, so a
 * shipped wording can be corrected as well as extended.
 */
export function withAddedSynonyms(shipped: SynonymRule[], added: SynonymRule[]): SynonymRule[] {
  const named = new Set(added.flatMap((rule) => rule.names.map(nameKey)));
  const kept = shipped
    .map((rule) => ({ ...rule, names: rule.names.filter((name) => !named.has(nameKey(name))) }))
    .filter((rule) => rule.names.length > 0);
  return [...kept, ...added];
}

/** The shipped Korean product names with an administrator's: a name given again takes the codes given last. */
export const withAddedKoreanTerms = (shipped: Map<string, string[]>, added: Map<string, string[]>): Map<string, string[]> => new Map([...shipped, ...added]);

/** Korean particles and suffixes a product name may carry in a query (`냉장고를`, `에어컨용`). */
const koreanEndings = ['으로', '에서', '용', '을', '를', '은', '는', '이', '가', '의', '와', '과', '로', '에', '도'];

export class TermReader {
  /** The wordings of each name the rules give (as compared: words folded, a plural `s` dropped), in the rules' order. */
  private readonly wordings = new Map<string, string[]>();
  private readonly longest: number;

  constructor(synonyms: SynonymRule[], private readonly koreanTerms: Map<string, string[]>) {
    let longest = 1;
    for (const rule of synonyms) {
      const names = new Set(rule.names.map(nameKey));
      for (const name of names) {
        this.wordings.set(name, [...new Set([...(this.wordings.get(name) ?? []), ...rule.expansions])]);
        longest = Math.max(longest, name.split(' ').length);
      }
    }
    this.longest = longest;
  }

  /** Groups the words of a query into slots; a span the synonym table names (the longest first) is one slot. */
  read(words: string[], quoted: string[]): ReadQuery {
    const slots: TermSlot[] = quoted.map((phrase) => ({ words: phrase.split(' '), phrases: [phrase], optional: false }));
    const keys = words.map(key);
    for (let at = 0; at < words.length;) {
      const span = this.synonymAt(keys, at);
      if (span) {
        const typed = words.slice(at, at + span.length);
        slots.push({ words: typed, phrases: [typed.join(' '), ...span.expansions], optional: false, ...(span.length === 1 ? { word: typed[0]! } : {}) });
        at += span.length;
        continue;
      }
      const word = words[at]!;
      // A word repeated outside a name the table knows is one slot.
      if (!slots.some((slot) => slot.word === word && slot.phrases.length === 0)) slots.push({ words: [word], phrases: [], word, optional: smallWords.has(word.toLowerCase()) });
      at += 1;
    }
    if (slots.every((slot) => slot.optional)) for (const slot of slots) slot.optional = false;
    return { slots, korean: this.korean(words) };
  }

  private synonymAt(keys: string[], at: number): { length: number; expansions: string[] } | undefined {
    for (let length = Math.min(this.longest, keys.length - at); length >= 1; length -= 1) {
      const expansions = this.wordings.get(keys.slice(at, at + length).join(' '));
      if (expansions) return { length, expansions };
    }
    return undefined;
  }

  /**
   * The Korean product names of a query: the Korean words written together (`냉동 새우` is `냉동새우`), else each
   * word, without a particle it carries, or the longest name it ends with (`전기밥솥` ends with `밥솥`).
   */
  private korean(words: string[]): KoreanMatch[] {
    const korean = words.filter(isKorean).map((word) => word.toLowerCase());
    if (korean.length === 0) return [];
    const lookUp = (word: string): KoreanMatch | undefined => {
      const bare = [word, ...koreanEndings.filter((ending) => word.endsWith(ending) && word.length > ending.length).map((ending) => word.slice(0, -ending.length))];
      for (const candidate of bare) {
        const codes = this.koreanTerms.get(candidate);
        if (codes) return { term: candidate, codes };
      }
      for (let start = 1; start < word.length - 1; start += 1) {
        const codes = this.koreanTerms.get(word.slice(start));
        if (codes) return { term: word.slice(start), codes };
      }
      return undefined;
    };
    const joined = korean.length > 1 ? lookUp(korean.join('')) : undefined;
    if (joined) return [joined];
    const found = korean.map(lookUp).filter((match): match is KoreanMatch => match !== undefined);
    return found.filter((match, index) => found.findIndex((other) => other.term === match.term) === index);
  }
}

/** A code of the Korean table as the tariff holds it: a heading or subheading not divided further is one 8-digit line. */
export const tariffIdsOf = (codes: string[]): string[] => [...new Set(codes.flatMap((code) => [code, code.padEnd(8, '0')]))];
