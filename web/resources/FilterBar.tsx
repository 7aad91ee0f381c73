import AddOutlined from '@mui/icons-material/AddOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FieldDefinition, ResourceDefinition } from '../../common/resources/define.js';
import { DateField } from '../app/i18n/DateField.js';
import type { ResourceLabels } from './labels.js';
import { type FilterCondition, type FilterOperator, operatorsFor } from './list-query.js';

let nextConditionId = 0;

/** A new condition on the first field, or the field given. */
export function newCondition(resource: ResourceDefinition, field?: string): FilterCondition {
  const name = field ?? Object.keys(resource.fields)[0] ?? '';
  nextConditionId += 1;
  return { id: `condition-${nextConditionId}`, field: name, operator: 'eq', values: [] };
}

function ValueInput({ condition, definition, label, options, choiceLabel, onChange }: {
  condition: FilterCondition;
  definition: FieldDefinition;
  label: string;
  options: readonly string[];
  choiceLabel: (value: string) => string;
  onChange: (values: string[]) => void;
}) {
  const intl = useIntl();
  const valueLabel = intl.formatMessage({ id: 'table.filter.value' });
  const inputProps = { 'aria-label': `${label}: ${valueLabel}`, 'data-testid': 'filter-value' };
  if (condition.operator === 'in') {
    const known = definition.kind === 'choice' ? [...(definition.choices ?? [])] : [...options];
    return (
      <Autocomplete
        multiple
        freeSolo={definition.kind !== 'choice'}
        size="small"
        options={known}
        value={condition.values}
        onChange={(_event, values) => onChange(values)}
        getOptionLabel={(option) => (definition.kind === 'choice' ? choiceLabel(option) : option)}
        renderValue={(values, getItemProps) => values.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={definition.kind === 'choice' ? choiceLabel(option) : option} {...itemProps} />;
        })}
        renderInput={(params) => (
          <TextField
            {...params}
            label={valueLabel}
            placeholder={condition.values.length === 0 ? intl.formatMessage({ id: 'table.filter.typeAndEnter' }) : undefined}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, ...inputProps } }}
          />
        )}
        sx={{ minWidth: 240, flexGrow: 1 }}
      />
    );
  }
  const value = condition.values[0] ?? '';
  const set = (next: string) => onChange(next === '' ? [] : [next]);
  if (condition.operator === 'empty') {
    return (
      <TextField select size="small" label={valueLabel} value={value === 'false' ? 'false' : 'true'} onChange={(event) => onChange([event.target.value])} slotProps={{ htmlInput: inputProps }} sx={{ minWidth: 200 }}>
        <MenuItem value="true"><FormattedMessage id="table.filter.isEmpty" /></MenuItem>
        <MenuItem value="false"><FormattedMessage id="table.filter.isFilled" /></MenuItem>
      </TextField>
    );
  }
  if (condition.operator === 'between') {
    const bound = (index: 0 | 1, labelId: string) => {
      const boundLabel = intl.formatMessage({ id: labelId });
      const change = (text: string) => { const next = [condition.values[0] ?? '', condition.values[1] ?? '']; next[index] = text; onChange(next); };
      const testId = `filter-value-${index === 0 ? 'from' : 'to'}`;
      if (definition.kind === 'date') {
        return <DateField label={boundLabel} value={condition.values[index] ?? ''} onChange={change} htmlInput={{ 'aria-label': `${label}: ${boundLabel}`, 'data-testid': testId }} sx={{ width: 190 }} />;
      }
      return (
        <TextField
          size="small"
          type="number"
          label={boundLabel}
          value={condition.values[index] ?? ''}
          onChange={(event) => change(event.target.value)}
          slotProps={{ htmlInput: { 'aria-label': `${label}: ${boundLabel}`, 'data-testid': testId, step: 'any' }, inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
      );
    };
    return <Stack direction="row" spacing={1}>{bound(0, 'table.filter.from')}{bound(1, 'table.filter.to')}</Stack>;
  }
  if (definition.kind === 'choice') {
    return (
      <TextField select size="small" label={valueLabel} value={value} onChange={(event) => set(event.target.value)} slotProps={{ htmlInput: inputProps }} sx={{ minWidth: 200 }}>
        {(definition.choices ?? []).map((choice) => <MenuItem key={choice} value={choice}>{choiceLabel(choice)}</MenuItem>)}
      </TextField>
    );
  }
  if (definition.kind === 'date') {
    return <DateField label={valueLabel} value={value} onChange={set} htmlInput={inputProps} sx={{ width: 200 }} />;
  }
  if (definition.kind === 'decimal' || definition.kind === 'integer') {
    return (
      <TextField
        size="small"
        type="number"
        label={valueLabel}
        value={value}
        onChange={(event) => set(event.target.value)}
        slotProps={{ htmlInput: { ...inputProps, step: 'any' }, inputLabel: { shrink: true } }}
        sx={{ width: 200 }}
      />
    );
  }
  return (
    <Autocomplete
      freeSolo
      size="small"
      options={[...options]}
      inputValue={value}
      onInputChange={(_event, text) => set(text)}
      renderInput={(params) => (
        <TextField {...params} label={valueLabel} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, ...inputProps } }} />
      )}
      sx={{ minWidth: 220, flexGrow: 1, maxWidth: 360 }}
    />
  );
}

/**
 * The filter bar: conditions of a field, an operator and a value, all applied together. Inputs
 * follow the field's kind, and fields with distinct values offer them.
 */
export function FilterBar({ resource, labels, conditions, selectable, onChange }: {
  resource: ResourceDefinition;
  labels: ResourceLabels;
  conditions: readonly FilterCondition[];
  selectable: Record<string, ReadonlyArray<string | number>> | undefined;
  onChange: (conditions: FilterCondition[]) => void;
}) {
  const intl = useIntl();
  const fieldNames = Object.keys(resource.fields);
  const replace = (id: string, change: Partial<FilterCondition>) =>
    onChange(conditions.map((condition) => (condition.id === id ? { ...condition, ...change } : condition)));
  const operatorLabel = (operator: FilterOperator) => intl.formatMessage({ id: `table.filter.operators.${operator}` });

  return (
    <Stack spacing={1.5} role="group" aria-label={intl.formatMessage({ id: 'table.filter.title' })} data-testid="filter-bar">
      {conditions.map((condition) => {
        const definition = resource.fields[condition.field];
        if (!definition) return null;
        const operators = operatorsFor(definition);
        const options = (selectable?.[condition.field] ?? []).map(String);
        const fieldLabel = labels.field(condition.field);
        return (
          <Stack key={condition.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }} data-testid="filter-condition">
            <TextField
              select
              size="small"
              label={<FormattedMessage id="table.filter.field" />}
              value={condition.field}
              onChange={(event) => {
                const next = resource.fields[event.target.value];
                const operator = next && operatorsFor(next).includes(condition.operator) ? condition.operator : 'eq';
                replace(condition.id, { field: event.target.value, operator, values: [] });
              }}
              slotProps={{ htmlInput: { 'data-testid': 'filter-field' } }}
              sx={{ minWidth: 200 }}
            >
              {fieldNames.map((name) => <MenuItem key={name} value={name}>{labels.field(name)}</MenuItem>)}
            </TextField>
            <TextField
              select
              size="small"
              label={<FormattedMessage id="table.filter.operator" />}
              value={condition.operator}
              onChange={(event) => {
                const operator = event.target.value as FilterOperator;
                replace(condition.id, { operator, values: operator === 'in' || operator === 'between' ? condition.values : operator === 'empty' ? ['true'] : condition.values.slice(0, 1) });
              }}
              slotProps={{ htmlInput: { 'data-testid': 'filter-operator' } }}
              sx={{ minWidth: 150 }}
            >
              {operators.map((operator) => <MenuItem key={operator} value={operator}>{operatorLabel(operator)}</MenuItem>)}
            </TextField>
            <ValueInput
              // One value or several are different inputs: a new operator or field starts a fresh one.
              key={`${condition.field}:${condition.operator === 'in' || condition.operator === 'between' || condition.operator === 'empty' ? condition.operator : 'one'}`}
              condition={condition}
              definition={definition}
              label={fieldLabel}
              options={options}
              choiceLabel={(value) => labels.choice(condition.field, value)}
              onChange={(values) => replace(condition.id, { values })}
            />
            <Box>
              <Tooltip title={intl.formatMessage({ id: 'table.filter.remove' })}>
                <IconButton
                  onClick={() => onChange(conditions.filter((other) => other.id !== condition.id))}
                  aria-label={intl.formatMessage({ id: 'table.filter.removeOf' }, { field: fieldLabel })}
                >
                  <CloseOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          </Stack>
        );
      })}
      <Stack direction="row" spacing={1}>
        <Button size="small" startIcon={<AddOutlined />} onClick={() => onChange([...conditions, newCondition(resource)])} data-testid="add-filter">
          <FormattedMessage id="table.filter.add" />
        </Button>
        {conditions.length > 0 && (
          <Button size="small" color="inherit" onClick={() => onChange([])}>
            <FormattedMessage id="table.filter.clear" />
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
