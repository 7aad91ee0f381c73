import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
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
import { useSearchParams } from 'react-router';
import { type AgreementCode, agreementCodes, agreements, isAgreementCode } from '../../../common/agreements.js';
import { formatCode } from '../../../common/hs/code.js';
import { criterionFormula, describeCriterion, describeRule, type Translate, unloadedRuleNote } from '../../../common/origin/describe.js';
import { valueKinds } from '../../../common/origin/psr.js';
import { type PerformManualAnswer, type ScheduleAnswer, type ScheduleRequest, priceOptions, scheduleRequestSchema } from '../../../common/origin/schemas.js';
import { ApiError } from '../../app/api.js';
import { formatBusinessDay } from '../../app/i18n/dates.js';
import { usePageMeta } from '../../app/page-effects.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSession } from '../../app/session/SessionProvider.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { type ExportLine, computeSchedule, exportLineById, listExportLines, performManual, saveSchedule, scheduleHistory } from './origin-api.js';
import { ScheduleHistoryCard } from './ScheduleHistoryCard.js';
import { SubjectPicker } from './SubjectPicker.js';

const costFields = ['domestic_expenses', 'freight', 'insurance', 'oversea_expenses', 'imported_expenses', 'user_input', 'price_input'] as const;
type CostField = (typeof costFields)[number];
/** A material's row as the user sets it: an origin decision, a unit value or a quantity per unit, as typed. */
type ManualEdit = { origin_option?: 'originated' | 'non_originated'; unit_price?: string; bom_value?: string };

/** An origin schedule (bảng kê): an export line, an agreement and a price policy in; materials, evidence and verdicts out. */
export function SchedulePage() {
  usePageMeta('origin.title');
  const intl = useIntl();
  const errorText = useErrorText();
  const { company, folderSlug } = useSession();
  const folderSet = company?.folder_set.find((set) => set.slug === folderSlug) ?? company?.folder_set[0];
  const scope = { company_slug: company?.slug ?? '', folder_slug: folderSet?.slug ?? '' };
  const [search, setSearch] = useState('');
  // The line and the agreement are written into the address too: a reload, or a visit to another screen and back,
  // finds them chosen, so the schedule can be saved again after a change of cost, or its documents made again.
  // What the user picks on this visit rules (undefined: nothing yet); the address, updated after it, restores a visit.
  const [params, setParams] = useSearchParams();
  const lineId = Number(params.get('line')) || null;
  const agreementParam = params.get('agreement') ?? '';
  const [picked, setPicked] = useState<ExportLine | null | undefined>(undefined);
  const [chosenOption, setChosenOption] = useState<AgreementCode | undefined>(undefined);
  const option: AgreementCode = chosenOption ?? (isAgreementCode(agreementParam) ? agreementParam : 'ATIGA');
  const remember = (changes: { line?: number | null; agreement?: AgreementCode }) => setParams((current) => {
    const next = new URLSearchParams(current);
    if (changes.line !== undefined) { if (changes.line === null) next.delete('line'); else next.set('line', String(changes.line)); }
    if (changes.agreement !== undefined) next.set('agreement', changes.agreement);
    return next;
  }, { replace: true });
  const [priceOption, setPriceOption] = useState<ScheduleRequest['price_option']>('high_price');
  const [criteria, setCriteria] = useState('');
  const [costs, setCosts] = useState<Record<CostField, string>>(() => Object.fromEntries(costFields.map((field) => [field, '0'])) as Record<CostField, string>);
  const [costErrors, setCostErrors] = useState<Partial<Record<CostField, string>>>({});
  const [manualRows, setManualRows] = useState<Record<string, ManualEdit>>({});
  const [editing, setEditing] = useState(false);
  const [manualError, setManualError] = useState(false);

  const lines = useQuery({
    queryKey: ['origin', 'export-lines', scope, search],
    queryFn: () => listExportLines(scope, search),
    enabled: scope.company_slug !== '' && scope.folder_slug !== '',
    placeholderData: keepPreviousData,
  });
  const restored = useQuery({
    queryKey: ['origin', 'export-line', scope, lineId],
    queryFn: () => exportLineById(scope, lineId!),
    enabled: scope.company_slug !== '' && scope.folder_slug !== '' && lineId !== null && picked === undefined,
  });
  const line = picked !== undefined ? picked : lineId === null ? null : restored.data?.results[0] ?? null;
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  // With rows set by hand the schedule is re-judged on them (perform-manual), the evidence's figures beside it.
  const schedule = useMutation({ mutationFn: (body: ScheduleRequest): Promise<ScheduleAnswer | PerformManualAnswer> => (body.rows && body.rows.length > 0 ? performManual(body) : computeSchedule(body)) });
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
  const [saved, setSaved] = useState<ScheduleAnswer | null>(null);

  const typed = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : Number(value));
  const request = (nextRows = manualRows): ScheduleRequest | null => {
    if (!line) return null;
    const parsed = scheduleRequestSchema.safeParse({
      ...scope, id: line.id, option, price_option: priceOption, ...(criteria.trim() ? { criteria: criteria.trim() } : {}),
      ...Object.fromEntries(costFields.map((field) => [field, typed(costs[field])])),
      rows: Object.entries(nextRows).map(([material_code, edit]) => ({ material_code, origin_option: edit.origin_option, unit_price: typed(edit.unit_price), bom_value: typed(edit.bom_value) })),
    });
    const costIssues = parsed.error?.issues.filter((issue) => issue.path[0] !== 'rows') ?? [];
    setCostErrors(Object.fromEntries(costIssues.map((issue) => [String(issue.path[0]), intl.formatMessage({ id: String(issue.path[0]) === 'imported_expenses' ? 'origin.costs.requiredNotNegative' : 'origin.costs.required' })])));
    setManualError(parsed.error?.issues.some((issue) => issue.path[0] === 'rows') ?? false);
    return parsed.success ? parsed.data : null;
  };
  const submit = (event?: FormEvent, nextRows = manualRows) => {
    event?.preventDefault();
    const body = request(nextRows);
    if (body) { setSaved(null); schedule.mutate(body); }
  };
  const editRow = (code: string, edit: ManualEdit) => setManualRows((current) => ({ ...current, [code]: { ...current[code], ...edit } }));
  const toggleOrigin = (code: string, originated: boolean) => {
    const next = { ...manualRows, [code]: { ...manualRows[code], origin_option: originated ? 'originated' as const : 'non_originated' as const } };
    setManualRows(next);
    submit(undefined, next);
  };
  const backToEvidence = () => { setManualRows({}); setEditing(false); submit(undefined, {}); };

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
              <SubjectPicker scope={scope} value={line} onChange={(next) => { setPicked(next); remember({ line: next?.id ?? null }); setManualRows({}); }}
                lines={{ search, setSearch, results: lines.data?.results ?? [], loading: lines.isFetching }} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <TextField select fullWidth label={intl.formatMessage({ id: 'origin.agreement' })} value={option} onChange={(event) => { const next = event.target.value as AgreementCode; setChosenOption(next); remember({ agreement: next }); }} data-testid="agreement">
                {agreementCodes.map((code) => <MenuItem key={code} value={code}>{agreements[code].name}</MenuItem>)}
              </TextField>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <TextField select fullWidth label={intl.formatMessage({ id: 'origin.priceOption' })} value={priceOption} onChange={(event) => setPriceOption(event.target.value as ScheduleRequest['price_option'])}>
                {priceOptions.map((value) => <MenuItem key={value} value={value}><FormattedMessage id={`origin.priceOptions.${value}`} /></MenuItem>)}
              </TextField>
            </Grid>
            <Grid size={12}>
              <Typography variant="subtitle2" component="h2"><FormattedMessage id="origin.costs.title" /></Typography>
              <Typography variant="body2" color="text.secondary" data-testid="costs-currency">
                <FormattedMessage id={!line ? 'origin.costs.currencyPending' : line.currency ? 'origin.costs.currency' : 'origin.costs.currencyMissing'} values={{ currency: line?.currency }} />
              </Typography>
            </Grid>
            {costFields.map((field) => (
              <Grid key={field} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                <TextField fullWidth type="number" required label={intl.formatMessage({ id: `origin.costs.${field}` })} value={costs[field]} data-testid={`cost-${field}`}
                  onChange={(event) => setCosts({ ...costs, [field]: event.target.value })} error={costErrors[field] !== undefined}
                  helperText={costErrors[field] ?? intl.formatMessage({ id: `origin.costs.help.${field}` })}
                  slotProps={{
                    htmlInput: { min: 0, step: 'any' },
                    input: line?.currency ? { endAdornment: <InputAdornment position="end">{line.currency}</InputAdornment> } : {},
                  }} />
              </Grid>
            ))}
            <Grid size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
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
      {manualError && <Alert severity="error"><FormattedMessage id="origin.manual.invalid" /></Alert>}
      {(answer ?? saved) && (
        <ScheduleView answer={(answer ?? saved)!} onToggle={toggleOrigin}
          manual={answer ? { editing, rows: manualRows, onEdit: editRow, onEditing: setEditing, onApply: () => submit(), onReset: backToEvidence, pending: schedule.isPending } : null} />
      )}
      {history.data && history.data.results.length > 0 && (
        <ScheduleHistoryCard scope={scope} entries={history.data.results} canSave={canSave}
          onRecalculated={(recalculated) => { schedule.reset(); setSaved(recalculated); }} />
      )}
    </Stack>
  );
}

interface ManualControls {
  editing: boolean; rows: Record<string, ManualEdit>; pending: boolean;
  onEdit: (code: string, edit: ManualEdit) => void; onEditing: (editing: boolean) => void; onApply: () => void; onReset: () => void;
}

function ScheduleView({ answer, onToggle, manual }: { answer: ScheduleAnswer | PerformManualAnswer; onToggle: (code: string, originated: boolean) => void; manual: ManualControls | null }) {
  const intl = useIntl();
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  const number = (value: number | string | null, digits = 4) => (value === null ? '' : intl.formatNumber(Number(value), { maximumFractionDigits: digits }));
  const money = (value: number) => [number(value), answer.currency].filter(Boolean).join(' ');
  const agreement = agreements[answer.agreement];
  const unloadedNote = unloadedRuleNote(answer, t);
  const editable = manual?.editing === true;
  const cellInput = (code: string, field: 'unit_price' | 'bom_value', shown: string | null, label: string) => (
    <TextField size="small" type="number" value={manual?.rows[code]?.[field] ?? shown ?? ''} onChange={(event) => manual?.onEdit(code, { [field]: event.target.value })}
      slotProps={{ htmlInput: { min: 0, step: 'any', 'aria-label': intl.formatMessage({ id: label }, { code }) } }} sx={{ width: 120 }} />
  );
  return (
    <Stack spacing={2} data-testid="schedule">
      {'count' in answer && (
        <Alert severity="info" data-testid="manual-summary">
          <FormattedMessage id="origin.manual.summary" values={{ count: answer.count, old: number(answer.old_fta_origin_cost), verdict: String(answer.old_fulfill_criteria) }} />
        </Alert>
      )}
      {answer.rule_missing ? (
        <Alert severity="info" data-testid="rule-missing">
          <Typography sx={{ fontWeight: 700 }}><FormattedMessage id="origin.verdict.noRule" values={{ agreement: agreement.name, product: answer.product.code }} /></Typography>
          <Typography variant="body2"><FormattedMessage id="origin.ruleMissing" values={{ agreement: agreement.name, hs: answer.product.hs ? formatCode(answer.product.hs) : '—' }} /></Typography>
        </Alert>
      ) : (
        <Alert severity={answer.fulfill_criteria ? 'success' : 'warning'} icon={false} data-testid="verdict">
          <Typography sx={{ fontWeight: 700 }}>
            <FormattedMessage id={answer.fulfill_criteria ? 'origin.verdict.met' : 'origin.verdict.notMet'} values={{ agreement: agreement.name, product: answer.product.code }} />
          </Typography>
          <Typography variant="body2" data-testid="rule-text">
            {/* Judged without the product's own rule: the note names what the verdict followed and that the product's rule was not checked. */}
            {unloadedNote ?? <FormattedMessage id="origin.rule" values={{ rule: describeRule(answer.rule.text, t), hs: answer.rule.hs ? formatCode(answer.rule.hs) : '', general: String(answer.rule.general) }} />}
            {answer.rule.manual && <> <FormattedMessage id="origin.ruleManual" /></>}
          </Typography>
        </Alert>
      )}
      <Grid container spacing={2}>
        {([
          ['total', answer.total], ['exw', answer.exw], ['sum_of_no_fta_origin_cost', answer.sum_of_no_fta_origin_cost], ['sum_of_has_fta_origin_cost', answer.sum_of_has_fta_origin_cost],
        ] as const).map(([key, value]) => (
          <Grid key={key} size={{ xs: 6, md: 3 }}>
            <Card variant="outlined"><CardContent>
              <Typography variant="caption" color="text.secondary"><FormattedMessage id={`origin.figures.${key}`} /></Typography>
              <Typography variant="h5" component="p" data-testid={`figure-${key}`}>{money(value)}</Typography>
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
                <Typography sx={{ fontWeight: 600 }}>
                  {describeCriterion({ kind: result.kind, threshold: valueKinds.includes(result.kind) ? result.threshold ?? undefined : undefined, base: result.base, exceptFrom: result.except_from }, t)}
                </Typography>
                <Typography variant="body2">{result.value !== null && `${number(result.value, 2)} %`}{result.threshold !== null && ` (${intl.formatMessage({ id: 'origin.threshold' })} ${number(result.threshold, 2)} %)`}</Typography>
                <Chip size="small" color={result.pass ? 'success' : result.reason === 'manual' ? 'default' : 'error'} label={<FormattedMessage id={`origin.reasons.${result.reason}`} />} />
                {result.failing_materials && result.failing_materials.length > 0 && <Typography variant="caption" color="text.secondary"><FormattedMessage id="origin.failing" values={{ codes: result.failing_materials.join(', ') }} /></Typography>}
                <Typography variant="caption" color="text.secondary" component="p" sx={{ flexBasis: '100%' }} data-testid="criterion-formula">{criterionFormula(result.kind, agreement.origin, t)}</Typography>
              </Stack>
            ))}
            {answer.criteria_results.length === 0 && !answer.rule_missing && <Typography color="text.secondary"><FormattedMessage id="origin.noCriteria" /></Typography>}
          </Stack>
        </CardContent>
      </Card>
      {manual && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {Object.keys(manual.rows).length > 0 && <Button onClick={manual.onReset} data-testid="manual-reset"><FormattedMessage id="origin.manual.reset" /></Button>}
          {editable
            ? <Button variant="contained" loading={manual.pending} onClick={manual.onApply} data-testid="manual-apply"><FormattedMessage id="origin.manual.apply" /></Button>
            : <Button variant="outlined" onClick={() => manual.onEditing(true)} data-testid="manual-edit"><FormattedMessage id="origin.manual.edit" /></Button>}
        </Stack>
      )}
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
                <TableCell align="right">{editable ? cellInput(row.material_code, 'bom_value', row.bom_value, 'origin.manual.norm') : <>{number(row.bom_value, 6)} {row.material_unit}</>}</TableCell>
                <TableCell align="right">
                  {editable ? cellInput(row.material_code, 'unit_price', row.unit_price, 'origin.manual.unitPrice')
                    : row.unit_price === null ? <Typography variant="caption" color="warning.dark">{row.note_price}</Typography> : number(row.unit_price)}
                  {row.manual && <Chip size="small" variant="outlined" sx={{ ml: 0.5 }} label={<FormattedMessage id="origin.manual.set" />} />}
                </TableCell>
                <TableCell>
                  <Stack direction="row" sx={{ alignItems: 'center' }}>
                    <Switch size="small" checked={row.origin_option === 'originated'} onChange={(event) => onToggle(row.material_code, event.target.checked)}
                      slotProps={{ input: { 'aria-label': intl.formatMessage({ id: 'origin.toggle' }, { code: row.material_code }) } }} />
                    <FormattedMessage id={`origin.originOptions.${row.origin_option}`} />
                  </Stack>
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{row.account_number} {row.registered_date && `(${formatBusinessDay(intl, row.registered_date)})`}</Typography>
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
