import type { ScheduleAnswer, ScheduleHistory, ScheduleRequest } from '../../../common/origin/schemas.js';
import type { Page } from '../../../common/resources/schemas.js';
import { apiRequest } from '../../app/api.js';

/** Export type codes whose lines can be the subject of a schedule. */
export const exportTypeCodes = ['E62', 'E52', 'E42', 'E56', 'B11'];

export interface ExportLine {
  id: number; account_number: string; row_number: number | null; registered_date: string; type_code: string; code: string;
  item_name: string | null; hs: string | null; total: string; unit: string | null; price_condition: string | null; partner: string | null;
}

export const listExportLines = (scope: { company_slug: string; folder_slug: string }, search: string) =>
  apiRequest<Page<ExportLine>>('/balance/ecus/', { query: { ...scope, type_code__in: exportTypeCodes.join(','), search, ordering: '-registered_date', page_size: 50 } });

export const computeSchedule = (body: ScheduleRequest) => apiRequest<ScheduleAnswer>('/fta/bangke/', { method: 'POST', body });

export const saveSchedule = (body: ScheduleRequest) => apiRequest<ScheduleAnswer & { history_id: number }>('/fta/bangke/create-bangke-history/', { method: 'POST', body });
export const scheduleHistory = (scope: { company_slug: string; folder_slug: string }) =>
  apiRequest<{ results: ScheduleHistory[] }>('/fta/bangke/get-bangke-history/', { query: scope });
export const deleteSavedSchedule = (scope: { company_slug: string; folder_slug: string }, id: number) =>
  apiRequest<void>(`/fta/bangke/history/${id}/`, { method: 'DELETE', query: scope });
