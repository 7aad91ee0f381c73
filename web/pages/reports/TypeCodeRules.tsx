import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ruleColumns, statementForms, type TypeCodeRule } from '../../../common/statements/schemas.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { fetchTypeCodeRules, revertTypeCodeRule, setTypeCodeRule } from './report-api.js';

const regimes = ['SXXK', 'GC', 'DNCX'] as const;

/** Which statement column each declaration type code feeds: the presets of Decision 1357, and the company's own choices. */
export function TypeCodeRules({ companySlug, regime: initialRegime, canEdit }: { companySlug: string; regime: string; canEdit: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const [regime, setRegime] = useState(regimes.includes(initialRegime as never) ? initialRegime : 'SXXK');
  const [draft, setDraft] = useState<{ type_code: string; form: TypeCodeRule['form']; column: string }>({ type_code: '', form: '15', column: 'take_in' });
  const rules = useQuery({ queryKey: ['reports', 'rules', companySlug, regime], queryFn: () => fetchTypeCodeRules(companySlug, regime) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['reports'] });
  const save = useMutation({
    mutationFn: (rule: Omit<TypeCodeRule, 'source'>) => setTypeCodeRule(companySlug, rule),
    onSuccess: async (rule) => { snackbar.success(intl.formatMessage({ id: 'statements.rules.saved' }, { code: rule.type_code })); setDraft((current) => ({ ...current, type_code: '' })); await refresh(); },
    onError: (error) => snackbar.error(errorText(error)),
  });
  const revert = useMutation({
    mutationFn: (rule: TypeCodeRule) => revertTypeCodeRule(companySlug, rule),
    onSuccess: async () => { snackbar.success(intl.formatMessage({ id: 'statements.rules.reverted' })); await refresh(); },
    onError: (error) => snackbar.error(errorText(error)),
  });
  const columnLabel = (column: string) => intl.formatMessage({ id: column === 'ignore' ? 'statements.rules.ignore' : `statements.columns.${column}` });

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary"><FormattedMessage id="statements.rules.text" /></Typography>
      <TextField select size="small" label={intl.formatMessage({ id: 'statements.rules.regime' })} value={regime} onChange={(event) => setRegime(event.target.value)} sx={{ width: 200 }}>
        {regimes.map((value) => <MenuItem key={value} value={value}>{value}</MenuItem>)}
      </TextField>
      {canEdit && (
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1.5} noValidate
          onSubmit={(event) => { event.preventDefault(); save.mutate({ regime: regime as TypeCodeRule['regime'], ...draft }); }}>
          <TextField size="small" required label={intl.formatMessage({ id: 'statements.rules.typeCode' })} value={draft.type_code}
            onChange={(event) => setDraft({ ...draft, type_code: event.target.value.toUpperCase() })} slotProps={{ htmlInput: { maxLength: 5 } }} sx={{ width: 140 }} />
          <TextField select size="small" label={intl.formatMessage({ id: 'statements.rules.form' })} value={draft.form}
            onChange={(event) => { const form = event.target.value as TypeCodeRule['form']; setDraft({ ...draft, form, column: ruleColumns[form][0]! }); }} sx={{ width: 140 }}>
            {statementForms.map((form) => <MenuItem key={form} value={form}><FormattedMessage id={`statements.rules.forms.${form}`} /></MenuItem>)}
          </TextField>
          <TextField select size="small" label={intl.formatMessage({ id: 'statements.rules.column' })} value={draft.column}
            onChange={(event) => setDraft({ ...draft, column: event.target.value })} sx={{ minWidth: 220 }}>
            {ruleColumns[draft.form].map((column) => <MenuItem key={column} value={column}>{columnLabel(column)}</MenuItem>)}
          </TextField>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={draft.type_code.trim() === ''}><FormattedMessage id="statements.rules.save" /></Button>
        </Stack>
      )}
      {rules.isPending && <LinearProgress />}
      {rules.isError && <Alert severity="error">{errorText(rules.error)}</Alert>}
      {rules.data && (
        <TableContainer sx={{ maxHeight: '60vh', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell><FormattedMessage id="statements.rules.typeCode" /></TableCell>
                <TableCell><FormattedMessage id="statements.rules.form" /></TableCell>
                <TableCell><FormattedMessage id="statements.rules.column" /></TableCell>
                <TableCell><FormattedMessage id="statements.rules.source" /></TableCell>
                {canEdit && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rules.data.results.map((rule) => (
                <TableRow key={`${rule.type_code}-${rule.form}`}>
                  <TableCell sx={{ fontWeight: 600 }}>{rule.type_code}</TableCell>
                  <TableCell><FormattedMessage id={`statements.rules.forms.${rule.form}`} /></TableCell>
                  <TableCell>{columnLabel(rule.column)}</TableCell>
                  <TableCell><Chip size="small" variant={rule.source === 'company' ? 'filled' : 'outlined'} color={rule.source === 'company' ? 'primary' : 'default'} label={<FormattedMessage id={`statements.rules.sources.${rule.source}`} />} /></TableCell>
                  {canEdit && (
                    <TableCell align="right">
                      {rule.source === 'company' && <Button size="small" onClick={() => revert.mutate(rule)}><FormattedMessage id="statements.rules.revert" /></Button>}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
