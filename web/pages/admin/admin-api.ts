import type { z } from 'zod';
import type {
  AdminUser, AdminUserPage, AuditAction, AuditPage, LookupDataKind, LookupLoad, LookupLoadPage, Question, QuestionPage, QuestionStatus,
} from '../../../common/admin/schemas.js';
import type { BiReport, biReportInputSchema, MyReports } from '../../../common/reports/schemas.js';
import { apiFetch, apiRequest } from '../../app/api.js';
import { saveDownload } from '../../resources/resource-api.js';

/** Every list of the administration area is paged by the server, this many rows at a time. */
export const adminPageSize = 25;

export const adminQueryKey = (...parts: ReadonlyArray<string | number | undefined>) => ['admin', ...parts] as const;

export const listUsers = (search: string, page: number) =>
  apiRequest<AdminUserPage>('/admin/users/', { query: { search, page: page + 1, page_size: adminPageSize } });
const userAction = (user: AdminUser, action: 'disable' | 'enable' | 'reset-sessions') =>
  apiRequest<AdminUser>(`/admin/users/${encodeURIComponent(user.id)}/${action}/`, { method: 'POST' });
export const disableUser = (user: AdminUser) => userAction(user, 'disable');
export const enableUser = (user: AdminUser) => userAction(user, 'enable');
export const resetSessions = (user: AdminUser) => userAction(user, 'reset-sessions');

/** A report of the catalogue with the addresses of the users it is assigned to. */
export type CatalogueEntry = BiReport & { users: string[] };
export type ReportInput = z.infer<typeof biReportInputSchema>;
export const listCatalogue = () => apiRequest<{ results: CatalogueEntry[] }>('/admin/reports/');
export const saveReport = (report: ReportInput, id?: number) =>
  apiRequest<BiReport>(id === undefined ? '/admin/reports/' : `/admin/reports/${id}/`, { method: id === undefined ? 'POST' : 'PUT', body: report });
export const deleteReport = (id: number) => apiRequest<void>(`/admin/reports/${id}/`, { method: 'DELETE' });
export const assignReports = (email: string, reportIds: number[]) =>
  apiRequest<MyReports>(`/admin/users/${encodeURIComponent(email)}/reports/`, { method: 'PUT', body: { report_ids: reportIds } });

export const listQuestions = (status: QuestionStatus, page: number) =>
  apiRequest<QuestionPage>('/admin/questions/', { query: { status, page: page + 1, page_size: adminPageSize } });
export const getQuestion = (id: number) => apiRequest<Question>(`/admin/questions/${id}/`);
export const setQuestionAnswered = (id: number, answered: boolean) =>
  apiRequest<Question>(`/admin/questions/${id}/answered/`, { method: 'PUT', body: { answered } });
/** The attachment comes through `fetch` with the bearer token and is handed to the browser's downloads. */
export const downloadAttachment = async (question: Question) =>
  saveDownload(await apiFetch(`/admin/questions/${question.id}/attachment/`), question.file_name ?? 'attachment');

export const listLookupLoads = (page: number) => apiRequest<LookupLoadPage>('/admin/lookup-loads/', { query: { page: page + 1, page_size: adminPageSize } });
export const startLookupLoad = (body: { kind: LookupDataKind; year?: number; upload_id: string }) =>
  apiRequest<LookupLoad>('/admin/lookup-loads/', { method: 'POST', body });
export const isLoadRunning = (load: Pick<LookupLoad, 'status'>) => load.status === 'queued' || load.status === 'running';

export interface AuditFilters {
  action: AuditAction | '';
  search: string;
  from: string;
  to: string;
}
export const listAuditEvents = (filters: AuditFilters, page: number) =>
  apiRequest<AuditPage>('/admin/audit-events/', { query: { ...filters, page: page + 1, page_size: adminPageSize } });
