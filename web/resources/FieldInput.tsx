import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { FieldDefinition } from '../../common/resources/define.js';
import { DateField } from '../app/i18n/DateField.js';

export interface FieldInputProps {
  name: string;
  definition: FieldDefinition;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Known values to offer (a selectable field's distinct values). */
  options?: readonly string[];
  choiceLabel: (value: string) => string;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
}

/** One field of a form, drawn by its kind: a date picker, a number, a choice list, or text with known values offered. */
export function FieldInput({ name, definition, label, value, onChange, error, options, choiceLabel, autoFocus, size = 'small' }: FieldInputProps) {
  const common = {
    name,
    label,
    value,
    error: error !== undefined,
    helperText: error,
    required: definition.required,
    autoFocus,
    size,
    fullWidth: true,
    slotProps: { htmlInput: { 'data-field': name } },
  } as const;
  switch (definition.kind) {
    case 'date':
      return <DateField name={name} label={label} value={value} onChange={onChange} error={error} required={definition.required} autoFocus={autoFocus} size={size} fullWidth htmlInput={common.slotProps.htmlInput} />;
    case 'decimal':
    case 'integer':
      return (
        <TextField
          {...common}
          onChange={(event) => onChange(event.target.value)}
          slotProps={{ htmlInput: { ...common.slotProps.htmlInput, inputMode: definition.kind === 'integer' ? 'numeric' : 'decimal' } }}
        />
      );
    case 'choice':
      return (
        <TextField {...common} select onChange={(event) => onChange(event.target.value)}>
          {!definition.required && <MenuItem value=""><em>—</em></MenuItem>}
          {(definition.choices ?? []).map((choice) => <MenuItem key={choice} value={choice}>{choiceLabel(choice)}</MenuItem>)}
        </TextField>
      );
    default:
      if (options && options.length > 0) {
        return (
          <Autocomplete
            freeSolo
            options={options}
            inputValue={value}
            onInputChange={(_event, text) => onChange(text)}
            size={size}
            renderInput={(params) => (
              <TextField
                {...params}
                label={label}
                error={error !== undefined}
                helperText={error}
                required={definition.required}
                autoFocus={autoFocus}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-field': name } }}
              />
            )}
          />
        );
      }
      return <TextField {...common} onChange={(event) => onChange(event.target.value)} multiline={(definition.maxLength ?? 255) > 255} maxRows={4} />;
  }
}
