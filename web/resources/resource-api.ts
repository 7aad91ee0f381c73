import type { ResourceDefinition } from '../../common/resources/define.js';
import type { Page } from '../../common/resources/schemas.js';
import { apiFetch, apiRequest } from '../app/api.js';
import type { CellValue } from './field-values.js';
import { type AutofillMatch, fileNameOfDisposition } from './table-state.js';

/** A business row as the list answers it: the system columns and every field of the resource. */
export interface ResourceRow {
  id: number;
  created_at: string;
  updated_at: string;
  import_record_id: number | null;
  [field: string]: CellValue;
}

export type { Page } from '../../common/resources/schemas.js';

const tablePath = (resource: ResourceDefinition) => `/${resource.family}/${resource.name}/`;

/** Every cached answer of a table starts with this key, so one invalidation refreshes them all. */
export const resourceQueryKey = (resource: ResourceDefinition) => ['resources', resource.family, resource.name] as const;

export const listRows = (resource: ResourceDefinition, query: Record<string, string | number>, signal?: AbortSignal) =>
  apiRequest<Page<ResourceRow>>(tablePath(resource), { query, signal });

export const createRow = (resource: ResourceDefinition, scope: { companySlug: string; folderSlug: string }, fields: Record<string, CellValue>) =>
  apiRequest<ResourceRow>(tablePath(resource), { method: 'POST', body: { company_slug: scope.companySlug, folder_slug: scope.folderSlug, ...fields } });

export const updateRow = (resource: ResourceDefinition, id: number, fields: Record<string, CellValue>) =>
  apiRequest<ResourceRow>(`${tablePath(resource)}${id}/`, { method: 'PUT', body: fields });

export const updateRows = (resource: ResourceDefinition, companySlug: string, rows: Array<{ id: number } & Record<string, CellValue>>) =>
  apiRequest<{ updated: number }>(`${tablePath(resource)}bulk-update/`, { method: 'PUT', body: { company_slug: companySlug, rows } });

export const deleteRows = (resource: ResourceDefinition, companySlug: string, ids: readonly number[]) =>
  apiRequest<{ deleted: number }>(`${tablePath(resource)}bulk-delete/`, { method: 'DELETE', body: { company_slug: companySlug, id_list: ids } });

/** Deletes every row the body's scope, search and filters match (the whole table for the folder set without them). */
export const deleteMatching = (resource: ResourceDefinition, body: Record<string, unknown>) =>
  apiRequest<{ deleted: number }>(tablePath(resource), { method: 'DELETE', body });

export const autofill = (resource: ResourceDefinition, scope: { companySlug: string; folderSlug: string }, code: string, signal?: AbortSignal) =>
  apiRequest<AutofillMatch[]>(`${tablePath(resource)}autofill/`, {
    method: 'POST',
    body: { company_slug: scope.companySlug, folder_slug: scope.folderSlug, code },
    signal,
  });

export const selectableValues = (resource: ResourceDefinition, scope: { companySlug: string; folderSlug: string }) =>
  apiRequest<Record<string, Array<string | number>>>(`${tablePath(resource)}get_selectable_values/`, {
    query: { company_slug: scope.companySlug, folder_slug: scope.folderSlug },
  });

/**
 * Downloads the export of the current view. The file comes through `fetch` with the bearer token
 * (a plain link cannot carry it) and is handed to the browser as a blob; resolves to its name.
 */
export const downloadExport = (resource: ResourceDefinition, query: Record<string, string>): Promise<string> =>
  downloadFile(`${tablePath(resource)}export/`, query, `${resource.name}.xlsx`);

/**
 * Downloads a file answer of the API. It comes through `fetch` with the bearer token (a plain link cannot
 * carry it) and is handed to the browser as a blob; resolves to its name.
 */
export async function downloadFile(path: string, query: Record<string, string>, fallback: string): Promise<string> {
  return saveDownload(await apiFetch(path, { query }), fallback);
}

/** Hands a file answer to the browser's downloads, named as the server says (else `fallback`); resolves to that name. */
export async function saveDownload(response: Response, fallback: string): Promise<string> {
  const name = fileNameOfDisposition(response.headers.get('Content-Disposition'), fallback);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download manager; keep the URL a moment for slow browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
}
