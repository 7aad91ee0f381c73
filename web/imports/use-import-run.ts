import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { resourceQueryKey } from '../resources/resource-api.js';
import { importedTables, importRecord, type ImportRecord, isRunning } from './import-api.js';

/** How often a running import is asked for its progress. */
const POLL_MS = 750;

/** The import the wizard started, asked for its progress while it runs. */
export function useImportRun(resource: ResourceDefinition, started: ImportRecord | null) {
  const queryClient = useQueryClient();
  const live = useQuery({
    queryKey: ['imports', 'record', started?.id ?? 0],
    queryFn: ({ signal }) => importRecord(started?.id ?? 0, signal),
    enabled: started !== null,
    initialData: started ?? undefined,
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data) ? POLL_MS : false),
  });
  const record = live.data ?? started;
  const finished = record !== null && !isRunning(record);

  // Once the import has ended the table behind the wizard, and its history, show the new rows.
  useEffect(() => {
    if (!finished) return;
    for (const table of importedTables(resource)) void queryClient.invalidateQueries({ queryKey: resourceQueryKey(table) });
    void queryClient.invalidateQueries({ queryKey: ['imports', 'records'] });
  }, [finished, queryClient, resource]);

  return { record, finished };
}
