import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type {
  CodePage, CoSearchAnswer, DecisionPage, LookupLang, RegulationPage, SearchAnswer, SearchFilters, SearchMode, TreeNode, YearComparison, YearsAnswer,
} from '../../../common/lookup/schemas.js';
import { apiRequest } from '../../app/api.js';

/** The interface language: which language's text the lookup shows first (search reads them all). */
export const useLookupLang = (): LookupLang => useIntl().locale as LookupLang;

export interface SearchParams { q: string; mode: SearchMode; exact: boolean; year: number; page: number; filters: SearchFilters }

export function useSearch(params: SearchParams) {
  const lang = useLookupLang();
  return useQuery({
    queryKey: ['lookup', 'search', params, lang],
    queryFn: ({ signal }) => apiRequest<SearchAnswer>('/lookup/search/', {
      query: { q: params.q, mode: params.mode, exact: params.exact ? 1 : 0, year: params.year, page: params.page, lang, ...params.filters }, signal,
    }),
    placeholderData: keepPreviousData,
  });
}

export const useYears = () => useQuery({
  queryKey: ['lookup', 'years'],
  queryFn: ({ signal }) => apiRequest<YearsAnswer>('/lookup/years/', { signal }),
  staleTime: 5 * 60_000,
});

export const useTreeNodes = (year: number, parent: string | undefined, enabled = true) => useQuery({
  queryKey: ['lookup', 'tree', year, parent ?? ''],
  queryFn: ({ signal }) => apiRequest<{ nodes: TreeNode[] }>('/lookup/tree/', { query: { year, parent }, signal }),
  enabled,
  staleTime: 5 * 60_000,
});

export const useCodePage = (code: string, year: number, enabled: boolean) => useQuery({
  queryKey: ['lookup', 'code', code, year],
  queryFn: ({ signal }) => apiRequest<CodePage>(`/lookup/codes/${encodeURIComponent(code)}/`, { query: { year }, signal }),
  enabled,
  retry: false,
});

export const useDecision = (id: string) => useQuery({
  queryKey: ['lookup', 'decision', id],
  queryFn: ({ signal }) => apiRequest<DecisionPage>(`/lookup/decisions/${encodeURIComponent(id)}/`, { signal }),
  retry: false,
});

export const useRegulation = (id: string, year: number) => useQuery({
  queryKey: ['lookup', 'regulation', id, year],
  queryFn: ({ signal }) => apiRequest<RegulationPage>(`/lookup/regulations/${encodeURIComponent(id)}/`, { query: { year }, signal }),
  retry: false,
});

export const useCoSearch = (q: string, page: number, rows: number) => useQuery({
  queryKey: ['lookup', 'co', q, page],
  queryFn: ({ signal }) => apiRequest<CoSearchAnswer>('/lookup/co/', { query: { q, page, rows }, signal }),
  placeholderData: keepPreviousData,
});

export const useYearComparison = (code: string, from: number, to: number) => useQuery({
  queryKey: ['lookup', 'compare', code, from, to],
  queryFn: ({ signal }) => apiRequest<YearComparison>('/lookup/compare/', { query: { code, from, to }, signal }),
  placeholderData: keepPreviousData,
  retry: false,
});
