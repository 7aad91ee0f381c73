import type { Database } from '../db/client.js';
import { highlight } from '../../common/lookup/highlight.js';
import { type ParsedQuery, parseQuery } from '../../common/lookup/query.js';
import type { DecisionDoc, LookupLang, SearchAnswer, SearchMode, TariffDoc } from '../../common/lookup/schemas.js';
import { decisionColumns, inTransaction, likeEscape, regexEscape, type Run, runner, tariffColumns } from './sql.js';

/** Below this word similarity a misspelt word is no longer taken for the word it resembles. */
const typoThreshold = 0.5;

const prefix = (lang: LookupLang) => (lang === 'vi' ? '' : `${lang}_`);

/** Where a mode searches in a language: the fields shown and highlighted, and the folded columns behind them. */
function fieldsOf(mode: SearchMode, lang: LookupLang) {
  const p = prefix(lang);
  const folded = lang === 'vi' ? 'vi_' : p;
  if (mode === 'tariff') {
    return {
      table: 'lookup_tariff_line l',
      shown: [`${p}description`, `${p}notes`],
      phraseColumns: [`l.${folded}notes_f`, `l.${folded}description_f`],
      haystack: `(l.${folded}description_f || ' ' || l.${folded}notes_f)`,
    };
  }
  const shown = lang === 'vi' ? ['product_name', 'product_properties', 'product_description'] : [`${p}product_name`, `${p}product_properties`];
  return { table: 'lookup_decision d', shown, phraseColumns: [`d.${folded}search_f`], haystack: `d.${folded}search_f` };
}

export interface SearchOptions {
  database: Database;
  q: string;
  year: number;
  mode: SearchMode;
  lang: LookupLang;
  exact: boolean;
  page: number;
  rows: number;
}

type Row = (TariffDoc | DecisionDoc) & { total: string | number };

/**
 * Searches the tariff lines of a year or its classification decisions. Text matches every word and
 * phrase accent-insensitively; ranking is 1000 per whole-phrase match in notes and description plus one
 * per word match. When nothing matches, words are matched again with typo tolerance.
 */
export async function searchLookup(options: SearchOptions): Promise<SearchAnswer> {
  const parsed = parseQuery(options.q, { exact: options.exact });
  const start = (options.page - 1) * options.rows;
  const run = runner(options.database);
  let fuzzy = false;
  let { rows, total: numFound } = await queryRows(run, parsed, options, start, false);
  if (numFound === 0 && parsed.kind === 'text' && parsed.words.length > 0) {
    fuzzy = true;
    ({ rows, total: numFound } = await inTransaction(options.database, async (tx) => {
      // The planner takes the word-similarity operator for a cheap one, and may run it on every line of the
      // year rather than narrow the lines with the trigram index first (seen on PostgreSQL 15: 100 ms, not 15).
      await tx(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true), set_config('cpu_operator_cost', $2, true)`, [String(typoThreshold), '0.025']);
      return queryRows(tx, parsed, options, start, true);
    }));
  }
  const highlighting: SearchAnswer['highlighting'] = {};
  const docs = rows.map(({ total: _total, ...doc }) => doc);
  if (parsed.kind === 'text') {
    const terms = [parsed.text, ...parsed.phrases, ...parsed.words];
    const { shown } = fieldsOf(options.mode, options.lang);
    for (const doc of docs) {
      const marks: Record<string, string[]> = {};
      for (const field of shown) {
        const html = highlight(String((doc as Record<string, unknown>)[field] ?? ''), terms);
        if (html) marks[field] = [html];
      }
      highlighting[doc.id] = marks;
    }
  }
  return {
    response: { numFound, start, docs },
    highlighting,
    query: {
      kind: parsed.kind,
      ...(parsed.kind === 'code' ? { code: parsed.code.kind === 'section' ? parsed.code.section : parsed.code.formatted } : {}),
      year: options.year,
      fuzzy,
    },
  };
}

/**
 * The WHERE clause, score and ordering of a query, with its parameters. The ordering is over the columns
 * the matches keep (score, level, length, position, doc_date, id).
 */
function plan(parsed: ParsedQuery, options: SearchOptions, fuzzy: boolean) {
  const fields = fieldsOf(options.mode, options.lang);
  const tariff = options.mode === 'tariff';
  const alias = tariff ? 'l' : 'd';
  const params: unknown[] = [options.year];
  const add = (value: unknown) => { params.push(value); return `$${params.length}`; };
  const where = [`${alias}.year = $1`];
  let score = '0';
  let order = tariff ? 'position' : 'doc_date DESC NULLS LAST, id';
  if (parsed.kind === 'code') {
    const code = parsed.code;
    if (tariff) {
      if (code.kind === 'section') where.push(`l.section = ${add(code.section)} AND l.level <= 2`);
      else where.push(`l.id LIKE ${add(`${code.digits}%`)}`);
      order = 'level, position';
    } else {
      where.push(code.kind === 'section' ? 'false' : `d.hs LIKE ${add(`${code.digits}%`)}`);
    }
  } else if (parsed.kind === 'text') {
    for (const phrase of parsed.phrases) where.push(`${fields.haystack} LIKE '%' || fold_text(${add(likeEscape(phrase))}) || '%'`);
    for (const word of parsed.words) {
      where.push(fuzzy
        ? `fold_text(${add(word)}) <% ${fields.haystack}`
        : `${fields.haystack} LIKE '%' || fold_text(${add(likeEscape(word))}) || '%'`);
    }
    const count = (column: string, text: string) => `regexp_count(${column}, '\\m' || fold_text(${add(regexEscape(text))}))`;
    const wordScore = (word: string) => (fuzzy ? `word_similarity(fold_text(${add(word)}), ${fields.haystack})` : count(fields.haystack, word));
    if (!/\s/.test(parsed.text)) {
      // One word: its occurrences in notes and description are its occurrences in the haystack joining them
      // (a match cannot span the joining space), so one count serves the phrase and, unless typo-matched, the word.
      const phrase = count(fields.haystack, parsed.text);
      score = parsed.words.length === 0 ? `1000 * ${phrase}` : fuzzy ? `1000 * ${phrase} + ${wordScore(parsed.words[0]!)}` : `1001 * ${phrase}`;
    } else {
      const phrase = `'\\m' || fold_text(${add(regexEscape(parsed.text))})`;
      const phraseScore = fields.phraseColumns.map((column) => `regexp_count(${column}, ${phrase})`).join(' + ');
      score = [`1000 * (${phraseScore})`, ...parsed.words.map(wordScore)].join(' + ');
    }
    order = tariff ? 'score DESC, level, length, position' : 'score DESC, doc_date DESC NULLS LAST, id';
  }
  return { fields, params, add, where: where.join(' AND '), score, order };
}

/**
 * One page of a query and the number of its matches, in one statement: the matches are ranked on narrow
 * rows (key, score, sort columns), and only the page's rows are read whole. The total comes with an empty
 * page too (a page past the last match), as one row without a line.
 */
async function queryRows(run: Run, parsed: ParsedQuery, options: SearchOptions, start: number, fuzzy: boolean): Promise<{ rows: Row[]; total: number }> {
  const { fields, add, where, score, order, params } = plan(parsed, options, fuzzy);
  const tariff = options.mode === 'tariff';
  const keep = tariff
    ? 'l.year, l.id, l.level, length(l.description) + length(l.en_description) AS length, l.position'
    : 'd.id, d.doc_date';
  const text = `WITH matches AS MATERIALIZED (SELECT ${keep}, ${score} AS score FROM ${fields.table} WHERE ${where}),
    page AS (SELECT * FROM matches ORDER BY ${order} LIMIT ${add(options.rows)} OFFSET ${add(start)})
    SELECT (SELECT count(*) FROM matches) AS total, ${tariff ? tariffColumns : decisionColumns}
    FROM (SELECT 1) AS one
    LEFT JOIN (page JOIN ${fields.table} ON ${tariff ? 'l.year = page.year AND l.id = page.id' : 'd.id = page.id'}) ON true
    ORDER BY ${order.replace(/(^|, )(?=\w)/g, '$1page.')}`;
  const rows = await run<Row>(text, params);
  const total = Number(rows[0]?.total ?? 0);
  return { rows: rows.filter((row) => row.id !== null), total };
}
