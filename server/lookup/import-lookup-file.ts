import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client.js';
import { normaliseCode, parseSection } from '../../common/hs/code.js';
import { psrAgreements } from '../../common/lookup/schemas.js';
import { type LookupDataKind, lookupDataKinds } from '../../common/admin/schemas.js';
import { isPublishedTariff, publishedTariffInput, readPublishedTariff } from './published-tariff.js';
import { LookupFileError, readTable, type TableSource } from './read-table.js';
import {
  replaceCoRecords, replaceDecisions, replaceKoreanTerms, replaceOriginRules, replaceProcedures, replaceRegulations, replaceSynonyms,
  replaceTariffYear, type KoreanTermInput, type SynonymInput, type TariffLineInput, type TariffSourceInput,
} from './replace-lookup-data.js';
import { isKorean, isKoreanTermCode } from './search-terms.js';

export const importKinds = lookupDataKinds;
export type ImportKind = LookupDataKind;

type Records = Array<Record<string, string>>;

function requireColumns(records: Records, file: string, columns: string[]): void {
  const first = records[0];
  if (!first) throw new LookupFileError('no_rows', { file }, `${file} has a header but no rows.`);
  const missing = columns.filter((column) => !(column in first));
  if (missing.length) throw new LookupFileError('missing_columns', { file, columns: missing.join(', ') }, `${file} lacks the column(s) ${missing.join(', ')}.`);
}

const codeOf = (value: string, file: string, row: number): string => {
  const code = parseSection(value) ?? normaliseCode(value);
  if (!code) throw new LookupFileError('bad_code', { file, row: row + 2, value }, `${file}, row ${row + 2}: "${value}" is neither a section numeral nor a 1–8 digit code.`);
  return code;
};

const dateOf = (value: string): string | null => {
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The harmonized-system data package: section,hscode,description,parent,level with sections.csv beside it (English only). */
async function hsPackageLines(records: Records, file: string): Promise<TariffLineInput[]> {
  const sectionsFile = path.join(path.dirname(file), 'sections.csv');
  const sections = await fs.access(sectionsFile).then(() => readTable(sectionsFile), () => [] as Records);
  const lines: TariffLineInput[] = sections.map((s) => ({ id: codeOf(s.section ?? '', sectionsFile, 0), parentId: null, section: s.section ?? '', enDescription: capitalise(s.name ?? '') }));
  const known = new Set(lines.map((line) => line.id));
  records.forEach((r, index) => {
    // The package's aggregate rows (section TOTAL: all commodities, "not specified according to kind") are statistics, not tariff lines.
    if (r.section === 'TOTAL' || r.hscode === 'TOTAL') return;
    const id = codeOf(r.hscode ?? '', file, index);
    const section = parseSection(r.section ?? '') ?? '';
    const parent = r.parent === 'TOTAL' || !r.parent ? (known.has(section) ? section : null) : codeOf(r.parent, file, index);
    lines.push({ id, parentId: parent, section, enDescription: r.description ?? '' });
  });
  return lines;
}

/**
 * Dutybook's own tariff format: code (or hs), optional parent and section, and description, notes and
 * unit_of_quantity in Vietnamese (no prefix), English (en_) and Korean (ko_). Without a parent column a
 * line hangs under the longest code above it, a chapter under its section.
 */
function wideLines(records: Records, file: string): TariffLineInput[] {
  const codes = new Set<string>();
  const parsed = records.map((r, index) => {
    const id = codeOf(r.code ?? r.hs ?? '', file, index);
    codes.add(id);
    return { r, id };
  });
  let section = '';
  return parsed.map(({ r, id }) => {
    if (parseSection(id)) section = id;
    const rowSection = parseSection(r.section ?? '') ?? section;
    let parentId: string | null = r.parent ? codeOf(r.parent, file, 0) : null;
    if (!r.parent && !parseSection(id)) {
      parentId = [6, 4, 2].filter((n) => n < id.length).map((n) => id.slice(0, n)).find((prefix) => codes.has(prefix)) ?? (rowSection || null);
    }
    return {
      id, parentId, section: parseSection(id) ?? rowSection,
      description: r.description ?? '', notes: r.notes ?? '', unitOfQuantity: r.unit_of_quantity ?? '',
      enDescription: r.en_description ?? '', enNotes: r.en_notes ?? '', enUnitOfQuantity: r.en_unit_of_quantity ?? '',
      koDescription: r.ko_description ?? '', koNotes: r.ko_notes ?? '', koUnitOfQuantity: r.ko_unit_of_quantity ?? '',
    };
  });
}

const listOf = (value: string | undefined, separator: RegExp) => (value ?? '').split(separator).map((item) => item.trim()).filter(Boolean);

/**
 * Synonym rules: `names` (separated by commas or semicolons) and `wordings`, the tariff's words for them (separated
 * by semicolons: a wording may hold a comma).
 */
function synonymRules(records: Records, file: string): SynonymInput[] {
  requireColumns(records, file, ['names', 'wordings']);
  return records.map((r, index) => {
    const rule = { names: listOf(r.names, /[,;]/), wordings: listOf(r.wordings, /;/) };
    if (rule.names.length === 0 || rule.wordings.length === 0) {
      throw new LookupFileError('bad_synonym', { file, row: index + 2 }, `${file}, row ${index + 2}: a synonym needs at least one name and one wording.`);
    }
    return rule;
  });
}

/** Korean product names: `term`, `codes` (4, 6 or 8 digits, dots allowed, separated by spaces, commas or semicolons), optional `en`. */
function koreanTerms(records: Records, file: string): KoreanTermInput[] {
  requireColumns(records, file, ['term', 'codes']);
  return records.map((r, index) => {
    const row = index + 2;
    const term = (r.term ?? '').toLowerCase();
    if (!isKorean(term)) throw new LookupFileError('not_korean', { file, row, value: r.term ?? '' }, `${file}, row ${row}: "${r.term ?? ''}" is not a Korean product name.`);
    const codes = listOf(r.codes, /[\s,;]+/).map((code) => code.replaceAll('.', ''));
    const wrong = codes.length === 0 ? '' : codes.find((code) => !isKoreanTermCode(code));
    if (wrong !== undefined) throw new LookupFileError('bad_term_code', { file, row, value: wrong }, `${file}, row ${row}: "${wrong}" is not a code of 4, 6 or 8 digits.`);
    return { term, codes, en: r.en ?? '' };
  });
}

/** A read and checked lookup file: how many rows it has, and the replacement of its kind's data that stores them. */
export interface ReadLookupFile {
  rowsRead: number;
  replace: (database: Database) => Promise<number>;
}

/** Reads one import file and replaces the data it holds; returns the number of rows stored. */
export async function importLookupFile(options: { database: Database; kind: ImportKind; year: number; file: string; tariffSource?: TariffSourceInput }): Promise<number> {
  return (await readLookupFile(options)).replace(options.database);
}

/**
 * Reads and checks one import file of a kind, changing nothing yet. `name` is the file's name as its uploader knew
 * it (for messages), and `source` its format and sheet when the path has no telling extension (an upload). A tariff
 * year records where its lines come from: `tariffSource`, by default the file's name.
 */
export async function readLookupFile(options: { kind: ImportKind; year: number; file: string; name?: string; source?: TableSource; tariffSource?: TariffSourceInput }): Promise<ReadLookupFile> {
  const { kind, year, file } = options;
  const name = options.name ?? path.basename(file);
  const tariffSource: TariffSourceInput = options.tariffSource ?? { origin: 'file', fileName: name };
  const records = await readTable(file, options.source, name);
  const read = (replace: ReadLookupFile['replace']): ReadLookupFile => ({ rowsRead: records.length, replace });
  if (kind === 'tariff') {
    const first = records[0] ?? {};
    if (isPublishedTariff(first)) {
      const input = publishedTariffInput(readPublishedTariff(records, name).lines);
      return read((database) => replaceTariffYear({ database, year, ...input, source: tariffSource }));
    }
    const lines = 'hscode' in first && 'level' in first ? await hsPackageLines(records, file) : (requireColumns(records, name, ['code']), wideLines(records, name));
    return read((database) => replaceTariffYear({ database, year, lines, source: tariffSource }));
  }
  if (kind === 'procedures') {
    // The specialised-procedures workbook: its lines carry the same codes as the year's tariff (group rows none).
    requireColumns(records, name, ['hscode', 'specialised procedures']);
    const procedures = records.filter((r) => r.hscode).map((r, index) => ({ id: codeOf(r.hscode!, name, index), procedures: r['specialised procedures'] ?? '' }));
    return read((database) => replaceProcedures({ database, year, procedures }));
  }
  if (kind === 'decisions') {
    requireColumns(records, name, ['doc_no', 'hs', 'product_name']);
    const decisions = records.map((r, index) => ({
      docNo: r.doc_no!, docDate: dateOf(r.doc_date ?? ''), hs: codeOf(r.hs!, name, index), productName: r.product_name!,
      productProperties: r.product_properties, productDescription: r.product_description, enProductName: r.en_product_name,
      enProductProperties: r.en_product_properties, koProductName: r.ko_product_name, koProductProperties: r.ko_product_properties,
    }));
    return read((database) => replaceDecisions({ database, year, decisions }));
  }
  if (kind === 'regulations') {
    requireColumns(records, name, ['doc_no', 'title']);
    const regulations = records.map((r, index) => ({
      docNo: r.doc_no!, docDate: dateOf(r.doc_date ?? ''), issuer: r.issuer, title: r.title!, enTitle: r.en_title, koTitle: r.ko_title,
      summary: r.summary, enSummary: r.en_summary, koSummary: r.ko_summary,
      codes: (r.codes ?? '').split(/[\s;,]+/).filter(Boolean).map((code) => codeOf(code, name, index)),
    }));
    return read((database) => replaceRegulations({ database, regulations }));
  }
  if (kind === 'origin') {
    requireColumns(records, name, ['hs']);
    const rules = records.flatMap((r, index) => {
      const hs = codeOf(r.hs!, name, index);
      return psrAgreements.map((agreement) => ({ hs, agreement, rule: r[agreement.toLowerCase()] ?? '' }));
    });
    return read((database) => replaceOriginRules({ database, year, rules }));
  }
  if (kind === 'synonyms') {
    const rules = synonymRules(records, name);
    return read((database) => replaceSynonyms({ database, rules }));
  }
  if (kind === 'korean_terms') {
    const terms = koreanTerms(records, name);
    return read((database) => replaceKoreanTerms({ database, terms }));
  }
  requireColumns(records, name, ['reference_no']);
  const coRecords = records.map((r) => ({
    referenceNo: r.reference_no!, form: r.form, issueDate: dateOf(r.issue_date ?? ''), exportingCountry: r.exporting_country,
    importingCountry: r.importing_country, hs: r.hs ? (normaliseCode(r.hs) ?? r.hs) : '', goodsDescription: r.goods_description,
  }));
  return read((database) => replaceCoRecords({ database, records: coRecords }));
}
