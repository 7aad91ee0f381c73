import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { ConsistencyAnswer, PrecedentsAnswer } from '../../common/precedents/schemas.js';
import { apiRequest } from '../app/api.js';
import { downloadFile } from '../resources/resource-api.js';

export interface PrecedentsQuery { companySlug: string; q?: string; hs?: string; folderSlug?: string }

/** The company's precedents for a text or an HS code, in the interface's language; nothing is asked without a company. */
export function usePrecedents(query: PrecedentsQuery | null) {
  const lang = useIntl().locale.slice(0, 2);
  return useQuery({
    queryKey: ['precedents', query, lang],
    queryFn: ({ signal }) => apiRequest<PrecedentsAnswer>('/new-balance/classification-precedents/', {
      query: { company_slug: query!.companySlug, q: query!.q, hs: query!.hs, folder_slug: query!.folderSlug, lang }, signal,
    }),
    enabled: query !== null && Boolean(query.q || query.hs),
    staleTime: 30_000,
  });
}

export const consistencyQueryKey = (companySlug: string) => ['precedents', 'consistency', companySlug] as const;

export const fetchConsistency = (companySlug: string) =>
  apiRequest<ConsistencyAnswer>('/new-balance/classification-consistency/', { query: { company_slug: companySlug } });

export const downloadConsistency = (companySlug: string, lang: string) =>
  downloadFile('/new-balance/classification-consistency/', { company_slug: companySlug, lang, format: 'xlsx' }, 'hs-consistency.xlsx');
