import type { Database } from '../db/client.js';
import { settleSearchIndexes } from '../db/search-indexes.js';
import { levelOfCode, parseSection, formatCode } from '../../common/hs/code.js';
import { psrAgreements } from '../../common/lookup/schemas.js';
import { invalidateLookupCache } from './answer-cache.js';
import { inTransaction, type Run } from './sql.js';
import { withKoreanHeadingNames } from './korean-headings.js';
import type { DutyRate } from '../../common/lookup/duty-rate.js';
import type { ShippedTariffSource } from '../../common/lookup/schemas.js';

/** One tariff line as an import file or the demo data gives it; the code in digits or a section numeral. */
export interface TariffLineInput {
  id: string;
  parentId: string | null;
  section: string;
  description?: string;
  notes?: string;
  unitOfQuantity?: string;
  enDescription?: string;
  enNotes?: string;
  enUnitOfQuantity?: string;
  koDescription?: string;
  koNotes?: string;
  koUnitOfQuantity?: string;
  /** Licences, inspections and quarantine the line needs, as published. */
  procedures?: string;
  /** An untitled group row of the published tariff: no code of its own, one level below its parent. */
  group?: boolean;
}

/**
 * Where a year's tariff lines come from: the shipped tariff with its source, the demonstration set, or a file (with the
 * administrator's load and user id when loaded from the administration area).
 */
export type TariffSourceInput =
  | { origin: 'shipped'; shipped: ShippedTariffSource }
  | { origin: 'demonstration' }
  | { origin: 'file'; fileName: string; loadId?: number; loadedBy?: string | null };

/** A published duty rate of a line under one schedule (ordinary, MFN, an agreement code, `RCEP A`…). */
export interface TariffRateInput { lineId: string; schedule: string; rate: DutyRate }

export interface DecisionInput {
  docNo: string;
  docDate: string | null;
  hs: string;
  productName: string;
  productProperties?: string;
  productDescription?: string;
  enProductName?: string;
  enProductProperties?: string;
  koProductName?: string;
  koProductProperties?: string;
}

export interface RegulationInput {
  docNo: string;
  docDate: string | null;
  issuer?: string;
  title: string;
  enTitle?: string;
  koTitle?: string;
  summary?: string;
  enSummary?: string;
  koSummary?: string;
  codes: string[];
}

export interface OriginRuleInput { hs: string; agreement: string; rule: string }

export interface CoRecordInput {
  referenceNo: string;
  form?: string;
  issueDate: string | null;
  exportingCountry?: string;
  importingCountry?: string;
  hs?: string;
  goodsDescription?: string;
}

/** A synonym rule: the names people type and the tariff's wordings for them. */
export interface SynonymInput { names: string[]; wordings: string[] }

/** A Korean product name (lower case) and its codes of 4, 6 or 8 digits, the most usual first. */
export interface KoreanTermInput { term: string; codes: string[]; en: string }

const batchSize = 2000;

/** Runs one replacement atomically, bumps the shared data version with it, and drops this process's kept answers. */
async function replaceAtomically(database: Database, work: (run: Run) => Promise<void>): Promise<void> {
  await inTransaction(database, async (run) => {
    await work(run);
    await run('UPDATE lookup_data_version SET version = version + 1');
  });
  invalidateLookupCache(database);
}

/** Inserts rows column-wise through unnest(), a batch per statement (the ORM's insert builder is far slower). */
async function insertColumns(run: Run, table: string, columns: Array<[name: string, type: string]>, rows: Array<Array<string | null>>): Promise<void> {
  for (let from = 0; from < rows.length; from += batchSize) {
    const batch = rows.slice(from, from + batchSize);
    const arrays = columns.map((_column, index) => batch.map((row) => row[index] ?? null));
    const names = columns.map(([name]) => name).join(', ');
    const select = columns.map(([name, type], index) => `u.c${index}::${type} AS ${name}`).join(', ');
    const unnest = columns.map((_column, index) => `$${index + 1}::text[]`).join(', ');
    const aliases = columns.map((_column, index) => `c${index}`).join(', ');
    await run(`INSERT INTO ${table} (${names}) SELECT ${select} FROM unnest(${unnest}) AS u(${aliases})`, arrays);
  }
}

const tariffColumnList: Array<[string, string]> = [
  ['year', 'smallint'], ['id', 'text'], ['hs', 'text'], ['level', 'smallint'], ['parent_id', 'text'], ['section', 'text'],
  ['position', 'integer'], ['description', 'text'], ['notes', 'text'], ['unit_of_quantity', 'text'], ['en_description', 'text'],
  ['en_notes', 'text'], ['en_unit_of_quantity', 'text'], ['ko_description', 'text'], ['ko_notes', 'text'], ['ko_unit_of_quantity', 'text'], ['procedures', 'text'],
];

/** Records where a year's lines come from, replacing what the year's previous lines had; without a source, none is kept. */
async function recordTariffSource(run: Run, year: number, source: TariffSourceInput | undefined): Promise<void> {
  await run('DELETE FROM lookup_tariff_source WHERE year = $1', [year]);
  if (!source) return;
  const fileName = source.origin === 'shipped' ? source.shipped.file : source.origin === 'file' ? source.fileName : '';
  await run('INSERT INTO lookup_tariff_source (year, origin, file_name, shipped, load_id, loaded_by) VALUES ($1, $2, $3, $4, $5, $6)', [
    year, source.origin, fileName, source.origin === 'shipped' ? JSON.stringify(source.shipped) : null,
    source.origin === 'file' ? source.loadId ?? null : null, source.origin === 'file' ? source.loadedBy ?? null : null,
  ]);
}

/**
 * Replaces the tariff lines of a year, and their duty rates when given, in one transaction, with where they come from;
 * the previous lines stay visible until it commits. A group row has no code to show and sits one level below its parent.
 */
export async function replaceTariffYear(options: { database: Database; year: number; lines: TariffLineInput[]; rates?: TariffRateInput[]; source?: TariffSourceInput }): Promise<number> {
  const { year } = options;
  const lines = withKoreanHeadingNames(options.lines);
  const levelOf = new Map<string, number>();
  const rows = lines.map((line, position) => {
    const level = line.group ? (levelOf.get(line.parentId ?? '') ?? 0) + 1 : levelOfCode(line.id);
    levelOf.set(line.id, level);
    return [
      String(year), line.id, line.group ? '' : parseSection(line.id) ?? formatCode(line.id), String(level), line.parentId, line.section,
      String(position), line.description ?? '', line.notes ?? '', line.unitOfQuantity ?? '', line.enDescription ?? '', line.enNotes ?? '',
      line.enUnitOfQuantity ?? '', line.koDescription ?? '', line.koNotes ?? '', line.koUnitOfQuantity ?? '', line.procedures ?? '',
    ];
  });
  const rateRows = (options.rates ?? []).map(({ lineId, schedule, rate }) => [
    String(year), lineId, schedule, rate.kind, 'percent' in rate ? String(rate.percent) : null, rate.text,
    `{${rate.kind === 'rate_except' ? rate.exceptCountries.join(',') : ''}}`,
  ]);
  await replaceAtomically(options.database, async (run) => {
    await run('DELETE FROM lookup_tariff_line WHERE year = $1', [year]);
    // The lines are staged first so that each is written once, with the search columns read from its ancestors.
    await run(`CREATE TEMP TABLE lookup_tariff_stage (${tariffColumnList.map(([name, type]) => `${name} ${type}`).join(', ')}) ON COMMIT DROP`);
    await insertColumns(run, 'lookup_tariff_stage', tariffColumnList, rows);
    const names = tariffColumnList.map(([name]) => name);
    await run(`INSERT INTO lookup_tariff_line (${names.join(', ')}, words_tsv, context_tsv, search_tsv, accent_tsv, main_tsv, head_tsv)
      SELECT ${names.map((name) => `s.${name}`).join(', ')}, c.words, c.context, c.words || c.context, c.accents, c.main, c.head
        FROM lookup_tariff_stage s JOIN lookup_tariff_search_columns('pg_temp.lookup_tariff_stage', $1::smallint) c ON c.id = s.id`, [year]);
    await settleSearchIndexes(run, 'lookup_tariff_line');
    // A year's lines are replaced at once: the planner's figures for the text-search index are read again.
    await run('ANALYZE lookup_tariff_line');
    // A year imported without rates (the demonstration lines, a file of descriptions only) keeps none from before.
    await run('DELETE FROM lookup_tariff_rate WHERE year = $1', [year]);
    await insertColumns(run, 'lookup_tariff_rate', [
      ['year', 'smallint'], ['line_id', 'text'], ['schedule', 'text'], ['kind', 'text'], ['percent', 'numeric'], ['published', 'text'], ['except_countries', 'text[]'],
    ], rateRows);
    await recordTariffSource(run, year, options.source);
  });
  return rows.length;
}

/**
 * Sets the specialised procedures of a year's lines by code, in one transaction; a line the file does not name keeps
 * none. Returns the number of lines that hold the year's tariff and were named.
 */
export async function replaceProcedures(options: { database: Database; year: number; procedures: Array<{ id: string; procedures: string }> }): Promise<number> {
  let updated = 0;
  await replaceAtomically(options.database, async (run) => {
    await run("UPDATE lookup_tariff_line SET procedures = '' WHERE year = $1 AND procedures <> ''", [options.year]);
    const [row] = await run<{ count: number }>(`WITH named AS (
        UPDATE lookup_tariff_line l SET procedures = u.procedures FROM unnest($2::text[], $3::text[]) AS u(id, procedures)
         WHERE l.year = $1 AND l.id = u.id RETURNING 1)
      SELECT count(*)::int AS count FROM named`,
    [options.year, options.procedures.map((p) => p.id), options.procedures.map((p) => p.procedures)]);
    updated = row?.count ?? 0;
  });
  return updated;
}

export async function replaceDecisions(options: { database: Database; year: number; decisions: DecisionInput[] }): Promise<number> {
  const rows = options.decisions.map((d) => [
    String(options.year), d.docNo, d.docDate, d.hs, d.productName, d.productProperties ?? '', d.productDescription ?? '',
    d.enProductName ?? '', d.enProductProperties ?? '', d.koProductName ?? '', d.koProductProperties ?? '',
  ]);
  await replaceAtomically(options.database, async (run) => {
    await run('DELETE FROM lookup_decision WHERE year = $1', [options.year]);
    await insertColumns(run, 'lookup_decision', [
      ['year', 'smallint'], ['doc_no', 'text'], ['doc_date', 'date'], ['hs', 'text'], ['product_name', 'text'], ['product_properties', 'text'],
      ['product_description', 'text'], ['en_product_name', 'text'], ['en_product_properties', 'text'], ['ko_product_name', 'text'], ['ko_product_properties', 'text'],
    ], rows);
    await settleSearchIndexes(run, 'lookup_decision');
  });
  return rows.length;
}

/** Regulations are not per year: an import replaces them all. */
export async function replaceRegulations(options: { database: Database; regulations: RegulationInput[] }): Promise<number> {
  const rows = options.regulations.map((r) => [
    r.docNo, r.docDate, r.issuer ?? '', r.title, r.enTitle ?? '', r.koTitle ?? '', r.summary ?? '', r.enSummary ?? '', r.koSummary ?? '',
  ]);
  const links = options.regulations.flatMap((r) => [...new Set(r.codes)].map((hs) => [r.docNo, hs]));
  await replaceAtomically(options.database, async (run) => {
    await run('DELETE FROM lookup_regulation');
    await insertColumns(run, 'lookup_regulation', [
      ['doc_no', 'text'], ['doc_date', 'date'], ['issuer', 'text'], ['title', 'text'], ['en_title', 'text'], ['ko_title', 'text'],
      ['summary', 'text'], ['en_summary', 'text'], ['ko_summary', 'text'],
    ], rows);
    await run(`INSERT INTO lookup_regulation_code (regulation_id, hs)
      SELECT r.id, u.hs FROM unnest($1::text[], $2::text[]) AS u(doc_no, hs) JOIN lookup_regulation r ON r.doc_no = u.doc_no`,
    [links.map(([docNo]) => docNo), links.map(([, hs]) => hs)]);
  });
  return rows.length;
}

export async function replaceOriginRules(options: { database: Database; year: number; rules: OriginRuleInput[] }): Promise<number> {
  const known = new Set<string>(psrAgreements);
  const rows = options.rules.filter((r) => known.has(r.agreement) && r.rule.trim() !== '').map((r) => [String(options.year), r.hs, r.agreement, r.rule.trim()]);
  await replaceAtomically(options.database, async (run) => {
    await run('DELETE FROM lookup_origin_rule WHERE year = $1', [options.year]);
    await insertColumns(run, 'lookup_origin_rule', [['year', 'smallint'], ['hs', 'text'], ['agreement', 'text'], ['rule', 'text']], rows);
  });
  return rows.length;
}

/** The certificate-of-origin reference index is one list: an import replaces it. */
export async function replaceCoRecords(options: { database: Database; records: CoRecordInput[] }): Promise<number> {
  const rows = options.records.map((r) => [
    r.referenceNo, r.form ?? '', r.issueDate, r.exportingCountry ?? '', r.importingCountry ?? '', r.hs ?? '', r.goodsDescription ?? '',
  ]);
  await replaceAtomically(options.database, async (run) => {
    await run('DELETE FROM lookup_co_record');
    await insertColumns(run, 'lookup_co_record', [
      ['reference_no', 'text'], ['form', 'text'], ['issue_date', 'date'], ['exporting_country', 'text'], ['importing_country', 'text'],
      ['hs', 'text'], ['goods_description', 'text'],
    ], rows);
  });
  return rows.length;
}

/**
 * The synonym rules an administrator loaded, which the search reads beside the shipped table: a load replaces
 * them all, in the file's order.
 */
export async function replaceSynonyms(options: { database: Database; rules: SynonymInput[] }): Promise<number> {
  await replaceAtomically(options.database, async (run) => {
    await run('DELETE FROM lookup_synonym');
    await run(`INSERT INTO lookup_synonym (names, wordings)
      SELECT ARRAY(SELECT jsonb_array_elements_text(r.rule -> 'names')), ARRAY(SELECT jsonb_array_elements_text(r.rule -> 'wordings'))
        FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS r(rule, n) ORDER BY r.n`, [JSON.stringify(options.rules)]);
  });
  return options.rules.length;
}

/** The Korean product names an administrator loaded: a load replaces them all; a name given twice keeps its last codes. */
export async function replaceKoreanTerms(options: { database: Database; terms: KoreanTermInput[] }): Promise<number> {
  const terms = new Map(options.terms.map((term) => [term.term, term]));
  const rows = [...terms.values()].map((term) => [term.term, `{${term.codes.join(',')}}`, term.en]);
  await replaceAtomically(options.database, async (run) => {
    await run('DELETE FROM lookup_korean_term');
    await insertColumns(run, 'lookup_korean_term', [['term', 'text'], ['codes', 'text[]'], ['en', 'text']], rows);
  });
  return rows.length;
}
