import type { ClassificationConflicts } from '../../common/precedents/schemas.js';
import type { DecimalMark, ImportFailure } from '../../common/imports/coerce.js';
import type { SkippedKind } from '../../common/imports/row-kinds.js';
import { allows, type FieldKind, type ImportType, type ImportVariant, importVariantsOf, type ResourceDefinition } from '../../common/resources/define.js';
import { resourceNamed, resources } from '../../common/resources/index.js';
import { ApiError, apiErrorOf, apiFetch, apiRequest, authorizationHeader } from '../app/api.js';
import { apiUrl } from '../app/runtime-config.js';
import { downloadFile, saveDownload } from '../resources/resource-api.js';
import type { HeaderRange, PreviewRow } from './cell-range.js';
import { type ImportRequest, importFormEntries, headersBody, type LastSetup } from './import-payload.js';

/** The import API of docs/imports.md, through the shared client; the upload alone uses XMLHttpRequest for its progress. */

/** Why an unreadable file was refused (`too_many_rows`, `encrypted` ...). */
export const refusalReason = (error: ApiError): string | undefined => (typeof error.body.reason === 'string' ? error.body.reason : undefined);

/** The row or column limit a refused file went past. */
export const refusalLimit = (error: ApiError): number | undefined => (typeof error.body.limit === 'number' ? error.body.limit : undefined);

/** A wizard mode: the `mode` of one of the table's imports (ECUS adds `ama` and `cancel` to `normal`). */
export type ImportMode = string;

/** The import a mode names: the table's first of that mode (BOM's calculator calls before the plain ones). */
function variantOf(resource: ResourceDefinition, mode: ImportMode): ImportVariant {
  const variant = importVariantsOf(resource).find((candidate) => candidate.mode === mode);
  if (!variant) throw new Error(`${resource.name} has no ${mode} import`);
  return variant;
}

export const importModes = (resource: ResourceDefinition): readonly ImportMode[] => [...new Set(importVariantsOf(resource).map((variant) => variant.mode))];

/** The table an import mode writes: its own records (ECUS amendments, cancellations) or the table itself. */
export const importTargetOf = (resource: ResourceDefinition, mode: ImportMode): ResourceDefinition => {
  const { target } = variantOf(resource, mode);
  return target ? resourceNamed(target) : resource;
};

/** Every table the imports of `resource` write, whose screens show new rows when one ends or is rolled back. */
export const importedTables = (resource: ResourceDefinition): ResourceDefinition[] =>
  [resource, ...importVariantsOf(resource).flatMap((variant) => (variant.target ? [resourceNamed(variant.target)] : []))];

/**
 * The import a table screen offers: its own, or for records only another table's import fills (ECUS amendments
 * and cancellations) that import in its mode. Null for tables that are never imported.
 */
export function importSourceOf(resource: ResourceDefinition): { resource: ResourceDefinition; mode: ImportMode } | null {
  if (allows(resource, 'import')) return { resource, mode: importModes(resource)[0]! };
  for (const source of resources) {
    const variant = importVariantsOf(source).find((candidate) => candidate.target === resource.name);
    if (variant) return { resource: source, mode: variant.mode };
  }
  return null;
}

const tablePath = (resource: ResourceDefinition) => `/${resource.family}/${resource.name}/`;

/** Where one table's setup and import go, as its import of that mode names them. */
export function importPaths(resource: ResourceDefinition, mode: ImportMode): { fixedColumns: string; setup: string; importData: string } {
  const base = tablePath(resource);
  const variant = variantOf(resource, mode);
  return { fixedColumns: `${base}get_fixed_columns/`, setup: `${base}${variant.setup}/`, importData: `${base}${variant.run}/` };
}

export interface UploadAnswer {
  upload_id: string;
  file_name: string;
  size: number;
  format: string;
  sheets: string[];
}

export interface PreviewAnswer {
  sheet_name: string;
  columns: string[];
  rows: PreviewRow[];
}

export interface FixedField {
  kind: FieldKind;
  required: boolean;
  choices?: string[];
  label?: string;
  aliases?: string[];
}

export interface FixedColumns {
  fields: Record<string, FixedField>;
  last_setup: LastSetup | null;
}

export type ImportStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'interrupted' | 'rolled_back';

export interface ImportRowError {
  row: number | null;
  column: string | null;
  field: string | null;
  message: string;
}

export interface ImportRecord {
  id: number;
  table: string;
  name: string;
  import_type: ImportType;
  keep_posting: boolean;
  date: string;
  imported_by: string | null;
  from_file: string;
  folder: string | null;
  status: ImportStatus;
  progress: number;
  /** Rows a second while it runs, from its start. */
  rows_per_second?: number | null;
  total_rows: number | null;
  inserted: number;
  rejected: number;
  errors: ImportRowError[];
  /** Rows passed over as no rows of the table: totals, signatures, repeated headers. */
  skipped?: Array<{ row: number; kind: SkippedKind }>;
  traceback: string | null;
  failure: ImportFailure | null;
  /** The later import of the same file that took this one's rows out when it succeeded (the duplicate dialog's Replace). */
  replaced_by: number | null;
  /** Its rows' search text is kept; until then searches find them more slowly. */
  search_indexed: boolean;
  /** A declaration import's item codes and names now declared under a second HS code (server/precedents/). */
  classification_conflicts?: ClassificationConflicts | null;
}

export interface RecordPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: ImportRecord[];
}

export const isRunning = (record: Pick<ImportRecord, 'status'>) => record.status === 'queued' || record.status === 'running';

/** A succeeded import whose rows' search text is still being kept (server/imports/search-indexing.ts). */
export const isIndexing = (record: Pick<ImportRecord, 'status' | 'search_indexed'>) => record.status === 'succeeded' && !record.search_indexed;

/**
 * Sends the workbook once; `onProgress` hears the share of bytes sent (0–1). XMLHttpRequest is used
 * because fetch reports no upload progress.
 */
export function uploadWorkbook(file: File, onProgress: (share: number) => void, signal?: AbortSignal): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/uploads/'));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authorizationHeader())) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => { if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total); };
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText) as unknown;
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(payload as UploadAnswer);
      else reject(apiErrorOf(xhr.status, payload));
    };
    xhr.onerror = () => reject(new ApiError('network', 0, 'Wrong Services'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('excel_file', file, file.name);
    xhr.send(form);
  });
}

export const previewRows = (uploadId: string, sheetName: string, fromRow: number, rows: number, signal?: AbortSignal) =>
  apiRequest<PreviewAnswer>(`/uploads/${encodeURIComponent(uploadId)}/preview/`, { query: { sheet_name: sheetName, from_row: fromRow, rows }, signal });

/** How numeric columns write their numbers, decided by the server from the same rows an import decides them from. */
export interface NumberFormatsAnswer {
  columns: Record<string, { mark: DecimalMark | null; source: 'column' | 'sheet' | 'chosen' | null; conflicting: boolean; examples: Array<{ text: string; value: string | null }> }>;
  undecided: string[];
}

export const numberFormats = (uploadId: string, sheetName: string, headerTo: number, columns: readonly string[], decimalMark: DecimalMark | null, signal?: AbortSignal) =>
  apiRequest<NumberFormatsAnswer>(`/uploads/${encodeURIComponent(uploadId)}/number-formats/`, {
    query: { sheet_name: sheetName, header_to: headerTo, columns: columns.join(','), ...(decimalMark ? { decimal_mark: decimalMark } : {}) }, signal,
  });

/** The flattened header names of the range; the answer is checked by the caller (an object, or 'Invalid list header'). */
export const excelHeaders = (resource: ResourceDefinition, uploadId: string, sheetName: string, range: HeaderRange) =>
  apiRequest<unknown>(`/${resource.family}/get-excel-headers/`, { method: 'POST', body: headersBody(uploadId, sheetName, range) });

export const fixedColumns = (resource: ResourceDefinition, mode: ImportMode, companySlug: string, signal?: AbortSignal) =>
  apiRequest<unknown>(importPaths(resource, mode).fixedColumns, {
    // The amendment and cancellation imports map other fields, and remember their own setup.
    query: { company_slug: companySlug, import_type: variantOf(resource, mode).importType },
    signal,
  });

/** Saves the table's empty template for the mode's import, its headers in `lang`, through the browser; resolves to the file name. */
export const downloadTemplate = (resource: ResourceDefinition, mode: ImportMode, companySlug: string, lang: string): Promise<string> =>
  downloadFile(`${tablePath(resource)}import_template/`, { company_slug: companySlug, import_type: variantOf(resource, mode).importType, lang }, `${resource.name}-template.xlsx`);

export const saveSetup = (resource: ResourceDefinition, mode: ImportMode, body: Record<string, unknown>) =>
  apiRequest<LastSetup>(importPaths(resource, mode).setup, { method: 'POST', body });

export function startImport(resource: ResourceDefinition, mode: ImportMode, importRequest: ImportRequest): Promise<ImportRecord> {
  const form = new FormData();
  for (const [name, value] of importFormEntries(importRequest)) form.append(name, value);
  return apiRequest<ImportRecord>(importPaths(resource, mode).importData, { method: 'POST', body: form });
}

const recordPath = (id: number) => `/balance/import-record/${id}/`;

export const importRecord = (id: number, signal?: AbortSignal) => apiRequest<ImportRecord>(recordPath(id), { signal });

export const importRecords = (query: { companySlug: string; folderSlug: string; table: string; page: number }, signal?: AbortSignal) =>
  apiRequest<RecordPage>('/balance/import-record/', {
    query: { company_slug: query.companySlug, folder_slug: query.folderSlug, table: query.table, page: query.page },
    signal,
  });

export const rollbackImport = (id: number) => apiRequest<ImportRecord>(`${recordPath(id)}rollback/`, { method: 'POST' });
/** Starts an interrupted or failed import again from its kept upload; answers the new import's record. */
export const retryImport = (id: number) => apiRequest<ImportRecord>(`${recordPath(id)}retry/`, { method: 'POST' });

/** Saves the rejected rows (the original columns and a message column) through the browser; resolves to the file name. */
export async function downloadRejected(record: Pick<ImportRecord, 'id' | 'from_file'>, lang: string): Promise<string> {
  const response = await apiFetch(`${recordPath(record.id)}rejected/`, { query: { lang } });
  const stem = record.from_file.replace(/\.[^.]+$/, '') || 'import';
  return saveDownload(response, `${stem}-rejected.xlsx`);
}

/** The record a `duplicate_import` answer names: the earlier import of the same file into the folder set. */
export function duplicateOf(error: unknown): Partial<ImportRecord> | null {
  if (!(error instanceof ApiError) || error.code !== 'duplicate_import') return null;
  const body = error.body;
  for (const key of ['earlier_import', 'record', 'import_record']) {
    const value = body[key];
    if (value && typeof value === 'object') return value as Partial<ImportRecord>;
  }
  return typeof body.date === 'string' ? body as Partial<ImportRecord> : {};
}
