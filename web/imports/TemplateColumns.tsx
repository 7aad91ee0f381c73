import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { columnFormat, templateHeader } from '../../common/imports/template.js';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { useSnackbar } from '../app/snackbar/SnackbarProvider.js';
import { downloadTemplate, type ImportMode, importTargetOf } from './import-api.js';
import type { ImportField } from './import-payload.js';
import { useImportErrorText } from './use-import-text.js';

/**
 * What the sheet needs, shown before it is chosen: the import's columns by the names its template gives them, the
 * required ones marked, each saying on hover what it takes; and the template itself, to fill in and upload.
 */
export function TemplateColumns({ resource, mode, companySlug, fields, fieldLabel, choiceLabel, state, onRetry }: {
  resource: ResourceDefinition;
  mode: ImportMode;
  companySlug: string | null;
  fields: readonly ImportField[];
  fieldLabel: (name: string) => string;
  choiceLabel: (field: string, value: string) => string;
  /** How far reading the import's fields got, with the problem when it failed. */
  state: { loading: boolean; error: unknown };
  onRetry: () => void;
}) {
  const intl = useIntl();
  const snackbar = useSnackbar();
  const importErrorText = useImportErrorText();
  const target = importTargetOf(resource, mode);
  const download = useMutation({
    mutationFn: () => downloadTemplate(resource, mode, companySlug ?? '', intl.locale),
    onSuccess: (name) => snackbar.success(intl.formatMessage({ id: 'imports.result.downloaded' }, { name })),
    onError: (error) => snackbar.error(importErrorText(error)),
  });
  const formatText = (field: ImportField) => {
    const format = columnFormat(field.name, { ...field, hsCode: target.fields[field.name]?.hsCode }, choiceLabel);
    return intl.formatMessage({ id: format.key }, format.values);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="template-columns">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' }, mb: 1.5 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="subtitle2" component="h3"><FormattedMessage id="imports.template.title" /></Typography>
          <Typography variant="body2" color="text.secondary"><FormattedMessage id="imports.template.hint" /></Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() => download.mutate()}
          loading={download.isPending}
          disabled={companySlug === null}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          data-testid="template-download"
        >
          <FormattedMessage id="imports.template.download" />
        </Button>
      </Stack>
      {state.error ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={onRetry}><FormattedMessage id="imports.wizard.retry" /></Button>}>
          {importErrorText(state.error)}
        </Alert>
      ) : state.loading ? (
        <Typography variant="body2" color="text.secondary"><FormattedMessage id="imports.mapping.loading" /></Typography>
      ) : (
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}>
          {fields.map((field) => (
            <Box component="li" key={field.name}>
              <Tooltip title={formatText(field)}>
                <Chip
                  size="small"
                  label={templateHeader(fieldLabel(field.name), field.required)}
                  color={field.required ? 'primary' : 'default'}
                  variant={field.required ? 'filled' : 'outlined'}
                  data-testid={`template-column-${field.name}`}
                  data-required={field.required}
                />
              </Tooltip>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
