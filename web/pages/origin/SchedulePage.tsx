import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type AgreementCode, agreementCodes, agreements } from '../../../common/agreements.js';
import { formatCode } from '../../../common/hs/code.js';
import { type ScheduleAnswer, type ScheduleRequest, priceOptions, scheduleRequestSchema } from '../../../common/origin/schemas.js';
import { ApiError } from '../../app/api.js';
import { usePageMeta } from '../../app/page-effects.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSession } from '../../app/session/SessionProvider.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { type ExportLine, computeSchedule, deleteSavedSchedule, listExportLines, saveSchedule, scheduleHistory } from './origin-api.js';

const costFields = ['domestic_expenses', 'freight', 'insurance', 'oversea_expenses', 'imported_expenses', 'user_input', 'price_input'] as const;
type CostField = (typeof costFields)[number];

/** An origin schedule (bảng kê): an export line, an agreement and a price policy in; materials, evidence and verdicts out. */
export function SchedulePage() {
  usePageMeta('origin.title');
  const intl = useIntl();
  const errorText = useErrorText();
  const { company, folderSlug } = useSession();
  const folderSet = company?.folder_set.find((set) => set.slug === folderSlug) ?? company?.folder_set[0];
  const scope = { company_slug: company?.slug ?? '', folder_slug: folderSet?.slug ?? '' };
  const [search, setSearch] = useState('');
  const [line, setLine] = useState<ExportLine | null>(null);
  const [option, setOption] = useState<AgreementCode>('ATIGA');
  const [priceOption, setPriceOption] = useState<ScheduleRequest['price_option']>('high_price');
  const [criteria, setCriteria] = useState('');
  const [costs, setCosts] = useState<Record<CostField, string>>(() => Object.fromEntries(costFields.map((field) => [field, '0'])) as Record<CostField, string>);
  const [costErrors, setCostErrors] = useState<Partial<Record<CostField, string>>>({});
  const [overrides, setOverrides] = useState<Record<string, 'originated' | 'non_originated'>>({});

  const lines = useQuery({
    queryKey: ['origin', 'export-lines', scope, search],
    queryFn: () => listExportLines(scope, search),
    enabled: scope.company_slug !== '' && scope.folder_slug !== '',
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const schedule = useMutation({ mutationFn: computeSchedule });
  const history = useQuery({ queryKey: ['origin', 'history', scope], queryFn: () => scheduleHistory(scope), enabled: scope.company_slug !== '' && scope.folder_slug !== '' });
  const canSave = company?.role === 'owner' || company?.role === 'admin' || company?.role === 'member';
  const save = useMutation({
    mutationFn: saveSchedule,
    onSuccess: async (answer) => {
      schedule.reset();
      setSaved(answer);
      snackbar.success(intl.formatMessage({ id: 'origin.history.saved' }));
      await queryClient.invalidateQueries({ queryKey: ['origin', 'history'] });
    },
    onError: (error) => snackbar.error(errorText(error)),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteSavedSchedule(scope, id),
    onSuccess: async () => { snackbar.success(intl.formatMessage({ id: 'origin.history.deleted' })); await queryClient.invalidateQueries({ queryKey: ['origin', 'history'] }); },
    onError: (error) => snackbar.error(errorText(error)),
  });
  const [saved, setSaved] = useState<ScheduleAnswer | null>(null);

  const request = (nextOverrides = overrides): ScheduleRequest | null => {
    if (!line) return null;
    const parsed = scheduleRequestSchema.safeParse({
      ...scope, id: line.id, option, price_option: priceOption, ...(criteria.trim() ? { criteria: criteria.trim() } : {}),
      ...Object.fromEntries(costFields.map((field) => [field, costs[field].trim() === '' ? undefined : Number(costs[field])])),
      overrides: Object.entries(nextOverrides).map(([material_code, origin_option]) => ({ material_code, origin_option })),
    });
    if (!parsed.success) {
      setCostErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), intl.formatMessage({ id: String(issue.path[0]) === 'imported_expenses' ? 'origin.costs.requiredNotNegative' : 'origin.costs.required' })])));
      return null;
    }
    setCostErrors({});
    return parsed.data;
  };
  const submit = (event?: FormEvent, nextOverrides = overrides) => {
    event?.preventDefault();
    const body = request(nextOverrides);
    if (body) { setSaved(null); schedule.mutate(body); }
  };
  const toggleOrigin = (code: string, originated: boolean) => {
    const next = { ...overrides, [code]: originated ? 'originated' as const : 'non_originated' as const };
    setOverrides(next);
    submit(undefined, next);
  };

  if (!company || !folderSet) return <Alert severity="info"><FormattedMessage id="statements.noFolderSet" /></Alert>;
  const answer = schedule.data;
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h4" component="h1"><FormattedMessage id="origin.title" /></Typography>
        <Typography color="text.secondary"><FormattedMessage id="origin.text" /></Typography>
      </Box>
      <Card component="form" onSubmit={submit} noValidate>
        <CardContent>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Autocomplete
                options={lines.data?.results ?? []} value={line} onChange={(_event, value) => { setLine(value); setOverrides({}); }}
                onInputChange={(_event, value, reason) => { if (reason === 'input') setSearch(value); }}
                getOptionLabel={(option) => `${option.account_number} · ${option.code} · ${option.registered_date}`}
                isOptionEqualToValue={(a, b) => a.id === b.id} filterOptions={(options) => options} loading={lines.isFetching}
                renderOption={(props, option) => (
                  <li {...props} key={option.id}>
                    <Box>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>{option.code} — {option.item_name}</Typography>
                      <Typography variant="caption" color="text.secondary">{option.account_number} · {option.type_code} · {option.registered_date} · {option.total} {option.unit}</Typography>
                    </Box>
                  </li>
                )}
                renderInput={(params) => <TextField {...params} required label={intl.formatMessage({ id: 'origin.exportLine' })} />}
                noOptionsText={intl.formatMessage({ id: 'origin.noExportLines' })}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <TextField select fullWidth label={intl.formatMessage({ id: 'origin.agreement' })} value={option} onChange={(event) => setOption(event.target.value as AgreementCode)} data-testid="agreement">
                {agreementCodes.map((code) => <MenuItem key={code} value={code}>{agreements[code].name}</MenuItem>)}
              </TextField>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <TextField select fullWidth label={intl.formatMessage({ id: 'origin.priceOption' })} value={priceOption} onChange={(event) => setPriceOption(event.target.value as ScheduleRequest['price_option'])}>
                {priceOptions.map((value) => <MenuItem key={value} value={value}><FormattedMessage id={`origin.priceOptions.${value}`} /></MenuItem>)}
              </TextField>
            </Grid>
            {costFields.map((field) => (
              <Grid key={field} size={{ xs: 6, sm: 4, md: 3 }}>
                <TextField fullWidth type="number" required label={intl.formatMessage({ id: `origin.costs.${field}` })} value={costs[field]}
                  onChange={(event) => setCosts({ ...costs, [field]: event.target.value })} error={costErrors[field] !== undefined} helperText={costErrors[field]}
                  slotProps={{ htmlInput: { min: 0, step: 'any' } }} />
              </Grid>
            ))}
            <Grid size={{ xs: 6, sm: 4, md: 3 }}>
              <TextField fullWidth label={intl.formatMessage({ id: 'origin.criteria' })} value={criteria} onChange={(event) => setCriteria(event.target.value)} helperText={intl.formatMessage({ id: 'origin.criteriaHelp' })} />
            </Grid>
          </Grid>
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            {canSave && (
              <Button variant="outlined" loading={save.isPending} disabled={!line} onClick={() => { const body = request(); if (body) save.mutate(body); }} data-testid="save-schedule">
                <FormattedMessage id="origin.history.save" />
              </Button>
            )}
            <Button type="submit" variant="contained" loading={schedule.isPending} disabled={!line} data-testid="compute-schedule"><FormattedMessage id="origin.compute" /></Button>
          </Stack>
        </CardContent>
      </Card>
      {schedule.isError && <Alert severity="error">{errorText(schedule.error)}{schedule.error instanceof ApiError && schedule.error.fields.id ? ` ${schedule.error.fields.id.join(' ')}` : ''}</Alert>}
      {(answer ?? saved) && <ScheduleView answer={(answer ?? saved)!} onToggle={toggleOrigin} />}
      {history.data && history.data.results.length > 0 && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}><FormattedMessage id="origin.history.title" /></Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}><FormattedMessage id="origin.history.text" /></Typography>
            <Table size="small" data-testid="schedule-history">
              <TableBody>
                {history.data.results.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell>{intl.formatDate(entry.created_at, { dateStyle: 'medium', timeStyle: 'short' })}</TableCell>
                    <TableCell>{lines.data?.results.find((candidate) => candidate.id === entry.ecus_id)?.account_number ?? `#${entry.ecus_id}`}</TableCell>
                    <TableCell>{agreements[entry.option].name}</TableCell>
                    <TableCell><Chip size="small" color={entry.fulfill_criteria ? 'success' : 'warning'} label={<FormattedMessage id={entry.fulfill_criteria ? 'origin.reasons.met' : 'origin.reasons.not_met'} />} /></TableCell>
                    <TableCell align="right">{canSave && <Button size="small" color="error" onClick={() => remove.mutate(entry.id)}><FormattedMessage id="origin.history.delete" /></Button>}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}

function ScheduleView({ answer, onToggle }: { answer: ScheduleAnswer; onToggle: (code: string, originated: boolean) => void }) {
  const intl = useIntl();
  const number = (value: number | string | null, digits = 4) => (value === null ? '' : intl.formatNumber(Number(value), { maximumFractionDigits: digits }));
  return (
    <Stack spacing={2} data-testid="schedule">
      <Alert severity={answer.fulfill_criteria ? 'success' : 'warning'} icon={false}>
        <Typography sx={{ fontWeight: 700 }}>
          <FormattedMessage id={answer.fulfill_criteria ? 'origin.verdict.met' : 'origin.verdict.notMet'} values={{ agreement: agreements[answer.agreement].name, product: answer.product.code }} />
        </Typography>
        <Typography variant="body2">
          <FormattedMessage id="origin.rule" values={{ rule: answer.rule.text || '—', hs: answer.rule.hs ? formatCode(answer.rule.hs) : '', general: String(answer.rule.general) }} />
          {answer.rule.manual && <> <FormattedMessage id="origin.ruleManual" /></>}
        </Typography>
      </Alert>
      <Grid container spacing={2}>
        {([
          ['total', answer.total], ['exw', answer.exw], ['sum_of_no_fta_origin_cost', answer.sum_of_no_fta_origin_cost], ['sum_of_has_fta_origin_cost', answer.sum_of_has_fta_origin_cost],
        ] as const).map(([key, value]) => (
          <Grid key={key} size={{ xs: 6, md: 3 }}>
            <Card variant="outlined"><CardContent>
              <Typography variant="caption" color="text.secondary"><FormattedMessage id={`origin.figures.${key}`} /></Typography>
              <Typography variant="h5" component="p" data-testid={`figure-${key}`}>{number(value)}</Typography>
            </CardContent></Card>
          </Grid>
        ))}
      </Grid>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}><FormattedMessage id="origin.criteriaResults" /></Typography>
          <Stack spacing={1}>
            {answer.criteria_results.map((result, index) => (
              <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="criterion">
                <Chip size="small" variant="outlined" label={intl.formatMessage({ id: 'origin.alternative' }, { n: result.alternative + 1 })} />
                <Typography sx={{ fontWeight: 600 }}>{result.criterion}</Typography>
                <Typography variant="body2">{result.value !== null && `${number(result.value, 2)} %`}{result.threshold !== null && ` (${intl.formatMessage({ id: 'origin.threshold' })} ${number(result.threshold, 2)} %)`}</Typography>
                <Chip size="small" color={result.pass ? 'success' : result.reason === 'manual' ? 'default' : 'error'} label={<FormattedMessage id={`origin.reasons.${result.reason}`} />} />
                {result.failing_materials && result.failing_materials.length > 0 && <Typography variant="caption" color="text.secondary"><FormattedMessage id="origin.failing" values={{ codes: result.failing_materials.join(', ') }} /></Typography>}
              </Stack>
            ))}
            {answer.criteria_results.length === 0 && <Typography color="text.secondary"><FormattedMessage id="origin.noCriteria" /></Typography>}
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>{answer.formula}</Typography>
        </CardContent>
      </Card>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {['material', 'hs', 'norm', 'unitPrice', 'origin', 'evidence', 'originating', 'nonOriginating'].map((key) => <TableCell key={key}><FormattedMessage id={`origin.columns.${key}`} /></TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.results.map((row) => (
              <TableRow key={row.material_code} hover>
                <TableCell><Typography variant="body2" sx={{ fontWeight: 600 }}>{row.material_code}</Typography><Typography variant="caption" color="text.secondary">{row.material_name}</Typography></TableCell>
                <TableCell>{row.hs ? formatCode(row.hs) : ''}</TableCell>
                <TableCell align="right">{number(row.bom_value, 6)} {row.material_unit}</TableCell>
                <TableCell align="right">{row.unit_price === null ? <Typography variant="caption" color="warning.dark">{row.note_price}</Typography> : number(row.unit_price)}</TableCell>
                <TableCell>
                  <Stack direction="row" sx={{ alignItems: 'center' }}>
                    <Switch size="small" checked={row.origin_option === 'originated'} onChange={(event) => onToggle(row.material_code, event.target.checked)}
                      slotProps={{ input: { 'aria-label': intl.formatMessage({ id: 'origin.toggle' }, { code: row.material_code }) } }} />
                    <FormattedMessage id={`origin.originOptions.${row.origin_option}`} />
                  </Stack>
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{row.account_number} {row.registered_date && `(${row.registered_date})`}</Typography>
                  <Typography variant="caption" color="text.secondary">{[row.from_country, row.co_form && `C/O ${row.co_form}`, row.reference_no].filter(Boolean).join(' · ')}</Typography>
                </TableCell>
                <TableCell align="right">{number(row.has_fta_origin_cost)}</TableCell>
                <TableCell align="right">{number(row.no_fta_origin_cost)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
