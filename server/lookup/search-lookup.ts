import type { Database } from '../db/client.js';
import { highlight, prefixTermLength } from '../../common/lookup/highlight.js';
import { fold } from '../../common/text/fold.js';
import { type ParsedQuery, parseQuery } from '../../common/lookup/query.js';
import type { DecisionDoc, LookupLang, SearchAnswer, SearchFilters, SearchMode, TariffDoc } from '../../common/lookup/schemas.js';
import { decisionColumns, inTransaction, likeEscape, regexEscape, type Run, runner, tariffColumns } from './sql.js';

/** Below this word similarity a misspelt word is no longer taken for the word it resembles. */
const typoThreshold = 0.5;

const languages = ['vi', 'en', 'ko'] as const;
const prefix = (lang: LookupLang) => (lang === 'vi' ? '' : `${lang}_`);
const folded = (lang: LookupLang) => (lang === 'vi' ? 'vi_' : `${lang}_`);

/**
 * Where a mode searches: the fields of every language (a Vietnamese query in the English interface still finds the
 * Vietnamese text), each highlighted, and the folded text behind them. The haystack is the expression of the trigram
 * index of migration 0022, languages joined by ' | ' so a phrase cannot run from one into the next.
 */
function fieldsOf(mode: SearchMode) {
  if (mode === 'tariff') {
    return {
      table: 'lookup_tariff_line l',
      shown: languages.flatMap((lang) => [`${prefix(lang)}description`, `${prefix(lang)}notes`]),
      phraseColumns: languages.flatMap((lang) => [`l.${folded(lang)}notes_f`, `l.${folded(lang)}description_f`]),
      haystack: `(${languages.map((lang) => `l.${folded(lang)}description_f || ' ' || l.${folded(lang)}notes_f`).join(" || ' | ' || ")})`,
      /** The Vietnamese text unfolded, where accents tell words apart. */
      accented: `(l.description || ' ' || l.notes)`,
    };
  }
  return {
    table: 'lookup_decision d',
    shown: ['product_name', 'product_properties', 'product_description', 'en_product_name', 'en_product_properties', 'ko_product_name', 'ko_product_properties'],
    phraseColumns: languages.map((lang) => `d.${folded(lang)}search_f`),
    haystack: `(${languages.map((lang) => `d.${folded(lang)}search_f`).join(" || ' | ' || ")})`,
    accented: `(d.product_name || ' ' || d.product_properties || ' ' || d.product_description)`,
  };
}

export interface SearchOptions {
  database: Database;
  q: string;
  year: number;
  mode: SearchMode;
  exact: boolean;
  filters?: SearchFilters;
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
    const { shown } = fieldsOf(options.mode);
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
  const fields = fieldsOf(options.mode);
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
    // As highlighting reads them: a short word counts where it is a whole word (`ca` in `ca phe`, not in `cao su`),
    // a longer one also where it begins a word (`horse` in `horses`).
    const count = (column: string, text: string) =>
      `regexp_count(${column}, '\\m' || fold_text(${add(regexEscape(text))})${text.length < prefixTermLength ? " || '\\M'" : ''})`;
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
    if (fold(parsed.text) !== parsed.text.toLowerCase()) {
      // Folding makes `kể cả phế liệu` read `ke ca phe lieu`, which holds `ca phe`: a term typed with its accents
      // ranks the text that has them, as typed, first.
      score = `2000 * regexp_count(${fields.accented}, ${add(`\\m${regexEscape(parsed.text)}`)}, 1, 'i') + ${score}`;
    }
    order = tariff ? 'score DESC, level, length, position' : 'score DESC, doc_date DESC NULLS LAST, id';
  }
  const { chapter, schedule, rateMin, rateMax } = options.filters ?? {};
  if (chapter) where.push(`${tariff ? 'l.id' : 'd.hs'} LIKE ${add(`${chapter}%`)}`);
  if (tariff && (schedule || rateMin !== undefined || rateMax !== undefined)) {
    // A rate filter keeps the lines whose published cell under the schedule is a number in the range; '*' and
    // composite texts have no number and never match.
    const range = [rateMin === undefined ? '' : ` AND r.percent >= ${add(rateMin)}`, rateMax === undefined ? '' : ` AND r.percent <= ${add(rateMax)}`].join('');
    where.push(`EXISTS (SELECT 1 FROM lookup_tariff_rate r WHERE r.year = l.year AND r.line_id = l.id
      AND r.schedule = ${add(schedule ?? 'MFN')} AND r.percent IS NOT NULL${range})`);
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
