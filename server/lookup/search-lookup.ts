import type { Database } from '../db/client.js';
import { highlighter, prefixTermLength } from '../../common/lookup/highlight.js';
import { fold } from '../../common/text/fold.js';
import { type ParsedQuery, parseQuery, searchPageSize } from '../../common/lookup/query.js';
import type { DecisionDoc, LookupLang, SearchAnswer, SearchFilters, SearchMode, TariffDoc } from '../../common/lookup/schemas.js';
import { decisionColumns, inTransaction, likeEscape, planKeepingRunner, regexEscape, type Run, runner, tariffColumns, tariffPathColumn } from './sql.js';
import { isKorean, type ReadQuery, tariffIdsOf, type TermSlot } from './search-terms.js';
import { termReaderOf } from './term-reader.js';

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
    };
  }
  return {
    table: 'lookup_decision d',
    shown: ['product_name', 'product_properties', 'product_description', 'en_product_name', 'en_product_properties', 'ko_product_name', 'ko_product_properties'],
    phraseColumns: languages.map((lang) => `d.${folded(lang)}search_f`),
    haystack: `(${languages.map((lang) => `d.${folded(lang)}search_f`).join(" || ' | ' || ")})`,
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
 * Searches the tariff lines of a year or its classification decisions. Text is ranked by relevance (rankedRows): every
 * word must match a line or its ancestors, else most of them do; when none matches, words are matched again with
 * typo tolerance.
 */
export async function searchLookup(options: SearchOptions): Promise<SearchAnswer> {
  const parsed = parseQuery(options.q, { exact: options.exact });
  const start = (options.page - 1) * options.rows;
  const run = runner(options.database);
  const read = parsed.kind === 'text' ? (await termReaderOf(options.database)).read(parsed.words, parsed.phrases) : undefined;
  let match: 'all' | 'some' | 'similar' = 'all';
  let { rows, total: numFound } = read && parsed.kind === 'text'
    ? await rankedRows(run, read, options, start, 'all')
    : await queryRows(run, parsed, options, start);
  if (numFound > 0 && numFound < searchPageSize && read && options.mode === 'tariff' && read.slots.filter((slot) => !slot.optional).length > 1) {
    // Fewer lines than a page hold every word: the lines that lack one of them follow (the query's words may name the
    // product otherwise than the line does: `lốp xe ô tô` and `Loại sử dụng cho ô tô con`, under tyres).
    ({ rows, total: numFound } = await rankedRows(run, read, options, start, 'all', true));
  }
  if (numFound === 0 && read && read.slots.filter((slot) => !slot.optional).length > 1) {
    // No line has every word: the lines with the most of them, the words they lack said on the page.
    match = 'some';
    ({ rows, total: numFound } = await rankedRows(run, read, options, start, 'some'));
  }
  if (numFound === 0 && parsed.kind === 'text' && parsed.words.length > 0) {
    match = 'similar';
    ({ rows, total: numFound } = await inTransaction(options.database, async (tx) => {
      // The planner takes the word-similarity operator for a cheap one, and may run it on every line of the
      // year rather than narrow the lines with the trigram index first (seen on PostgreSQL 15: 100 ms, not 15).
      await tx(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true), set_config('cpu_operator_cost', $2, true)`, [String(typoThreshold), '0.025']);
      return queryRows(tx, parsed, options, start);
    }));
  }
  const fuzzy = match === 'similar';
  const highlighting: SearchAnswer['highlighting'] = {};
  const docs = rows.map(({ total: _total, ...doc }) => doc);
  if (parsed.kind === 'text') {
    const mark = highlighter([parsed.text, ...parsed.phrases, ...parsed.words, ...highlightTerms(read)]);
    const { shown } = fieldsOf(options.mode);
    for (const doc of docs) {
      const marks: Record<string, string[]> = {};
      for (const field of shown) {
        const html = mark(String((doc as Record<string, unknown>)[field] ?? ''));
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
      ...(parsed.kind === 'text' ? { match } : {}),
      ...(read && read.korean.length > 0 ? { koreanTerms: read.korean } : {}),
      ...(parsed.kind === 'text' && parsed.ignored.length > 0 ? { ignored: parsed.ignored } : {}),
    },
  };
}

/**
 * The WHERE clause, score and ordering of a query, with its parameters. The ordering is over the columns
 * the matches keep (score, level, length, position, doc_date, id).
 */
function plan(parsed: ParsedQuery, options: SearchOptions) {
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
    // Only when no line holds every word (ranked text search is rankedRows): each word is matched by trigram word
    // similarity, and the typed term's occurrences from a word start, then the words' similarity, rank the lines.
    for (const phrase of parsed.phrases) where.push(`${fields.haystack} LIKE '%' || fold_text(${add(likeEscape(phrase))}) || '%'`);
    for (const word of parsed.words) where.push(`fold_text(${add(word)}) <% ${fields.haystack}`);
    const count = (column: string, text: string) =>
      `regexp_count(${column}, '\\m' || fold_text(${add(regexEscape(text))})${text.length < prefixTermLength ? " || '\\M'" : ''})`;
    const phrase = /\s/.test(parsed.text)
      ? fields.phraseColumns.map((column) => `regexp_count(${column}, '\\m' || fold_text(${add(regexEscape(parsed.text))}))`).join(' + ')
      : count(fields.haystack, parsed.text);
    score = [`1000 * (${phrase})`, ...parsed.words.map((word) => `word_similarity(fold_text(${add(word)}), ${fields.haystack})`)].join(' + ');
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
async function queryRows(run: Run, parsed: ParsedQuery, options: SearchOptions, start: number): Promise<{ rows: Row[]; total: number }> {
  const { fields, add, where, score, order, params } = plan(parsed, options);
  const tariff = options.mode === 'tariff';
  const keep = tariff
    ? 'l.year, l.id, l.level, l.text_length AS length, l.position'
    : 'd.id, d.doc_date';
  const text = `WITH matches AS MATERIALIZED (SELECT ${keep}, ${score} AS score FROM ${fields.table} WHERE ${where}),
    page AS (SELECT * FROM matches ORDER BY ${order} LIMIT ${add(options.rows)} OFFSET ${add(start)}) ${pageRows(tariff, order)}`;
  const rows = await run<Row>(text, params);
  const total = Number(rows[0]?.total ?? 0);
  return { rows: rows.filter((row) => row.id !== null), total };
}

/**
 * The end of a search statement, after its CTEs `matches` and `page`: the page's rows whole (a tariff line with its path)
 * and the number of matches, which comes with an empty page too (a page past the last match), as one row without a line.
 */
function pageRows(tariff: boolean, order: string): string {
  const rows = tariff ? 'page JOIN lookup_tariff_line l ON l.year = page.year AND l.id = page.id' : 'page JOIN lookup_decision d ON d.id = page.id';
  return `SELECT (SELECT count(*) FROM matches) AS total, ${tariff ? `${tariffColumns}, ${tariffPathColumn}` : decisionColumns}
    FROM (SELECT 1) AS one LEFT JOIN (${rows}) ON true
    ORDER BY ${order.replace(/(^|, )(?=\w)/g, '$1page.')}`;
}

/** Words to mark beside the typed ones: the synonyms searched, and English words without their ending (`conditioning`). */
function highlightTerms(read: ReadQuery | undefined): string[] {
  if (!read) return [];
  return read.slots.flatMap((slot) => [
    ...slot.phrases.slice(1),
    ...slot.words.map((word) => word.replace(/(ers|er|ing|ies|es|s)$/i, '')).filter((stem) => stem.length >= 4),
  ]);
}

/** Weights of the ranking: a line's own words count twice its ancestors', and naming the product first counts as much again. */
const weight = { own: 60, context: 30, main: 60, head: 40, wording: 150, allMain: 40, accent: 30, accentContext: 15, mismatch: 0.3, adjacentMain: 60, adjacentOwn: 15, adjacentContext: 10, optional: 10, typedName: 30, lacking: 250, korean: 1000, koreanStep: 150 };
/**
 * A text-search query that matches the tariff's own wording only, not the Explanatory Notes a heading's context holds
 * (weighted C, migration 0046): exact mode finds the phrase as the tariff writes it.
 */
const weighted = (query: string, weights: string) => `regexp_replace((${query})::text, '''((?:[^'']|'''')*)''', '''\\1'':${weights}', 'g')::tsquery`;
const tariffWording = (query: string) => weighted(query, 'D');

/** The share of its heading's score a line under it takes. */
const inherit = 0.5;
/** How many of a query's words, the rarest, look lines up when no line holds every word. */
const tellingWords = 3;
/** What keeps a line down: a chapter or section (too broad to declare), a group row (its coded lines come first), a chapter 98 copy. */
const penalty = { chapter: 30, group: 40, chapter98: 100 };

/**
 * One page of a text query ranked by relevance, and the number of its matches. Every slot of the query must match a
 * line's own words or its ancestors' (`some`: at least one slot), or the line must be one the Korean product names
 * stand for. The score adds, per slot, whether the line's own words hold it (else its ancestors do), whether the
 * words that name the line hold it, and the accents as typed; per pair of neighbouring words, whether they stand
 * next to each other; and takes off for chapters, group rows and chapter 98.
 */
async function rankedRows(run: Run, read: ReadQuery, options: SearchOptions, start: number, match: 'all' | 'some', soft = false): Promise<{ rows: Row[]; total: number }> {
  const tariff = options.mode === 'tariff';
  const alias = tariff ? 'l' : 'd';
  // The query's words are read into text-search queries by a first CTE (`q`) of the same statement: each is computed
  // once, and the search reads them as values known before the lines are (initplans), so the lines are still read
  // through the text-search index. One statement, one round trip: the search costs less CPU on both sides.
  // The year is written in the statement (a plan kept for it then reads that year's own index); the words are parameters.
  const year = yearOf(options);
  const params: unknown[] = [];
  const add = (value: unknown) => { params.push(value); return `$${params.length}`; };
  const addText = (value: string) => `${add(value)}::text`;
  const slotQuery = (slot: TermSlot): string => {
    const parts: string[] = [];
    if (slot.word !== undefined) {
      const word = slot.word;
      if (isKorean(word)) {
        parts.push(`to_tsquery('simple', ${addText(`'${fold(word).replaceAll("'", "''")}':*`)})`);
      } else {
        const param = addText(word);
        parts.push(`plainto_tsquery('simple', fold_text(${param}))`, `plainto_tsquery('english', ${param})`);
        // An English agent noun finds the activity the tariff names it by (conditioner → conditioning, cooker → cooking).
        if (/^[a-z]{4,}ers?$/i.test(word)) parts.push(`plainto_tsquery('english', ${addText(word.replace(/ers?$/i, 'ing'))})`);
      }
    }
    for (const phrase of slot.phrases) {
      const param = addText(phrase);
      parts.push(...[`phraseto_tsquery('simple', fold_text(${param}))`, `phraseto_tsquery('english', ${param})`].map((query) => (options.exact ? tariffWording(query) : query)));
    }
    return `(${parts.join(' || ')})`;
  };
  const slots = read.slots;
  const terms: string[] = slots.map((slot, index) => `${slotQuery(slot)} AS s${index}`);
  // The Vietnamese words and names of a slot as typed with their accents (`nồi` is not `nối`). In a query typed with
  // accents, a word typed without them is meant so too (`máy may` is not `máy máy`).
  const hasAccents = (text: string) => !isKorean(text) && fold(text) !== text.toLowerCase();
  const typedWithAccents = slots.some((slot) => slot.words.some(hasAccents));
  const accentedTexts = (slot: TermSlot) => [...(slot.word === undefined ? [] : [slot.word]), ...slot.phrases]
    .filter((text) => !isKorean(text) && (typedWithAccents || hasAccents(text)));
  const accented = slots.map((slot, index) => ({ slot, index })).filter(({ slot }) => accentedTexts(slot).length > 0);
  const accentedSlots = new Set(accented.map(({ index }) => index));
  for (const { slot, index } of accented) {
    const accentQuery = `(${accentedTexts(slot).map((text) => `phraseto_tsquery('simple', lower(${addText(text)}))`).join(' || ')})`;
    terms.push(`${accentQuery} AS a${index}`);
    if (tariff) terms.push(`${weighted(accentQuery, 'A')} AS w${index}`);
  }
  // A line worded as the synonym table words the product names it, wherever the wording stands in its text.
  const worded = slots.map((slot, index) => ({ slot, index })).filter(({ slot }) => slot.phrases.length > 1);
  for (const { slot, index } of worded) {
    terms.push(`(${slot.phrases.slice(1).map((text) => `phraseto_tsquery('simple', fold_text(${addText(text)})) || phraseto_tsquery('english', ${addText(text)})`).join(' || ')}) AS x${index}`);
  }
  // A name of several words the synonym table words otherwise (`ceramic tiles` → `paving, hearth or wall tiles`): a line
  // whose own words hold every word typed, as well as the wording, names the product better than one holding the wording
  // alone (`Floor or wall tiles`, of asbestos).
  const typedNames = slots.map((slot, index) => ({ slot, index })).filter(({ slot }) => slot.phrases.length > 1 && slot.words.length > 1);
  for (const { slot, index } of typedNames) {
    const param = addText(slot.words.join(' '));
    terms.push(`(plainto_tsquery('simple', fold_text(${param})) || plainto_tsquery('english', ${param})) AS t${index}`);
  }
  const required = slots.map((slot, index) => ({ slot, index })).filter(({ slot }) => !slot.optional).map(({ index }) => `s${index}`);
  const pairs = slots.slice(1).map((_slot, index) => index).filter((index) => slots[index]!.word !== undefined && slots[index + 1]!.word !== undefined);
  const koreanIds = tariffIdsOf(read.korean.flatMap((found) => found.codes));
  // `soft` (tariff lines, after a search found fewer lines than a page holding every word): a line may lack one word,
  // and each word it lacks takes off more than a word usually adds, so the lines holding every word come first.
  const softAnd = soft && tariff && match === 'all' && required.length >= 2;
  const combined = required.length === 0 ? `''::tsquery`
    : softAnd ? required.map((_name, skip) => `(${required.filter((_other, index) => index !== skip).join(' && ')})`).join(' || ')
    : required.join(match === 'all' ? ' && ' : ' || ');
  const every = required.join(' && ') || `''::tsquery`;
  const phrases = pairs.map((index) => `tsquery_phrase(s${index}, s${index + 1}) AS p${index}`);
  const termsSql = `SELECT *, ${[`${combined} AS wanted`, `${every} AS every`, ...phrases].join(', ')} FROM (SELECT ${terms.join(', ')}) AS t`;
  let termsCte = `q AS MATERIALIZED (${termsSql}), `;
  let query = (name: string) => `(SELECT ${name} FROM q)`;
  // With only some words matching, a rare word tells more than a common one (`nồi` more than `loại`): each slot counts
  // by how few of the year's lines hold it, counted up to a bound. The counts shape the search, so they are read first,
  // with the text-search queries, which the search then holds as constants.
  const rarity = new Map<number, number>();
  if (match === 'some') {
    const bound = 2000;
    const table = tariff ? 'lookup_tariff_line' : 'lookup_decision';
    const counted = slots.map((slot, index) => ({ slot, index })).filter(({ slot }) => !slot.optional);
    const [queries] = await run<Record<string, string | number>>(`WITH q AS MATERIALIZED (${termsSql}) SELECT q.*, ${counted.map(({ index }) =>
      `(SELECT count(*)::int FROM (SELECT 1 FROM ${table} WHERE year = ${year} AND search_tsv @@ (SELECT s${index} FROM q) LIMIT ${bound}) AS c) AS c${index}`).join(', ')} FROM q`,
    params);
    const count = (index: number) => Number(queries![`c${index}`] ?? 0);
    for (const { index } of counted) rarity.set(index, Math.max(0.1, Math.log(bound / (count(index) + 1)) / Math.log(bound)));
    // Lines are looked for by the words that are not everywhere; the common ones only rank them.
    // A word text search reads as nothing (a stop word, a sign) has an empty query, which cannot be written in one.
    // Only the rarest few look lines up, so a long query does not read most of the year (each word's lines are then
    // scored on every word): the others still rank what they find.
    const telling = counted.filter(({ index }) => count(index) < bound && String(queries![`s${index}`]) !== '')
      .sort((a, b) => count(a.index) - count(b.index)).slice(0, tellingWords)
      .map(({ index }) => `(${queries![`s${index}`]})`);
    if (telling.length > 0) queries!.wanted = telling.join(' | ');
    params.splice(0);
    termsCte = '';
    query = (name: string) => `${add(queries![name])}::tsquery`;
  }

  const has = (column: string, name: string) => `(${alias}.${column} @@ ${query(name)})::int`;
  const score: string[] = [];
  slots.forEach((slot, index) => {
    if (slot.optional) score.push(`${weight.optional} * ${has('words_tsv', `s${index}`)}`);
    else {
      // Where every slot matched, each is in the line's words or its ancestors'.
      const slotScore = [
        `${weight.own - weight.context} * ${has('words_tsv', `s${index}`)} + ${match === 'all' && !softAnd ? weight.context : `${weight.context} * ${has('search_tsv', `s${index}`)}`}`,
        `${weight.main} * ${has('main_tsv', `s${index}`)} + ${weight.head} * ${has('head_tsv', `s${index}`)}`,
      ].join(' + ');
      // A word typed with accents that the line holds only with other accents (`bơ`, found as `bộ`) counts for less.
      const accentShare = tariff && accentedSlots.has(index)
        ? ` * CASE WHEN l.accent_tsv @@ ${query(`a${index}`)} THEN 1 ELSE ${weight.mismatch} END` : '';
      const factor = rarity.has(index) ? `${rarity.get(index)!.toFixed(3)} * ` : '';
      score.push(factor || accentShare ? `${factor}(${slotScore})${accentShare}` : slotScore);
      if (softAnd) score.push(`- ${weight.lacking} * (1 - ${has('search_tsv', `s${index}`)})`);
    }
  });
  for (const { index } of worded) score.push(`${weight.wording} * ${has('words_tsv', `x${index}`)}`);
  for (const { index } of typedNames) score.push(`${weight.typedName} * ${has('words_tsv', `t${index}`)}`);
  for (const { index } of accented) {
    // A tariff line's accents are weighted by where they stand (migration 0050): its own text, its ancestors', its notes.
    score.push(tariff
      ? `CASE WHEN l.accent_tsv @@ ${query(`w${index}`)} THEN ${weight.accent} WHEN l.accent_tsv @@ ${query(`a${index}`)} THEN ${weight.accentContext} ELSE 0 END`
      : `${weight.accent} * ${has('accent_tsv', `a${index}`)}`);
  }
  for (const index of pairs) {
    const phrase = query(`p${index}`);
    const at = (column: string) => `${alias}.${column} @@ ${phrase}`;
    score.push(`CASE WHEN ${at('main_tsv')} THEN ${weight.adjacentMain} WHEN ${at('words_tsv')} THEN ${weight.adjacentOwn} WHEN ${at('context_tsv')} THEN ${weight.adjacentContext} ELSE 0 END`);
  }
  if (required.length > 1) score.push(`${weight.allMain} * ${has('main_tsv', 'every')}`);
  const codeColumn = tariff ? 'l.id' : 'd.hs';
  let koreanMatch = 'false';
  if (koreanIds.length > 0) {
    koreanMatch = tariff ? `l.id = ANY(${add(koreanIds)}::text[])` : `d.hs LIKE ANY(${add(read.korean.flatMap((found) => found.codes).map((code) => `${code}%`))}::text[])`;
    // The codes in the order the Korean names give them, the usual code of a product first: a step between two of them
    // outweighs what a line's own Korean words add (the headings' names), so the order the table gives stands.
    score.push(tariff
      ? `CASE WHEN ${koreanMatch} THEN ${weight.korean} - ${weight.koreanStep} * least(array_position(${add(koreanIds)}::text[], l.id) - 1, 4) ELSE 0 END`
      : `CASE WHEN ${koreanMatch} THEN ${weight.korean} ELSE 0 END`);
  }
  if (tariff) {
    score.push(`- ${penalty.chapter} * (l.level <= 2)::int - ${penalty.group} * (position('~' IN l.id) > 0)::int - ${penalty.chapter98} * (l.id LIKE '98%')::int`);
  }
  const where = [`${alias}.year = ${year}`, koreanIds.length > 0 ? `(${alias}.search_tsv @@ ${query('wanted')} OR ${koreanMatch})` : `${alias}.search_tsv @@ ${query('wanted')}`];
  const { chapter, schedule, rateMin, rateMax } = options.filters ?? {};
  if (chapter) where.push(`${codeColumn} LIKE ${add(`${chapter}%`)}`);
  if (tariff && (schedule || rateMin !== undefined || rateMax !== undefined)) {
    const range = [rateMin === undefined ? '' : ` AND r.percent >= ${add(rateMin)}`, rateMax === undefined ? '' : ` AND r.percent <= ${add(rateMax)}`].join('');
    where.push(`EXISTS (SELECT 1 FROM lookup_tariff_rate r WHERE r.year = l.year AND r.line_id = l.id
      AND r.schedule = ${add(schedule ?? 'MFN')} AND r.percent IS NOT NULL${range})`);
  }
  // The share of the query's words that the words naming a line hold (a line for parts `for air conditioning machines`
  // holds them, but does not name the product by them).
  const requiredIndexes = slots.map((slot, index) => ({ slot, index })).filter(({ slot }) => !slot.optional);
  // Decisions do not keep it: it is not written for them, so none of its parameters is left unread (a parameter a
  // statement never reads has no type, and the statement fails).
  const own = !tariff || requiredIndexes.length === 0 ? '0' : `(${requiredIndexes.map(({ index }) => has('main_tsv', `s${index}`)).join(' + ')})::real / ${requiredIndexes.length}`;
  const order = tariff ? 'score DESC, level, length, position' : 'score DESC, doc_date DESC NULLS LAST, id';
  // A line under a heading that matched takes part of the heading's score, in the share of the query's words that name
  // it: the heading's words are the line's too, so the best line naming the product by them rises to just before its
  // heading, never past it to another heading; lines that name it by none stay after.
  //
  // Only the lines that can reach the page are ranked so: a line only rises, and only the best line under a heading
  // (the one naming the product most, then the highest), never past its heading's score. So the page is among the first
  // lines (`top`, as many as the page reaches) and the best lines of the headings scoring at least as much as the last of
  // them or standing over one of them; the other lines of a large answer (`machines`: 1,452) are neither sorted by
  // heading nor lifted.
  const ranked = tariff
    ? `top AS MATERIALIZED (SELECT * FROM matches ORDER BY ${order} LIMIT ${add(start + options.rows)}),
      heads AS MATERIALIZED (SELECT left(id, 4) AS head, max(score) AS heading, max(length) AS heading_length FROM matches WHERE level = 4 GROUP BY 1),
      best AS MATERIALIZED (SELECT DISTINCT ON (h.head) m.year, m.id, m.level, m.length, m.position, m.parent, m.own, m.score, h.heading, h.heading_length
        FROM heads h JOIN matches m ON left(m.id, 4) = h.head
        WHERE h.heading > 0 AND m.level > 4 AND (h.heading >= (SELECT min(score) FROM top) OR h.head IN (SELECT left(id, 4) FROM top WHERE level > 4))
        ORDER BY h.head, m.own DESC, m.score DESC, m.level, m.length, m.position),
      ranked AS (SELECT year, id, CASE WHEN promoted THEN 4 ELSE level END AS level, CASE WHEN promoted THEN heading_length - 1 ELSE length END AS length,
        position, CASE WHEN promoted THEN heading WHEN score >= heading THEN score ELSE lifted END AS score
      FROM (SELECT *, lifts AND lifted >= heading AND (score < heading OR (score = heading AND own > 0 AND position('~' IN parent) = 0)) AS promoted
        FROM (SELECT year, id, level, length, position, parent, own, lifts, score, heading, heading_length,
            CASE WHEN lifts THEN score + ${inherit} * own * heading ELSE score END AS lifted
          FROM (SELECT year, id, level, length, position, parent, own, score, heading, heading_length, true AS lifts FROM best
            UNION ALL SELECT year, id, level, length, position, parent, own, score, 0, NULL, false FROM top WHERE id NOT IN (SELECT id FROM best)) AS c) AS n) AS o), `
    : '';
  const text = `WITH ${termsCte}matches AS MATERIALIZED (${matchesSql(tariff, own, score.join(' + '), where.join(' AND '))}),
    ${ranked}page AS (SELECT * FROM ${tariff ? 'ranked' : 'matches'} ORDER BY ${order} LIMIT ${add(options.rows)} OFFSET ${add(start)}) ${pageRows(tariff, order)}`;
  // Where every word (or all but one) must match, the statement's text depends only on the query's shape (its slots,
  // accents, synonyms, filters): its plan is kept. Where only some do, the text holds the words' rarities and is run once.
  const rows = await (match === 'all' ? planKeepingRunner(options.database, keptPlans) : run)<Row>(text, params);
  return { rows: rows.filter((row) => row.id !== null), total: Number(rows[0]?.total ?? 0) };
}

/** How many ranked-search statements each database connection keeps planned: the shapes of query searched most. */
const keptPlans = 16;

/** The year searched, as written in a statement. */
function yearOf(options: SearchOptions): number {
  if (!Number.isSafeInteger(options.year)) throw new Error(`Not a year: ${options.year}`);
  return options.year;
}

/** A tariff line's search columns that hold its ancestors' and its heading's notes' words and accents: long, so stored apart (TOAST). */
const longColumns = ['context_tsv', 'search_tsv', 'accent_tsv'];

/**
 * The matches of a ranked search as narrow rows: the sort columns, the share of the words naming the line (`own`, tariff
 * lines) and the score. A tariff line's long column is read again from where it is stored apart by every test of it (a
 * query typed with accents tests a line's accents up to three times a word; when lines may lack a word, each word tests
 * the line's words twice): where the score tests them more than once, the lines are read first with those columns
 * gathered into one row value, which reads each of them once, and the score tests the row's fields.
 */
function matchesSql(tariff: boolean, own: string, score: string, where: string): string {
  if (!tariff) return `SELECT d.id, d.doc_date, ${score} AS score FROM lookup_decision d WHERE ${where}`;
  const lines = 'l.year, l.id, l.level, l.text_length AS length, l.position, l.parent_id AS parent';
  const scored = `${own} AS own, ${score} AS score`;
  const tests = (column: string) => scored.split(`l.${column} @@`).length - 1;
  const long = longColumns.filter((column) => tests(column) > 0);
  if (long.reduce((sum, column) => sum + tests(column), 0) < 2) return `SELECT ${lines}, ${scored} FROM lookup_tariff_line l WHERE ${where}`;
  const read = [
    lines,
    ...['words_tsv', 'main_tsv', 'head_tsv'].filter((column) => tests(column) > 0).map((column) => `l.${column}`),
    `ROW(${long.map((column) => `l.${column}`).join(', ')}) AS v`,
  ];
  const fields = long.reduce((out, column, index) => out.replaceAll(`l.${column} @@`, `(l.v).f${index + 1} @@`), scored);
  // OFFSET 0 keeps the lines' reading apart, so the row value is formed once a line.
  return `SELECT year, id, level, length, position, parent, ${fields} FROM (SELECT ${read.join(', ')} FROM lookup_tariff_line l WHERE ${where} OFFSET 0) AS l`;
}
