import type { DecimalMark } from '../../common/imports/coerce.js';
import type { FieldKind } from '../../common/resources/define.js';
import { parseFieldInput, type ValueProblem } from '../resources/field-values.js';
import type { HeaderRange } from './cell-range.js';
import { type ColumnMatch, type MatchField, matchColumns, type RememberedColumn, type SheetHeaders } from './header-match.js';

/** A field of the import as `get_fixed_columns` describes it. */
export interface ImportField {
  name: string;
  kind: FieldKind;
  required: boolean;
  choices?: readonly string[];
  maxLength?: number;
  /** The field an import reads this one from when no column is mapped to it: the part after '#&' (`codeInField`). */
  codeInField?: string;
}

/** Where a field's value comes from: a sheet column, one value for every row (entered in step 4), or nowhere. */
export type FieldSource = { kind: 'column'; column: string } | { kind: 'constant' } | { kind: 'none' };

/** The company's last setup of this table, as `get_fixed_columns` returns it. */
export interface LastSetup {
  mapping: Record<string, RememberedColumn>;
  extra_fields: Record<string, unknown>;
}

/** Quantities and amounts differ per row; any other field may take one value for the whole sheet (a date, a type, a contract). */
export const canBeConstant = (field: Pick<ImportField, 'kind'>) => field.kind !== 'decimal';

export interface InitialMapping {
  sources: Record<string, FieldSource>;
  /** How each column-mapped field was proposed: the last setup, an exact header, or a similar one. */
  matches: Record<string, ColumnMatch>;
  /** Values of the fields the last setup gave one value. */
  constants: Record<string, string>;
}

const constantText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The mapping step's starting point: the remembered columns whose titles still match, the remembered
 * one-value fields, then the columns matched from the header names.
 */
export function initialMapping(fields: readonly ImportField[], matchFields: readonly MatchField[], headers: SheetHeaders, lastSetup: LastSetup | null): InitialMapping {
  const matches = matchColumns(headers, matchFields, lastSetup?.mapping ?? {});
  const sources: Record<string, FieldSource> = {};
  const constants: Record<string, string> = {};
  for (const field of fields) {
    const match = matches[field.name];
    const remembered = lastSetup?.extra_fields[field.name];
    if (match?.source === 'remembered') sources[field.name] = { kind: 'column', column: match.column };
    else if (remembered !== undefined && remembered !== null && canBeConstant(field)) {
      sources[field.name] = { kind: 'constant' };
      constants[field.name] = constantText(remembered);
    } else if (match) sources[field.name] = { kind: 'column', column: match.column };
    else sources[field.name] = { kind: 'none' };
  }
  const kept = Object.fromEntries(Object.entries(matches).filter(([name]) => sources[name]?.kind === 'column'));
  return { sources, matches: kept, constants };
}

/**
 * Required fields that are neither mapped to a column nor given a valid value for every row: the
 * SUBMIT button waits for them, as the saved setup must say where each required value comes from.
 */
export function unmappedRequired(fields: readonly ImportField[], sources: Record<string, FieldSource>, constants: Record<string, string> = {}): string[] {
  return fields.filter((field) => {
    if (!field.required) return false;
    const kind = sources[field.name]?.kind ?? 'none';
    if (kind === 'none' && field.codeInField && sources[field.codeInField]?.kind === 'column') return false;
    return kind === 'none' || (kind === 'constant' && !extraFieldValues([field], constants).ok);
  }).map((field) => field.name);
}

/** Fields that get a value, from a column or one for every row: the count every step shows. */
export const mappedFieldCount = (fields: readonly ImportField[], sources: Record<string, FieldSource>) =>
  fields.filter((field) => (sources[field.name]?.kind ?? 'none') !== 'none').length;

/** Fields that take one value for every row, in the order of the table. */
export const constantFields = (fields: readonly ImportField[], sources: Record<string, FieldSource>) =>
  fields.filter((field) => sources[field.name]?.kind === 'constant');

/** The columns the fields are mapped to, with the header title each column had. */
export function mappingPayload(sources: Record<string, FieldSource>, headers: SheetHeaders): Record<string, RememberedColumn> {
  const mapping: Record<string, RememberedColumn> = {};
  for (const [field, source] of Object.entries(sources)) {
    if (source.kind === 'column') mapping[field] = { mapping_col_name: source.column, title: headers[source.column] ?? '' };
  }
  return mapping;
}

/** The spec's two missing-scope messages, `imports.scope.<key>`. */
export type ScopeProblem = 'company' | 'folder';

export const scopeProblem = (companySlug: string | null, folderSlug: string | null): ScopeProblem | null =>
  !companySlug ? 'company' : !folderSlug ? 'folder' : null;

export type ExtraValues = { ok: true; values: Record<string, string | number> } | { ok: false; problems: Record<string, ValueProblem> };

/**
 * The step-4 values as the API takes them. Every listed field is required; dates are `YYYY-MM-DD`,
 * numbers normalised, choices one of the field's values.
 */
export function extraFieldValues(fields: readonly ImportField[], constants: Record<string, string>): ExtraValues {
  const values: Record<string, string | number> = {};
  const problems: Record<string, ValueProblem> = {};
  for (const field of fields) {
    const parsed = parseFieldInput({ kind: field.kind, required: true, choices: field.choices, maxLength: field.maxLength }, constants[field.name] ?? '');
    if (!parsed.ok) problems[field.name] = parsed.problem;
    else if (parsed.value !== null) values[field.name] = parsed.value;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, values };
}

/**
 * The body of `setup/`: the company, each mapped field as `{mapping_col_name, title}`, and the
 * one-value fields known so far under `extra_fields`.
 */
export function setupBody(companySlug: string, sources: Record<string, FieldSource>, headers: SheetHeaders, extraFields: Record<string, string | number>) {
  return { company_slug: companySlug, ...mappingPayload(sources, headers), extra_fields: extraFields };
}

export type OnDuplicate = 'replace' | 'add';

export interface ImportRequest {
  uploadId: string;
  companySlug: string;
  folderSlug: string;
  sheetName: string;
  range: HeaderRange;
  mapping: Record<string, RememberedColumn>;
  extraFields: Record<string, string | number>;
  keepPosting: boolean;
  onDuplicate?: OnDuplicate;
  /** The decimal mark chosen for numbers the file cannot tell. */
  decimalMark?: DecimalMark | null;
}

/** The multipart fields of `import_data/`, in order; `mapping` and `extra_fields` travel as JSON text. */
export function importFormEntries(request: ImportRequest): Array<[string, string]> {
  const entries: Array<[string, string]> = [
    ['upload_id', request.uploadId],
    ['company_slug', request.companySlug],
    ['folder_slug', request.folderSlug],
    ['sheet_name', request.sheetName],
    ['header_from', String(request.range.headerFrom)],
    ['header_to', String(request.range.headerTo)],
    ['mapping', JSON.stringify(request.mapping)],
    ['extra_fields', JSON.stringify(request.extraFields)],
    ['keep_posting', String(request.keepPosting)],
  ];
  if (request.onDuplicate) entries.push(['on_duplicate', request.onDuplicate]);
  if (request.decimalMark) entries.push(['decimal_mark', request.decimalMark]);
  return entries;
}

/** The JSON body of `get-excel-headers/`. */
export const headersBody = (uploadId: string, sheetName: string, range: HeaderRange) => ({
  upload_id: uploadId,
  sheet_name: sheetName,
  header_from: range.headerFrom,
  header_to: range.headerTo,
  colStart: range.colStart,
  colEnd: range.colEnd,
});

/** A header answer is an object of column letter → name; anything else is the spec's 'Invalid list header'. */
export function readHeaders(answer: unknown): SheetHeaders | null {
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) return null;
  const headers: SheetHeaders = {};
  for (const [column, title] of Object.entries(answer)) {
    if (!/^[A-Z]{1,3}$/.test(column)) return null;
    if (title === null || title === undefined) continue;
    if (typeof title !== 'string' && typeof title !== 'number') return null;
    headers[column] = String(title);
  }
  return headers;
}
