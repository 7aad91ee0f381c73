import type { DossierForm, Invoice, WordUpload, InvoiceProduct, PerformManualAnswer, ScheduleAnswer, ScheduleHistory, ScheduleRequest } from '../../../common/origin/schemas.js';
import type { Page } from '../../../common/resources/schemas.js';
import { apiFetch, apiRequest } from '../../app/api.js';
import { saveDownload } from '../../resources/resource-api.js';

type Scope = { company_slug: string; folder_slug: string };

/** Export type codes whose lines can be the subject of a schedule. */
export const exportTypeCodes = ['E62', 'E52', 'E42', 'E56', 'B11'];

export interface ExportLine {
  id: number; account_number: string; row_number: number | null; registered_date: string; type_code: string; code: string;
  item_name: string | null; hs: string | null; total: string; unit: string | null; price_condition: string | null; partner: string | null;
  /** The invoice currency: the schedule's figures and its cost inputs are in it. */
  currency: string | null;
}

export const listExportLines = (scope: Scope, search: string) =>
  apiRequest<Page<ExportLine>>('/balance/ecus/', { query: { ...scope, type_code__in: exportTypeCodes.join(','), search, ordering: '-registered_date', page_size: 50 } });
/** One declaration line by id, whichever way it was picked (an invoice's line may have another type code). */
export const exportLineById = (scope: Scope, id: number) =>
  apiRequest<Page<ExportLine>>('/balance/ecus/', { query: { ...scope, id, page_size: 1 } });

export const computeSchedule = (body: ScheduleRequest) => apiRequest<ScheduleAnswer>('/fta/bangke/', { method: 'POST', body });

export const saveSchedule = (body: ScheduleRequest) => apiRequest<ScheduleAnswer & { history_id: number }>('/fta/bangke/create-bangke-history/', { method: 'POST', body });
export const scheduleHistory = (scope: Scope) =>
  apiRequest<{ results: ScheduleHistory[] }>('/fta/bangke/get-bangke-history/', { query: scope });
export const deleteSavedSchedule = (scope: Scope, id: number) =>
  apiRequest<void>(`/fta/bangke/history/${id}/`, { method: 'DELETE', query: scope });

export const performManual = (body: ScheduleRequest) => apiRequest<PerformManualAnswer>('/fta/bangke/perform-manual/', { method: 'POST', body });
export const recalculateSchedule = (scope: Scope, id: number) =>
  apiRequest<ScheduleAnswer & { history_id: number }>('/fta/bangke/re-calculate-bangke/', { method: 'POST', body: { ...scope, id } });

export const listInvoices = (scope: Scope, search: string) => apiRequest<Page<Invoice>>('/fta/invoices/', { query: { ...scope, search, page_size: 50 } });
export const listInvoiceProducts = (scope: Scope, invoiceNo: string) =>
  apiRequest<Page<InvoiceProduct>>('/fta/products/', { query: { ...scope, invoice_no: invoiceNo, page_size: 500 } });

/** How the dossier documents are laid out (spec §9: word form type and word title, 1 by default) and which annex form; by default that of the criterion met. */
export interface DocumentOptions { format: 'docx' | 'xlsx'; word_form_type: 1 | 2; word_title: 1 | 2; form?: DossierForm }

/** One saved schedule's bảng kê, through the API client (the bearer token), handed to the browser's downloads. */
export async function downloadScheduleDocument(scope: Scope, id: number, options: DocumentOptions): Promise<string> {
  return saveDownload(await apiFetch(`/fta/bangke/history/${id}/document/`, { query: { ...scope, ...options } }), `bang-ke-${id}.${options.format}`);
}

/** A saved schedule or an uploaded Word document, as the merge lists them. */
export type MergeEntry = { kind: 'schedule' | 'upload'; id: number };

/** Several saved schedules (and, in Word, uploaded documents) in one document, in the order given. */
export async function downloadMergedDocuments(scope: Scope, entries: MergeEntry[], options: DocumentOptions): Promise<string> {
  return saveDownload(await apiFetch('/fta/upload/merge/', { method: 'POST', body: { ...scope, ...options, documents: entries } }), `bang-ke.${options.format}`);
}

/** The Word documents uploaded for the company's dossiers. */
export const listWordUploads = (companySlug: string) => apiRequest<{ results: WordUpload[] }>('/fta/upload/', { query: { company_slug: companySlug } });

export function uploadWordDocument(companySlug: string, file: File): Promise<WordUpload> {
  const form = new FormData();
  form.append('company_slug', companySlug);
  form.append('file', file);
  return apiRequest<WordUpload>('/fta/upload/', { method: 'POST', body: form });
}

export const deleteWordUpload = (companySlug: string, id: number) => apiRequest<void>(`/fta/upload/${id}/`, { method: 'DELETE', query: { company_slug: companySlug } });
