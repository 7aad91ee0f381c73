import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { useErrorText } from '../app/session/error-text.js';
import { useSnackbar } from '../app/snackbar/SnackbarProvider.js';
import type { Page } from '../../common/resources/schemas.js';
import { deleteMatchingBody, listQuery, type ViewState } from './list-query.js';
import { deleteMatching, deleteRows, listRows, resourceQueryKey } from './resource-api.js';

/** How exact a list's count is: a large list's is the database's estimate, a search's stops at its cap. */
export type CountPrecision = 'exact' | 'estimated' | 'capped';

export const countPrecision = (page: Pick<Page<unknown>, 'count_capped' | 'count_estimated'> | undefined): CountPrecision =>
  page?.count_estimated ? 'estimated' : page?.count_capped ? 'capped' : 'exact';

/**
 * What a delete would remove, as the confirmation names it: the ticked rows, every row matching the view, or the
 * whole table; the count of the last two says "about" or "more than" when the list did not count every row.
 */
export type DeleteTarget =
  | { kind: 'selected'; ids: readonly number[] }
  | { kind: 'matching' | 'all'; count: number; precision: CountPrecision };

/**
 * Deleting rows after a confirmation: of the ticked rows, of all rows matching the view, or of the
 * whole table in the folder set. `confirming` is the question open, if any.
 */
export function useRowDeletion({ resource, view, count, precision, filtered, onDeleted }: {
  resource: ResourceDefinition;
  view: ViewState;
  /** The rows of the view, as the list counted them. */
  count: number;
  precision: CountPrecision;
  /** Whether search or filters narrow the view, so that the whole table counts more. */
  filtered: boolean;
  onDeleted: () => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState<DeleteTarget | null>(null);
  const wholeTable = { ...view, search: '', filters: [] };

  const afterDelete = {
    onSuccess: async (answer: { deleted: number }) => {
      snackbar.success(intl.formatMessage({ id: 'table.delete.done' }, { count: answer.deleted }));
      setConfirming(null);
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: resourceQueryKey(resource) });
    },
    onError: (error: Error) => { setConfirming(null); snackbar.error(errorText(error)); },
  };
  const removeSelected = useMutation({ mutationFn: (ids: readonly number[]) => deleteRows(resource, view.companySlug, ids), ...afterDelete });
  const removeMatching = useMutation({ mutationFn: (body: Record<string, unknown>) => deleteMatching(resource, body), ...afterDelete });

  const askDeleteAll = async () => {
    if (!filtered) { setConfirming({ kind: 'all', count, precision }); return; }
    // The list shows the filtered count; the whole table's count is one small request away.
    try {
      const answer = await queryClient.fetchQuery({
        queryKey: [...resourceQueryKey(resource), 'list', listQuery(resource, wholeTable, 0, 1)],
        queryFn: () => listRows(resource, listQuery(resource, wholeTable, 0, 1)),
      });
      setConfirming({ kind: 'all', count: answer.count, precision: countPrecision(answer) });
    } catch (error) {
      snackbar.error(errorText(error));
    }
  };

  const confirm = () => {
    if (!confirming) return;
    if (confirming.kind === 'selected') removeSelected.mutate(confirming.ids);
    else if (confirming.kind === 'matching') removeMatching.mutate(deleteMatchingBody(resource, view));
    else removeMatching.mutate(deleteMatchingBody(resource, wholeTable));
  };

  return {
    confirming,
    ask: (target: DeleteTarget) => setConfirming(target),
    askDeleteAll,
    confirm,
    cancel: () => setConfirming(null),
    pending: removeSelected.isPending || removeMatching.isPending,
  };
}

export type RowDeletion = ReturnType<typeof useRowDeletion>;
