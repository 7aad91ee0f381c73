import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { guessHeaderRange, sameRange } from './cell-range.js';
import { type FetchedHeaders, previewQuery } from './HeaderStep.js';
import type { UploadAnswer } from './import-api.js';
import { type HeaderInputs, useHeaderSelection } from './use-header-selection.js';

/**
 * The header of the chosen sheet: the range in force (guessed from the first rows until the user
 * picks one) and the header names, which stand only while they were fetched for that sheet and range.
 */
export function useSheetHeader(upload: UploadAnswer | null, sheet: string, inputs: HeaderInputs, fetched: FetchedHeaders | null) {
  const firstRows = useQuery({ ...previewQuery(upload?.upload_id ?? '', sheet, 1), enabled: upload !== null && sheet !== '' });
  const guess = useMemo(() => (firstRows.data ? guessHeaderRange(firstRows.data.rows, firstRows.data.columns) : null), [firstRows.data]);
  const selection = useHeaderSelection(inputs, guess);
  const { range } = selection;
  const headers = fetched !== null && fetched.sheet === sheet && sameRange(fetched.range, range) ? fetched.headers : null;
  return {
    selection,
    range,
    headers,
    hasHeaderNames: headers !== null && Object.values(headers).some((title) => title.trim() !== ''),
  };
}
