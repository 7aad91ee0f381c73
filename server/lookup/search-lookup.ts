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
  let rows = await queryRows(run, parsed, options, start, false);
  if (rows.length === 0 && start === 0 && parsed.kind === 'text' && parsed.words.length > 0) {
    fuzzy = true;
    rows = await inTransaction(options.database, async (tx) => {
      await tx(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, [String(typoThreshold)]);
      return queryRows(tx, parsed, options, start, true);
    });
  }
  const numFound = rows.length > 0 ? Number(rows[0]!.total) : start > 0 ? await countRows(run, parsed, options) : 0;
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

/** The WHERE clause, score and ordering of a query, with its parameters. */
function plan(parsed: ParsedQuery, options: SearchOptions, fuzzy: boolean) {
  const fields = fieldsOf(options.mode, options.lang);
  const alias = options.mode === 'tariff' ? 'l' : 'd';
  const params: unknown[] = [options.year];
  const add = (value: unknown) => { params.push(value); return `$${params.length}`; };
  const where = [`${alias}.year = $1`];
  let score = '0';
  let order = options.mode === 'tariff' ? 'l.position' : 'd.doc_date DESC NULLS LAST, d.id';
  if (parsed.kind === 'code') {
    const code = parsed.code;
    if (options.mode === 'tariff') {
      if (code.kind === 'section') where.push(`l.section = ${add(code.section)} AND l.level <= 2`);
      else where.push(`l.id LIKE ${add(`${code.digits}%`)}`);
    } else {
      where.push(code.kind === 'section' ? 'false' : `d.hs LIKE ${add(`${code.digits}%`)}`);
    }
    if (options.mode === 'tariff') order = 'l.level, l.position';
  } else if (parsed.kind === 'text') {
    for (const phrase of parsed.phrases) where.push(`${fields.haystack} LIKE '%' || fold_text(${add(likeEscape(phrase))}) || '%'`);
    for (const word of parsed.words) {
      where.push(fuzzy
        ? `fold_text(${add(word)}) <% ${fields.haystack}`
        : `${fields.haystack} LIKE '%' || fold_text(${add(likeEscape(word))}) || '%'`);
    }
    const phrase = `'\\m' || fold_text(${add(regexEscape(parsed.text))})`;
    const phraseScore = fields.phraseColumns.map((column) => `regexp_count(${column}, ${phrase})`).join(' + ');
    const wordScore = parsed.words.map((word) => fuzzy
      ? `word_similarity(fold_text(${add(word)}), ${fields.haystack})`
      : `regexp_count(${fields.haystack}, '\\m' || fold_text(${add(regexEscape(word))}))`);
    score = [`1000 * (${phraseScore})`, ...wordScore].join(' + ');
    order = options.mode === 'tariff'
      ? 'score DESC, l.level, length(l.description) + length(l.en_description), l.position'
      : 'score DESC, d.doc_date DESC NULLS LAST, d.id';
  }
  return { fields, params, add, where: where.join(' AND '), score, order };
}

async function queryRows(run: Run, parsed: ParsedQuery, options: SearchOptions, start: number, fuzzy: boolean): Promise<Row[]> {
  const { fields, add, where, score, order, params } = plan(parsed, options, fuzzy);
  const columns = options.mode === 'tariff' ? tariffColumns : decisionColumns;
  const text = `SELECT ${columns}, count(*) OVER () AS total, ${score} AS score FROM ${fields.table}
    WHERE ${where} ORDER BY ${order} LIMIT ${add(options.rows)} OFFSET ${add(start)}`;
  const rows = await run<Row & { score: unknown }>(text, params);
  return rows.map(({ score: _score, ...row }) => row);
}

/** Total of a query whose page lies past its last match. */
async function countRows(run: Run, parsed: ParsedQuery, options: SearchOptions): Promise<number> {
  const { fields, where, params } = plan(parsed, options, false);
  const [row] = await run<{ total: string | number }>(`SELECT count(*) AS total FROM ${fields.table} WHERE ${where}`, params);
  return Number(row?.total ?? 0);
}
