import { normaliseCode } from '../../common/hs/code.js';
import { cleanTerm, maxQueryWords, tariffYears } from '../../common/lookup/query.js';
import type { LookupLang } from '../../common/lookup/schemas.js';
import { maxPrecedents, type Precedent, type PrecedentDecision, precedentExamples, type PrecedentMatch, type PrecedentsAnswer } from '../../common/precedents/schemas.js';
import { fold } from '../../common/text/fold.js';
import type { Database } from '../db/client.js';
import { likeEscape, type Run, runner } from '../db/run.js';

/** Below this word similarity a misspelt name is no longer taken for the one it resembles (as the tariff search). */
const typoThreshold = 0.5;
/** Decisions a search shows at most. */
const maxDecisions = 10;

export interface SearchPrecedentsOptions {
  database: Database;
  companyId: string;
  folderSetId?: string | null;
  typeCode?: string | undefined;
  /** An item code or words of an item name. */
  q?: string | undefined;
  /** Instead of q: an HS code, whose lines and those of the codes below it are the precedents. */
  hs?: string | undefined;
  lang: LookupLang;
}

/** How well a group of lines matched, best first: the tiers the ranking sorts on before counting lines. */
const tiers: Record<PrecedentMatch, number> = { code: 5, phrase: 4, words: 3, hs: 2, similar: 1 };
const matchOf = (tier: number) => (Object.entries(tiers).find(([, value]) => value === tier)?.[0] ?? 'similar') as PrecedentMatch;

/** The words of a query as the folded names hold them: accents and case folded, at most `maxQueryWords`. */
export function foldedWords(q: string): { phrase: string; words: string[] } {
  const phrase = fold(cleanTerm(q));
  const words = phrase.split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word)).slice(0, maxQueryWords);
  return { phrase: words.join(' '), words };
}

/**
 * The HS codes the company declared for lines whose item code is the query, whose item name holds it (the whole
 * text, else every word of it), or, when nothing holds it, whose name is like it (typo tolerance: trigram word
 * similarity); or, with `hs`, for lines under that code. Grouped by HS code and ranked by how well they match, then by
 * how many lines, then how recently. Read from the kept classifications (server/resources/declared-classifications.ts).
 */
export async function searchPrecedents(options: SearchPrecedentsOptions): Promise<PrecedentsAnswer> {
  const hsPrefix = options.hs === undefined ? undefined : normaliseCode(options.hs);
  const text = options.hs === undefined ? foldedWords(options.q ?? '') : { phrase: '', words: [] };
  const code = cleanTerm(options.q ?? '');
  // A query that reads as an HS code (5208, 5208.32) also finds the lines declared under it, below the item codes and names.
  const digits = options.hs === undefined && /^[\d.\s]{4,14}$/.test(code) ? normaliseCode(code) : hsPrefix;
  if (code === '' && digits === undefined) return { results: [], decisions: [] };
  const run = runner(options.database);
  const results = await rankedPrecedents(run, options, { code: options.hs === undefined ? code : null, ...text, digits: digits ?? null });
  const decisions = text.words.length > 0 ? await matchingDecisions(run, text.words) : [];
  return {
    results: results.map((result) => ({
      ...result,
      decisions: decisions.filter((decision) => decision.hs.startsWith(result.hs) || result.hs.startsWith(decision.hs)),
    })),
    decisions,
  };
}

interface Matching { code: string | null; phrase: string; words: string[]; digits: string | null }

type Row = Omit<Precedent, 'decisions' | 'match'> & { tier: number };

/**
 * The matched classifications grouped by HS code, ranked, with their item codes, example lines and tariff description,
 * in one statement. When nothing holds the words, the names like them are taken instead (typo tolerance) in the same
 * statement, their word similarity computed only then, once for each distinct name of the company's. The similarity
 * operator would rather need its threshold set in a transaction of its own, a second statement after the first came out
 * empty, and its trigram index reads the like names of every company.
 */
async function rankedPrecedents(run: Run, options: SearchPrecedentsOptions, matching: Matching): Promise<Array<Omit<Precedent, 'decisions'>>> {
  const params: unknown[] = [options.companyId, options.folderSetId ?? null, options.typeCode ?? null];
  const param = (value: unknown) => { params.push(value); return `$${params.length}`; };
  const like = (word: string) => `c.folded LIKE ${param(`%${likeEscape(word)}%`)}`;
  const scoped = 'c.company_id = $1 AND ($2::uuid IS NULL OR c.folder_set_id = $2) AND ($3::text IS NULL OR c.type_code = $3)';
  const conditions: string[] = [];
  const tierCases: string[] = [];
  if (matching.code) {
    const condition = `upper(c.code) = upper(${param(matching.code)})`;
    conditions.push(condition);
    tierCases.push(`WHEN ${condition} THEN ${tiers.code}`);
  }
  if (matching.words.length > 0) {
    const phrase = like(matching.phrase);
    const words = matching.words.map(like).join(' AND ');
    conditions.push(`(${words})`);
    tierCases.push(`WHEN ${phrase} THEN ${tiers.phrase}`, `WHEN ${words} THEN ${tiers.words}`);
  }
  if (matching.digits) {
    const condition = `c.hs LIKE ${param(`${matching.digits}%`)}`;
    conditions.push(condition);
    tierCases.push(`WHEN ${condition} THEN ${tiers.hs}`);
  }
  if (conditions.length === 0) return [];
  // Names only like the query, when nothing holds it; the more alike rank first. The company's names apart, so that the
  // similarity is not pushed down to every classification of a name.
  const typoTolerant = matching.words.length > 0;
  const names = typoTolerant ? `names AS MATERIALIZED (SELECT DISTINCT c.folded FROM ecus_classifications c WHERE ${scoped}),` : '';
  const similar = typoTolerant ? `
     UNION ALL
     SELECT c.*, ${tiers.similar} AS tier, n.likeness
       FROM (SELECT folded, word_similarity(${param(matching.phrase)}, folded) AS likeness FROM names) n
       JOIN ecus_classifications c ON ${scoped} AND c.folded = n.folded
      WHERE n.likeness >= ${typoThreshold} AND NOT EXISTS (SELECT 1 FROM exact)` : '';
  const lang = param(options.lang);
  const rows = await run<Row>(
    `WITH exact AS MATERIALIZED (
       SELECT c.*, CASE ${tierCases.join(' ')} END AS tier, 1::real AS likeness FROM ecus_classifications c WHERE ${scoped} AND (${conditions.join(' OR ')})),
     ${names}
     matched AS MATERIALIZED (SELECT * FROM exact${similar}),
     ranked AS (
       SELECT hs, max(tier) AS tier, round(max(likeness)::numeric, 1) AS likeness, sum(lines)::int AS lines,
              min(first_day) AS first_day, max(last_day) AS last_day
         FROM matched GROUP BY hs
        ORDER BY 2 DESC, 3 DESC, 4 DESC, 6 DESC, hs LIMIT ${maxPrecedents})
     SELECT r.hs, r.tier, r.lines, r.first_day::text AS first_date, r.last_day::text AS last_date,
            -- A Korean reader gets the English text where a line has no Korean, as the lookup's own pages do.
            (SELECT coalesce(CASE ${lang} WHEN 'en' THEN nullif(l.en_description, '') WHEN 'ko' THEN coalesce(nullif(l.ko_description, ''), nullif(l.en_description, '')) END, l.description)
               FROM lookup_tariff_line l
              WHERE l.year = ANY(${param([...tariffYears])}::int[]) AND l.id = ANY(ARRAY[r.hs, left(r.hs, 8), left(r.hs, 6), left(r.hs, 4)])
              ORDER BY length(l.id) DESC, l.year DESC LIMIT 1) AS description,
            ARRAY(SELECT m.code FROM matched m WHERE m.hs = r.hs GROUP BY m.code ORDER BY sum(m.lines) DESC, m.code LIMIT 10) AS codes,
            coalesce((SELECT jsonb_agg(jsonb_build_object('id', e.id, 'account_number', e.account_number, 'registered_date', e.registered_date::text,
                                                          'item_name', e.item_name, 'code', e.code, 'type_code', e.type_code) ORDER BY e.registered_date DESC, e.id DESC)
                        FROM (SELECT m.last_line FROM matched m WHERE m.hs = r.hs ORDER BY m.last_day DESC, m.last_line DESC LIMIT ${precedentExamples}) x
                        JOIN ecus_lines e ON e.id = x.last_line AND e.company_id = $1), '[]') AS examples
       FROM ranked r
      ORDER BY r.tier DESC, r.likeness DESC, r.lines DESC, r.last_day DESC, r.hs`,
    params);
  return rows.map(({ tier: rank, ...row }) => ({ ...row, match: matchOf(rank) }));
}

/** Customs' classification decisions (every year of the lookup) whose product holds every word, newest first. */
async function matchingDecisions(tx: Run, words: string[]): Promise<PrecedentDecision[]> {
  const params = words.map((word) => `%${likeEscape(word)}%`);
  return tx<PrecedentDecision>(
    `SELECT d.id::text AS id, d.year::int AS year, d.hs, d.doc_no, d.doc_date::text AS doc_date, d.product_name
       FROM lookup_decision d
      WHERE ${params.map((_, index) => `(d.vi_search_f LIKE $${index + 1} OR d.en_search_f LIKE $${index + 1} OR d.ko_search_f LIKE $${index + 1})`).join(' AND ')}
      ORDER BY d.doc_date DESC NULLS LAST, d.id DESC LIMIT ${maxDecisions}`,
    params);
}
