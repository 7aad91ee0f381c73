import type { GridCellEditStopParams } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { ApiError } from '../app/api.js';
import { useErrorText } from '../app/session/error-text.js';
import { useSnackbar } from '../app/snackbar/SnackbarProvider.js';
import { cellKey } from './EditCell.js';
import { type CellValue, parseFieldInput, sameValue } from './field-values.js';
import { type Page, resourceQueryKey, type ResourceRow, updateRow } from './resource-api.js';
import { useValidationText } from './validation-text.js';

/** A save the grid refused: the reasons by field, shown at the cells that keep the typed values. */
class CellSaveError extends Error {
  constructor(readonly id: number, readonly fields: Record<string, string>) {
    super('cell save refused');
  }
}

const withoutRow = (errors: ReadonlyMap<string, string>, id: number) => new Map([...errors].filter(([key]) => !key.startsWith(`${id}:`)));

/**
 * Inline editing of a table's cells: a changed row is checked field by field and saved, and the
 * reasons a save was refused stay at their cells (`cellErrors`) until the cell is left.
 */
export function useCellEdits(resource: ResourceDefinition) {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const validationText = useValidationText();
  const [cellErrors, setCellErrors] = useState<ReadonlyMap<string, string>>(new Map());

  const processRowUpdate = useCallback(async (next: ResourceRow, previous: ResourceRow): Promise<ResourceRow> => {
    const changes: Record<string, CellValue> = {};
    const problems: Record<string, string> = {};
    for (const [name, definition] of Object.entries(resource.fields)) {
      if (next[name] === previous[name]) continue;
      const parsed = parseFieldInput(definition, next[name]);
      if (!parsed.ok) problems[name] = validationText.problem(definition, parsed.problem);
      else if (!sameValue(definition, previous[name], parsed.value)) changes[name] = parsed.value;
    }
    if (Object.keys(problems).length > 0) throw new CellSaveError(previous.id, problems);
    if (Object.keys(changes).length === 0) return previous;
    try {
      const saved = await updateRow(resource, previous.id, changes);
      setCellErrors((current) => withoutRow(current, previous.id));
      queryClient.setQueriesData<Page<ResourceRow>>({ queryKey: [...resourceQueryKey(resource), 'list'] }, (old) =>
        old ? { ...old, results: old.results.map((row) => (row.id === saved.id ? saved : row)) } : old);
      return saved;
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        // A reason about another field is still shown at the edited cell, where the user is looking.
        const fields = Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [
          field in changes ? field : Object.keys(changes)[0] ?? field,
          validationText.server(resource.fields[field], messages),
        ]));
        throw new CellSaveError(previous.id, fields);
      }
      throw new CellSaveError(previous.id, Object.fromEntries(Object.keys(changes).map((field) => [field, errorText(error)])));
    }
  }, [resource, queryClient, errorText, validationText]);

  const onProcessRowUpdateError = useCallback((error: unknown) => {
    if (error instanceof CellSaveError) {
      setCellErrors((current) => {
        const nextErrors = withoutRow(current, error.id);
        for (const [field, message] of Object.entries(error.fields)) nextErrors.set(cellKey(error.id, field), message);
        return nextErrors;
      });
    } else {
      snackbar.error(errorText(error));
    }
  }, [snackbar, errorText]);

  const onCellEditStop = useCallback((params: GridCellEditStopParams) => setCellErrors((current) => {
    const key = cellKey(params.id, params.field);
    if (!current.has(key)) return current;
    const nextErrors = new Map(current);
    nextErrors.delete(key);
    return nextErrors;
  }), []);

  return { cellErrors, processRowUpdate, onProcessRowUpdateError, onCellEditStop };
}
