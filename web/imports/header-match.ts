import { columnNumber, extraFieldName, headerKey } from '../../common/imports/cells.js';
import { taxColumnOf } from '../../common/imports/ecus-layouts.js';

/** The server names kept columns and compares titles with these, so the wizard shows what it will do. */
export { extraFieldName, headerKey };

/** The header names by column letter, as the header call answers them. */
export type SheetHeaders = Record<string, string>;

/** Columns in sheet order (B before AA). */
export const sortedColumns = (headers: SheetHeaders) =>
  Object.keys(headers).sort((a, b) => columnNumber(a) - columnNumber(b));

/** A field the columns are matched to, with every text a column heading it may carry. */
export interface MatchField {
  name: string;
  /** Labels in every language, the header aliases and the field's own name. */
  names: readonly string[];
  /** Headers that name this field in some sheets and something else in others (a report's running 'STT'). */
  looseNames?: readonly string[];
}

/** A column mapping the server remembered from the company's last setup. */
export interface RememberedColumn {
  mapping_col_name: string;
  title: string;
}

/**
 * How sure a proposal is: the company's last setup; the header is one of the field's names; the header is a
 * name some sheets give this field and others something else; the header holds a name or is part of one.
 */
export type MatchSource = 'remembered' | 'exact' | 'likely' | 'similar';

export interface ColumnMatch {
  column: string;
  source: MatchSource;
}

const hasHangul = (text: string) => /[\uac00-\ud7a3]/.test(text);

/**
 * How well a header names a field through one of its names: 0 when it does not. A header holding a
 * name as whole words scores that name's length ('Thông tin tờ khai Số tờ khai' holds 'số tờ khai');
 * Korean compounds are read without spaces ('수입신고번호' holds '신고번호'). A header that is a part of a
 * long name scores less, and only when it is not a bare abbreviation.
 */
function containmentScore(header: string, name: string): number {
  if (header === '' || name === '') return 0;
  if (` ${header} `.includes(` ${name} `)) return name.length;
  if (hasHangul(name) && name.length >= 2 && header.replaceAll(' ', '').includes(name.replaceAll(' ', ''))) return name.length;
  if (header.length >= 4 && ` ${name} `.includes(` ${header} `)) return header.length / 2;
  return 0;
}

// Every exact match outranks every loose one, which outranks every containment (scores stay below 1,000).
const exactRank = 2000;
const likelyRank = 1000;

/**
 * Proposes a sheet column for each field. The company's last setup comes first, for each field
 * whose remembered title still heads a column (the same letter when it does, else wherever it
 * moved). The other fields and columns are then paired strongest match first across the whole sheet: a
 * header equal to one of a field's names (accents and case aside), the longer name the stronger, so that
 * 'Số TT hàng' takes the line number before a running 'STT' could; a tax column read from its words, group heading
 * included ('Thuế nhập khẩu Thuế suất (%)' is the duty rate: `taxColumnOf`), counts as exact; then headers equal to a
 * loose name; then headers that contain a name, the closest first. A column serves one field, and a field one column.
 */
export function matchColumns(headers: SheetHeaders, fields: readonly MatchField[], remembered: Record<string, RememberedColumn> = {}): Record<string, ColumnMatch> {
  const keys = new Map(sortedColumns(headers).map((column) => [column, headerKey(headers[column] ?? '')]));
  const taxFields = new Map(sortedColumns(headers).map((column) => [column, taxColumnOf(headers[column] ?? '')?.field]));
  const result: Record<string, ColumnMatch> = {};
  const used = new Set<string>();
  const take = (field: string, column: string, source: MatchSource) => {
    result[field] = { column, source };
    used.add(column);
  };

  for (const field of fields) {
    const memory = remembered[field.name];
    if (!memory) continue;
    const title = headerKey(memory.title);
    if (title === '') continue;
    const column = keys.get(memory.mapping_col_name) === title && !used.has(memory.mapping_col_name)
      ? memory.mapping_col_name
      : [...keys].find(([candidate, key]) => key === title && !used.has(candidate))?.[0];
    if (column) take(field.name, column, 'remembered');
  }

  const candidates: Array<{ field: string; column: string; score: number; source: MatchSource; order: number }> = [];
  fields.forEach((field, order) => {
    if (field.name in result) return;
    const names = field.names.map(headerKey).filter((name) => name !== '');
    const loose = (field.looseNames ?? []).map(headerKey).filter((name) => name !== '');
    for (const [column, key] of keys) {
      if (used.has(column) || key === '') continue;
      const exact = names.filter((name) => name === key);
      if (exact.length > 0 || taxFields.get(column) === field.name) {
        candidates.push({ field: field.name, column, score: exactRank + key.length, source: 'exact', order });
      } else if (loose.includes(key)) {
        candidates.push({ field: field.name, column, score: likelyRank + key.length, source: 'likely', order });
      } else {
        const score = Math.max(0, ...names.map((name) => containmentScore(key, name)));
        if (score > 0) candidates.push({ field: field.name, column, score, source: 'similar', order });
      }
    }
  });
  candidates.sort((a, b) => b.score - a.score || a.order - b.order || columnNumber(a.column) - columnNumber(b.column));
  for (const candidate of candidates) {
    if (candidate.field in result || used.has(candidate.column)) continue;
    take(candidate.field, candidate.column, candidate.source);
  }
  return result;
}

/** The sheet's columns no field takes, with the extra-field name each keeps; columns without a header are left out. */
export function unmappedColumns(headers: SheetHeaders, mappedColumns: Iterable<string>): Array<{ column: string; title: string; name: string }> {
  const mapped = new Set(mappedColumns);
  return sortedColumns(headers)
    .filter((column) => !mapped.has(column))
    .map((column) => ({ column, title: headers[column] ?? '', name: extraFieldName(headers[column] ?? '') }))
    .filter((entry) => entry.name !== '');
}
