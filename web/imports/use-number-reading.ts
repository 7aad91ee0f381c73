import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DecimalMark } from '../../common/imports/coerce.js';
import type { HeaderRange } from './cell-range.js';
import { numberFormats, type UploadAnswer } from './import-api.js';
import type { FieldSource, ImportField } from './import-payload.js';

/**
 * How the sheet's mapped numeric columns will be read, as the server decides it from the same rows an import does:
 * each column's decimal mark with a few of its cells read that way, and whether the file cannot tell, in which case the
 * user chooses the mark before the import starts.
 */
export function useNumberReading({ upload, sheet, range, fields, sources }: {
  upload: UploadAnswer | null;
  sheet: string;
  range: HeaderRange | null;
  fields: readonly ImportField[];
  sources: Record<string, FieldSource> | undefined;
}) {
  const [decimalMark, setDecimalMark] = useState<DecimalMark | null>(null);
  const numericColumns = [...new Set(fields.flatMap((field) => {
    const source = sources?.[field.name];
    return (field.kind === 'decimal' || field.kind === 'integer') && source?.kind === 'column' ? [source.column] : [];
  }))].sort();
  const reading = useQuery({
    queryKey: ['imports', 'number-formats', upload?.upload_id, sheet, range?.headerTo, numericColumns, decimalMark],
    queryFn: ({ signal }) => numberFormats(upload!.upload_id, sheet, range!.headerTo, numericColumns, decimalMark, signal),
    enabled: upload !== null && range !== null && numericColumns.length > 0,
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });
  const undecided = reading.data?.undecided ?? [];
  return {
    answer: numericColumns.length > 0 ? reading.data ?? null : null,
    decimalMark,
    setDecimalMark,
    /** Columns the file cannot tell the mark of, while the user has not chosen one. */
    undecided: decimalMark ? [] : undecided,
    /** Whether the question was asked at all: it stays on screen once answered. */
    asked: undecided.length > 0 || decimalMark !== null,
  };
}

export type NumberReading = ReturnType<typeof useNumberReading>;
