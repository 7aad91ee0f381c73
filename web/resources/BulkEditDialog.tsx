import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { ApiError } from '../app/api.js';
import { useErrorText } from '../app/session/error-text.js';
import { useSnackbar } from '../app/snackbar/SnackbarProvider.js';
import { type CellValue, parseFieldInput } from './field-values.js';
import { FieldInput } from './FieldInput.js';
import type { ResourceLabels } from './labels.js';
import { resourceQueryKey, updateRows } from './resource-api.js';
import { failedIdsOfDetail } from './table-state.js';
import { useValidationText } from './validation-text.js';

/** Sets one field to one value on every selected row, in one request. */
export function BulkEditDialog({ resource, companySlug, ids, labels, selectable, onClose }: {
  resource: ResourceDefinition;
  companySlug: string;
  ids: readonly number[];
  labels: ResourceLabels;
  selectable: Record<string, ReadonlyArray<string | number>> | undefined;
  onClose: () => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const validationText = useValidationText();
  const fieldNames = Object.keys(resource.fields);
  const [field, setField] = useState(fieldNames[0] ?? '');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const definition = resource.fields[field];

  const apply = useMutation({
    mutationFn: (next: CellValue) => updateRows(resource, companySlug, ids.map((id) => ({ id, [field]: next }))),
    onSuccess: async (answer) => {
      snackbar.success(intl.formatMessage({ id: 'table.bulkEdit.done' }, { count: answer.updated }));
      await queryClient.invalidateQueries({ queryKey: resourceQueryKey(resource) });
      onClose();
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.code === 'partial_update') {
        // Some rows took the value: show them, and say which did not (the spec's message, one id per line).
        await queryClient.invalidateQueries({ queryKey: resourceQueryKey(resource) });
        const failed = failedIdsOfDetail(error.message);
        setFormError(`${intl.formatMessage({ id: 'table.bulkEdit.partial' }, { count: failed.length })}\n${failed.join('\n')}`);
      } else if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setFormError(Object.entries(error.fields).map(([name, list]) => validationText.server(resource.fields[name], list)).join(' '));
      } else {
        setFormError(errorText(error));
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!definition) return;
    const parsed = parseFieldInput(definition, value);
    if (!parsed.ok) {
      setFieldError(validationText.problem(definition, parsed.problem));
      return;
    }
    setFieldError(undefined);
    setFormError(null);
    apply.mutate(parsed.value);
  };

  return (
    <Dialog open onClose={apply.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="bulk-edit-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="bulk-edit-title"><FormattedMessage id="table.bulkEdit.title" values={{ count: ids.length }} /></DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}><FormattedMessage id="table.bulkEdit.text" /></DialogContentText>
          <Stack spacing={2}>
            <TextField
              select
              size="small"
              label={<FormattedMessage id="table.filter.field" />}
              value={field}
              onChange={(event) => { setField(event.target.value); setValue(''); setFieldError(undefined); }}
            >
              {fieldNames.map((name) => <MenuItem key={name} value={name}>{labels.field(name)}</MenuItem>)}
            </TextField>
            {definition && (
              <FieldInput
                key={field}
                name={field}
                definition={definition}
                label={<FormattedMessage id="table.bulkEdit.value" />}
                value={value}
                onChange={(text) => { setValue(text); setFieldError(undefined); }}
                error={fieldError}
                options={definition.selectable ? (selectable?.[field] ?? []).map(String) : undefined}
                choiceLabel={(choice) => labels.choice(field, choice)}
              />
            )}
          </Stack>
          {formError && <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }}>{formError}</Alert>}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={apply.isPending}><FormattedMessage id="table.cancel" /></Button>
          <Button type="submit" variant="contained" loading={apply.isPending}><FormattedMessage id="table.bulkEdit.submit" values={{ count: ids.length }} /></Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
