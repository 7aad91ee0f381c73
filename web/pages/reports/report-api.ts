import type {
  BomReview, CheckRow, SourceLine, Statement15aAnswer, Statement15Answer, TariffCheckAnswer, TypeCodeRule,
} from '../../../common/statements/schemas.js';
import { apiRequest } from '../../app/api.js';
import { downloadFile } from '../../resources/resource-api.js';

export type ReportScope = { company_slug: string; folder_slug: string };

/** The two statements by their report id, with the API path and the answer each gives. */
export const statementPaths = { 'statement-15': '/new-balance/report-statement-15/', 'statement-15a': '/new-balance/report-statement-15A/' } as const;
export type StatementReport = keyof typeof statementPaths;
export type StatementAnswer<R extends StatementReport> = R extends 'statement-15' ? Statement15Answer : Statement15aAnswer;

export const reportQueryKey = (report: string, scope: ReportScope, extra: object = {}) => ['reports', report, scope, extra] as const;

export const fetchCellSources = (report: StatementReport, scope: ReportScope, code: string, column: string) =>
  apiRequest<{ results: SourceLine[] }>(statementPaths[report], { query: { ...scope, code, drill: column } });

export const reviewCheckRow = (scope: ReportScope, code: string, review: { status: CheckRow['status']; explanation: string | null }) =>
  apiRequest<{ code: string }>(`/new-balance/check-statement/${encodeURIComponent(code)}/`, { method: 'PATCH', query: scope, body: review });

export const downloadReport = (path: string, query: Record<string, string>, fallback: string) => downloadFile(path, { ...query, format: 'xlsx' }, fallback);

export const fetchTypeCodeRules = (companySlug: string, regime: string) =>
  apiRequest<{ results: TypeCodeRule[] }>('/new-balance/type-code-rules/', { query: { company_slug: companySlug, regime } });
export const setTypeCodeRule = (companySlug: string, rule: Omit<TypeCodeRule, 'source'>) =>
  apiRequest<TypeCodeRule>('/new-balance/type-code-rules/', { method: 'PUT', query: { company_slug: companySlug }, body: rule });
export const revertTypeCodeRule = (companySlug: string, rule: Pick<TypeCodeRule, 'regime' | 'type_code' | 'form'>) =>
  apiRequest<void>('/new-balance/type-code-rules/', { method: 'DELETE', query: { company_slug: companySlug, ...rule } });

export const reviewBom = (scope: ReportScope, apply: boolean) => apiRequest<BomReview>('/balance/bom/fix/', { method: 'POST', query: scope, body: { apply } });
/** A page (from 1) of the tariff check's listed lines, with the counts of them all. */
export const fetchTariffCheck = (scope: ReportScope, page: number) =>
  apiRequest<TariffCheckAnswer>('/new-balance/report-tariff-check/', { query: { ...scope, page: String(page) } });
