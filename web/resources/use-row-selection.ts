import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import type { ResourceRow } from './resource-api.js';

interface Selection { pageKey: string; ids: readonly number[]; allMatching: boolean }

/** One empty list, so that an empty selection keeps its identity between renders. */
const noIds: readonly number[] = [];

/**
 * The rows ticked on the page shown, or every row matching the view. A selection belongs to one page
 * of one view (`pageKey`): turning the page or changing the search, filters or order selects nothing.
 */
export function useRowSelection(pageKey: string, rows: readonly ResourceRow[]) {
  const [selection, setSelection] = useState<Selection>({ pageKey, ids: noIds, allMatching: false });
  const selected = selection.pageKey === pageKey ? selection : { pageKey, ids: noIds, allMatching: false };
  const rowSelectionModel = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(selected.ids) }), [selected.ids]);
  return {
    ids: selected.ids,
    allMatching: selected.allMatching,
    allOnPage: selected.ids.length > 0 && selected.ids.length === rows.length,
    rowSelectionModel,
    changeRowSelection: (model: GridRowSelectionModel) => {
      // The header checkbox answers "all but these" of the page shown.
      const ids = model.type === 'include' ? [...model.ids] : rows.map((row) => row.id).filter((id) => !model.ids.has(id));
      setSelection({ pageKey, ids: ids.map(Number), allMatching: false });
    },
    selectAllMatching: () => setSelection({ ...selected, allMatching: true }),
    clear: () => setSelection({ pageKey, ids: noIds, allMatching: false }),
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;
