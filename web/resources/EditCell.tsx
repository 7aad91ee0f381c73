import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import NativeSelect from '@mui/material/NativeSelect';
import Tooltip from '@mui/material/Tooltip';
import { type GridRenderEditCellParams, useGridApiContext } from '@mui/x-data-grid';
import { createContext, useContext } from 'react';
import type { FieldDefinition } from '../../common/resources/define.js';
import { DateField } from '../app/i18n/DateField.js';
import { editText } from './field-values.js';

/** Messages of cells whose last save failed, keyed `id:field`; the cell keeps the typed value beside it. */
export const CellErrorsContext = createContext<ReadonlyMap<string, string>>(new Map());

export const cellKey = (id: string | number, field: string) => `${id}:${field}`;

/**
 * The editor of one cell, by the field's kind. A refused save leaves the grid in edit mode with the
 * typed value; the reason is shown in a tooltip under the cell and the border turns red.
 */
export function EditCell({ params, definition, choiceLabel }: {
  params: GridRenderEditCellParams;
  definition: FieldDefinition;
  choiceLabel: (value: string) => string;
}) {
  const apiRef = useGridApiContext();
  const error = useContext(CellErrorsContext).get(cellKey(params.id, params.field));
  const value = editText(params.value as string | number | null | undefined);
  const setValue = (next: string) => { void apiRef.current.setEditCellValue({ id: params.id, field: params.field, value: next }); };
  const inputProps = { 'aria-invalid': error !== undefined, 'data-testid': `edit-${params.field}` };
  const numeric = definition.kind === 'decimal' || definition.kind === 'integer';
  return (
    <Tooltip open={error !== undefined} title={error ?? ''} placement="bottom-start" arrow slotProps={{ tooltip: { sx: { bgcolor: 'error.main' } }, arrow: { sx: { color: 'error.main' } } }}>
      <Box
        sx={{
          width: '100%',
          height: '100%',
          display: 'flex',
          alignItems: 'center',
          px: 1,
          outline: error ? '2px solid' : undefined,
          outlineColor: 'error.main',
          outlineOffset: -2,
          '& input, & select': { textAlign: numeric ? 'right' : 'left' },
        }}
      >
        {definition.kind === 'choice' ? (
          <NativeSelect fullWidth autoFocus disableUnderline value={value} onChange={(event) => setValue(event.target.value)} inputProps={inputProps} sx={{ fontSize: 'inherit' }}>
            {!definition.required && <option value="">—</option>}
            {(definition.choices ?? []).map((choice) => <option key={choice} value={choice}>{choiceLabel(choice)}</option>)}
          </NativeSelect>
        ) : definition.kind === 'date' ? (
          // The form's error already shows in the tooltip above; the field's own would crowd the cell.
          <DateField value={value} onChange={setValue} error={error} calendar={false} autoFocus fullWidth variant="standard" htmlInput={inputProps} sx={{ '& .MuiFormHelperText-root': { display: 'none' } }} />
        ) : (
          <InputBase
            fullWidth
            autoFocus
            value={value}
            onChange={(event) => setValue(event.target.value)}
            inputProps={{ ...inputProps, inputMode: definition.kind === 'decimal' ? 'decimal' : definition.kind === 'integer' ? 'numeric' : undefined }}
            sx={{ fontSize: 'inherit' }}
          />
        )}
      </Box>
    </Tooltip>
  );
}
