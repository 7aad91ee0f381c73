import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { keepPreviousData, type QueryKey, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReportRun } from '../../../common/statements/schemas.js';
import { ApiError, apiFetch, apiRequest } from '../../app/api.js';

type Query = Record<string, string | number>;
const following = (run: ReportRun) => run.status === 'queued' || run.status === 'running';

/**
 * Asks for a report the server computes as a job (server/reports/report-runs.ts) without waiting: a kept result comes at
 * once; otherwise the 202 names the run, which is followed — `onRun` shows it — until it has succeeded, and the report
 * is asked for again. A run that failed is thrown as its error. While the company has as many runs under way as the
 * server allows (429), the report is asked for again after the wait the server names.
 */
export async function fetchComputedReport<T>(path: string, query: Query, onRun: (run: ReportRun | null) => void): Promise<T> {
  for (;;) {
    const response = await apiFetch(path, { query: { ...query, wait: 'false' } }).catch((error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 429) throw error;
      const seconds = Number(error.body.retry_after);
      return new Promise<null>((resolve) => setTimeout(() => resolve(null), (Number.isFinite(seconds) && seconds > 0 ? seconds : 5) * 1000));
    });
    if (!response) continue;
    const body: unknown = await response.json();
    if (response.status !== 202) {
      onRun(null);
      return body as T;
    }
    let run = (body as { run: ReportRun }).run;
    while (following(run)) {
      onRun(run);
      await new Promise((resolve) => setTimeout(resolve, 500));
      run = await apiRequest<ReportRun>(`/new-balance/report-runs/${run.id}/`);
    }
    onRun(null);
    if (run.status !== 'succeeded') throw new ApiError(run.failure?.code ?? 'server_error', 0, run.failure?.detail ?? '');
  }
}

/** A computed report as a query, with the run under way (null once answered); `keepPrevious` shows the last answer meanwhile. */
export function useComputedReport<T>(queryKey: QueryKey, path: string, query: Query, options: { enabled?: boolean; keepPrevious?: boolean } = {}): readonly [UseQueryResult<T>, ReportRun | null] {
  const [run, setRun] = useState<ReportRun | null>(null);
  const result = useQuery<T>({
    queryKey, queryFn: () => fetchComputedReport<T>(path, query, setRun), enabled: options.enabled ?? true,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
  return [result, run];
}

/** The bar shown while a report is asked for, saying what its run is doing and for how long once it is a job. */
export function ReportRunProgress({ busy, run }: { busy: boolean; run: ReportRun | null }) {
  const intl = useIntl();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!run) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [run]);
  if (!busy) return null;
  const seconds = run ? Math.max(0, Math.round((now - Date.parse(run.created_at)) / 1000)) : 0;
  return (
    <Box data-testid="report-run-progress">
      <LinearProgress aria-label={intl.formatMessage({ id: 'statements.computing' })} />
      {run && (
        <Typography variant="caption" color="text.secondary" role="status">
          <FormattedMessage id={run.status === 'queued' ? 'statements.run.queued' : 'statements.run.running'} values={{ seconds }} />
        </Typography>
      )}
    </Box>
  );
}
