import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AutofillSource, FieldDefinition, ResourceDefinition } from '../../common/resources/define.js';
import { ApiError } from '../app/api.js';
import { useErrorText } from '../app/session/error-text.js';
import { useSnackbar } from '../app/snackbar/SnackbarProvider.js';
import { type CellValue, parseFieldInput } from './field-values.js';
import { FieldInput } from './FieldInput.js';
import type { ResourceLabels } from './labels.js';
import { autofill, createRow, resourceQueryKey } from './resource-api.js';
import { type AutofillMatch, autofillSourceOf, autofillValues } from './table-state.js';
import { useDebounced } from './use-debounced.js';
import { useValidationText } from './validation-text.js';

type Scope = { companySlug: string; folderSlug: string };

/** A code input that offers the codes already recorded, and fills the name and unit of the one picked. */
function AutofillInput({ resource, scope, source, definition, label, value, error, onInput, onPick, autoFocus }: {
  resource: ResourceDefinition;
  scope: Scope;
  source: AutofillSource;
  definition: FieldDefinition;
  label: string;
  value: string;
  error?: string;
  onInput: (value: string) => void;
  onPick: (values: Record<string, string>) => void;
  autoFocus?: boolean;
}) {
  const intl = useIntl();
  const prefix = useDebounced(value.trim(), 300);
  const matches = useQuery({
    queryKey: [...resourceQueryKey(resource), 'autofill', scope.companySlug, scope.folderSlug, prefix],
    queryFn: ({ signal }) => autofill(resource, scope, prefix, signal),
    enabled: prefix !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // A suggestion that comes late is no help: no second attempt.
    retry: false,
  });
  const options = prefix === '' ? [] : matches.data ?? [];
  return (
    <Autocomplete<AutofillMatch, false, false, true>
      freeSolo
      size="small"
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.code)}
      inputValue={value}
      onInputChange={(_event, text, reason) => { if (reason !== 'reset') onInput(text); }}
      onChange={(_event, option) => { if (option && typeof option !== 'string') onPick(autofillValues(source, option)); }}
      loading={matches.isFetching}
      loadingText={<FormattedMessage id="table.autofill.loading" />}
      renderOption={(props, option) => {
        const { key, ...optionProps } = props;
        const name = autofillValues(source, option)[source.name];
        const unit = source.unit ? autofillValues(source, option)[source.unit] : undefined;
        return (
          <Box component="li" key={key} {...optionProps} data-testid="autofill-option">
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>{option.code}</Typography>
              {(name || unit) && (
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {[name, unit].filter(Boolean).join(' · ')}
                </Typography>
              )}
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={definition.required}
          autoFocus={autoFocus}
          error={error !== undefined}
          helperText={error ?? (options.length > 0 ? intl.formatMessage({ id: 'table.autofill.hint' }) : undefined)}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-field': source.code } }}
        />
      )}
    />
  );
}

/** Long texts take a whole row of the form; the rest sit two to a row on wide screens. */
const isWide = (definition: FieldDefinition) => definition.kind === 'text' && (definition.maxLength ?? 255) > 255;

/**
 * The add-row form: every field of the table by its kind, required ones first marked, code fields
 * with autofill. A refused row keeps what was typed and shows the server's reasons at the fields.
 */
export function AddRowDialog({ resource, scope, labels, selectable, onClose }: {
  resource: ResourceDefinition;
  scope: Scope;
  labels: ResourceLabels;
  selectable: Record<string, ReadonlyArray<string | number>> | undefined;
  onClose: () => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const validationText = useValidationText();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fields = Object.entries(resource.fields);

  const create = useMutation({
    mutationFn: (body: Record<string, CellValue>) => createRow(resource, scope, body),
    onSuccess: async () => {
      snackbar.success(intl.formatMessage({ id: 'table.add.done' }));
      await queryClient.invalidateQueries({ queryKey: resourceQueryKey(resource) });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        const known = Object.entries(error.fields).filter(([field]) => field in resource.fields);
        setErrors(Object.fromEntries(known.map(([field, messages]) => [field, validationText.server(resource.fields[field], messages)])));
        const other = Object.entries(error.fields).filter(([field]) => !(field in resource.fields)).flatMap(([, messages]) => messages);
        setFormError(other.length > 0 ? other.join(' ') : known.length === 0 ? errorText(error) : null);
      } else {
        setFormError(errorText(error));
      }
    },
  });

  const set = (changes: Record<string, string>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in changes))));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, CellValue> = {};
    const problems: Record<string, string> = {};
    for (const [name, definition] of fields) {
      const parsed = parseFieldInput(definition, values[name] ?? '');
      if (!parsed.ok) problems[name] = validationText.problem(definition, parsed.problem);
      else body[name] = parsed.value;
    }
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length === 0) create.mutate(body);
  };

  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="add-row-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-row-title"><FormattedMessage id="table.add.title" values={{ table: labels.title }} /></DialogTitle>
        <DialogContent dividers>
          <Grid container spacing={2}>
            {fields.map(([name, definition], index) => {
              const source = autofillSourceOf(resource, name);
              const autoFocus = index === 0;
              return (
                <Grid key={name} size={{ xs: 12, sm: isWide(definition) ? 12 : 6 }}>
                  {source ? (
                    <AutofillInput
                      resource={resource}
                      scope={scope}
                      source={source}
                      definition={definition}
                      label={labels.field(name)}
                      value={values[name] ?? ''}
                      error={errors[name]}
                      onInput={(text) => set({ [name]: text })}
                      onPick={set}
                      autoFocus={autoFocus}
                    />
                  ) : (
                    <FieldInput
                      name={name}
                      definition={definition}
                      label={labels.field(name)}
                      value={values[name] ?? ''}
                      onChange={(text) => set({ [name]: text })}
                      error={errors[name]}
                      options={definition.selectable ? (selectable?.[name] ?? []).map(String) : undefined}
                      choiceLabel={(value) => labels.choice(name, value)}
                      autoFocus={autoFocus}
                    />
                  )}
                </Grid>
              );
            })}
          </Grid>
          {formError && <Alert severity="error" sx={{ mt: 2 }}>{formError}</Alert>}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={create.isPending}><FormattedMessage id="table.cancel" /></Button>
          <Button type="submit" variant="contained" loading={create.isPending} data-testid="add-row-submit"><FormattedMessage id="table.add.submit" /></Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
