import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { FieldInput } from '../resources/FieldInput.js';
import type { ImportField } from './import-payload.js';

/** A summary line: what is about to be imported. */
export interface ImportSummary {
  /** The folder set the rows go into. */
  folderSet: string;
  file: string;
  sheet: string;
  headerRows: string;
  /** As the mapping step counts them. */
  mapped: string;
}

/**
 * Step 4: the values of the fields that are the same on every row (all required), and what happens
 * to refused rows: all or nothing by default, or the good rows in and the bad ones reported.
 */
export function ExtraFieldsStep({ fields, fieldLabel, choiceLabel, values, problems, onChange, keepPosting, onKeepPosting, summary, submitError }: {
  fields: readonly ImportField[];
  fieldLabel: (name: string) => string;
  choiceLabel: (field: string, value: string) => string;
  values: Record<string, string>;
  problems: Record<string, string>;
  onChange: (field: string, value: string) => void;
  keepPosting: boolean;
  onKeepPosting: (keep: boolean) => void;
  summary: ImportSummary;
  submitError: string | null;
}) {
  const intl = useIntl();
  return (
    <Stack spacing={3} sx={{ maxWidth: 860, mx: 'auto', width: '100%' }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}><FormattedMessage id="imports.extra.title" /></Typography>
        {fields.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="extra-none"><FormattedMessage id="imports.extra.none" /></Typography>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}><FormattedMessage id="imports.extra.hint" /></Typography>
            <Grid container spacing={2}>
              {fields.map((field, index) => (
                <Grid key={field.name} size={{ xs: 12, sm: 6 }}>
                  <FieldInput
                    name={field.name}
                    definition={{ kind: field.kind, required: true, choices: field.choices, maxLength: field.maxLength }}
                    label={fieldLabel(field.name)}
                    value={values[field.name] ?? ''}
                    onChange={(value) => onChange(field.name, value)}
                    error={problems[field.name]}
                    choiceLabel={(value) => choiceLabel(field.name, value)}
                    autoFocus={index === 0}
                  />
                </Grid>
              ))}
            </Grid>
          </>
        )}
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}><FormattedMessage id="imports.extra.refusedTitle" /></Typography>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Switch checked={keepPosting} onChange={(event) => onKeepPosting(event.target.checked)} slotProps={{ input: { role: 'switch' } }} data-testid="keep-posting" />}
          label={intl.formatMessage({ id: 'imports.extra.keepPosting' })}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          <FormattedMessage id={keepPosting ? 'imports.extra.keepPostingOn' : 'imports.extra.keepPostingOff'} />
        </Typography>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}><FormattedMessage id="imports.extra.summary" /></Typography>
        <Grid container spacing={1} component="dl" sx={{ m: 0 }}>
          {([
            ['folderSet', summary.folderSet],
            ['file', summary.file],
            ['sheet', summary.sheet],
            ['headerRows', summary.headerRows],
            ['mapped', summary.mapped],
          ] as const).map(([key, value]) => (
            <Grid key={key} size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', gap: 1 }}>
              <Typography component="dt" variant="body2" color="text.secondary"><FormattedMessage id={`imports.extra.summaryItems.${key}`} /></Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }} data-testid={`summary-${key}`}>{value}</Typography>
            </Grid>
          ))}
        </Grid>
      </Paper>

      {submitError && <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} data-testid="import-error">{submitError}</Alert>}
    </Stack>
  );
}
