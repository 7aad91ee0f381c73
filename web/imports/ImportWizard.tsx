import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { ApiError } from '../app/api.js';
import { useSession } from '../app/session/SessionProvider.js';
import { useResourceLabels } from '../resources/labels.js';
import { resourceQueryKey } from '../resources/resource-api.js';
import { guessHeaderRange, sameRange } from './cell-range.js';
import { ExtraFieldsStep } from './ExtraFieldsStep.js';
import { type FetchedHeaders, HeaderStep, previewQuery } from './HeaderStep.js';
import type { ColumnMatch } from './header-match.js';
import {
  duplicateOf, fixedColumns, type ImportMode, importedTables, importModes, importTargetOf, importRecord, type ImportRecord, isRunning, saveSetup, startImport, type UploadAnswer,
} from './import-api.js';
import { importFieldsOf, labelKeyOf, matchFieldsOf, readFixedColumns } from './import-fields.js';
import {
  constantFields, extraFieldValues, type FieldSource, type ImportRequest, initialMapping, mappingPayload, type OnDuplicate, scopeProblem, setupBody,
} from './import-payload.js';
import { ImportResult } from './ImportResult.js';
import { MappingStep } from './MappingStep.js';
import { UploadStep } from './UploadStep.js';
import { type HeaderInputs, initialHeaderInputs, useHeaderSelection } from './use-header-selection.js';
import { useImportErrorText, useLabelCatalogs, useWhen } from './use-import-text.js';

const steps = ['upload', 'header', 'mapping', 'extra'] as const;
/** How often a running import is asked for its progress. */
const POLL_MS = 750;

interface MappingState {
  key: string;
  sources: Record<string, FieldSource>;
  matches: Record<string, ColumnMatch>;
  constants: Record<string, string>;
}

class LocalProblem extends Error {}

/**
 * The Excel import of one table, full screen: upload, header rows, column mapping and the values for
 * every row, then the background import's progress and its summary.
 */
export function ImportWizard({ resource, initialMode = 'normal', onClose, onShowHistory }: {
  resource: ResourceDefinition;
  initialMode?: ImportMode;
  onClose: () => void;
  onShowHistory?: () => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const importErrorText = useImportErrorText();
  const when = useWhen();
  const { companySlug, folderSlug } = useSession();
  const labels = useResourceLabels(resource);
  const catalogs = useLabelCatalogs();
  const modes = importModes(resource);

  const [mode, setMode] = useState<ImportMode>(initialMode);
  const [step, setStep] = useState(0);
  const [upload, setUpload] = useState<UploadAnswer | null>(null);
  const [sheet, setSheet] = useState('');
  const [headerInputs, setHeaderInputs] = useState<HeaderInputs>(initialHeaderInputs);
  const [fetched, setFetched] = useState<FetchedHeaders | null>(null);
  const [mappingState, setMappingState] = useState<MappingState | null>(null);
  const [savedSetupKey, setSavedSetupKey] = useState<string | null>(null);
  const [setupError, setSetupError] = useState<{ text: string; fields: Record<string, string> } | null>(null);
  const [keepPosting, setKeepPosting] = useState(false);
  const [extraProblems, setExtraProblems] = useState<Record<string, string>>({});
  const [importError, setImportError] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<{ date: string | undefined; request: ImportRequest } | null>(null);
  const [started, setStarted] = useState<ImportRecord | null>(null);

  const target = importTargetOf(resource, mode);

  const firstRows = useQuery({ ...previewQuery(upload?.upload_id ?? '', sheet, 1), enabled: upload !== null && sheet !== '' });
  const guess = useMemo(() => (firstRows.data ? guessHeaderRange(firstRows.data.rows, firstRows.data.columns) : null), [firstRows.data]);
  const selection = useHeaderSelection(headerInputs, guess);
  const range = selection.range;
  const headers = fetched !== null && fetched.sheet === sheet && sameRange(fetched.range, range) ? fetched.headers : null;
  const hasHeaderNames = headers !== null && Object.values(headers).some((title) => title.trim() !== '');

  const fixed = useQuery({
    queryKey: ['imports', 'fixed-columns', resource.family, resource.name, mode, companySlug],
    queryFn: async ({ signal }) => {
      const answer = readFixedColumns(await fixedColumns(resource, mode, companySlug ?? '', signal));
      if (!answer) throw new LocalProblem(intl.formatMessage({ id: 'imports.mapping.notObject' }));
      return answer;
    },
    enabled: upload !== null && companySlug !== null,
    staleTime: 0,
  });
  const fields = useMemo(() => (fixed.data ? importFieldsOf(fixed.data, target) : []), [fixed.data, target]);
  const samples = useQuery({
    ...previewQuery(upload?.upload_id ?? '', sheet, (range?.headerTo ?? 0) + 1),
    enabled: upload !== null && range !== null && step >= 2,
  });

  const mappingKey = headers && fixed.data ? JSON.stringify([mode, sheet, range, headers]) : null;
  const initial = useMemo(() => {
    if (!mappingKey || !headers || !fixed.data || !catalogs) return null;
    return { key: mappingKey, ...initialMapping(fields, matchFieldsOf(fixed.data, target, catalogs), headers, fixed.data.last_setup) };
  }, [mappingKey, headers, fixed.data, catalogs, fields, target]);
  const mapping = mappingState !== null && mappingState.key === mappingKey ? mappingState : initial;
  const setupKey = mapping ? JSON.stringify([mapping.key, mapping.sources]) : null;
  const setupSaved = setupKey !== null && savedSetupKey === setupKey;
  const oneValueFields = mapping ? constantFields(fields, mapping.sources) : [];

  const fieldLabel = (name: string) => {
    const key = labelKeyOf(name, fixed.data?.fields[name], target.fields[name]);
    return intl.messages[key] !== undefined ? intl.formatMessage({ id: key }) : fixed.data?.fields[name]?.label ?? name;
  };
  const choiceLabel = labels.choice;

  const scopeText = () => {
    const problem = scopeProblem(companySlug, folderSlug);
    return problem ? intl.formatMessage({ id: `imports.scope.${problem}` }) : null;
  };

  /** Values of the one-value fields that are already valid, so the saved setup remembers them. */
  const knownConstants = () => {
    if (!mapping) return {};
    return Object.fromEntries(oneValueFields.flatMap((field) => {
      const parsed = extraFieldValues([field], mapping.constants);
      return parsed.ok ? Object.entries(parsed.values) : [];
    }));
  };

  const setup = useMutation({
    mutationFn: async () => {
      const problem = scopeText();
      if (problem) throw new LocalProblem(problem);
      if (!mapping || !headers || !companySlug) throw new LocalProblem(intl.formatMessage({ id: 'imports.extra.noTitle' }));
      await saveSetup(resource, mode, setupBody(companySlug, mapping.sources, headers, knownConstants()));
      return setupKey;
    },
    onMutate: () => setSetupError(null),
    onSuccess: (key) => setSavedSetupKey(key),
    onError: (error) => {
      const fieldsOfError = error instanceof ApiError
        ? Object.fromEntries(Object.entries(error.fields).filter(([name]) => name in (mapping?.sources ?? {})).map(([name, messages]) => [name, messages.join(' ')]))
        : {};
      setSetupError({ text: error instanceof LocalProblem ? error.message : importErrorText(error), fields: fieldsOfError });
    },
  });

  const submit = useMutation({
    mutationFn: async (onDuplicate: OnDuplicate | undefined) => {
      if (!upload || !headers || !range) throw new LocalProblem(intl.formatMessage({ id: 'imports.extra.noTitle' }));
      const problem = scopeText();
      if (problem || !companySlug || !folderSlug || !mapping) throw new LocalProblem(problem ?? '');
      const extra = extraFieldValues(oneValueFields, mapping.constants);
      if (!extra.ok) {
        setExtraProblems(Object.fromEntries(Object.entries(extra.problems).map(([name, key]) => {
          const field = fields.find((candidate) => candidate.name === name);
          return [name, intl.formatMessage({ id: `table.validation.${key}` }, { max: field?.maxLength ?? 255 })];
        })));
        throw new LocalProblem(intl.formatMessage({ id: 'imports.extra.fixValues' }));
      }
      setExtraProblems({});
      // The one-value fields are remembered with the mapping, ready for the next file of this kind.
      if (oneValueFields.length > 0) await saveSetup(resource, mode, setupBody(companySlug, mapping.sources, headers, extra.values));
      const request: ImportRequest = {
        uploadId: upload.upload_id, companySlug, folderSlug, sheetName: sheet, range,
        mapping: mappingPayload(mapping.sources, headers), extraFields: extra.values, keepPosting, onDuplicate,
      };
      try {
        return await startImport(resource, mode, request);
      } catch (error) {
        const earlier = duplicateOf(error);
        if (earlier) {
          setDuplicate({ date: earlier.date, request });
          return null;
        }
        throw error;
      }
    },
    onMutate: () => setImportError(null),
    onSuccess: (record) => { if (record) setStarted(record); },
    onError: (error) => setImportError(error instanceof LocalProblem ? error.message : importErrorText(error)),
  });

  const live = useQuery({
    queryKey: ['imports', 'record', started?.id ?? 0],
    queryFn: ({ signal }) => importRecord(started?.id ?? 0, signal),
    enabled: started !== null,
    initialData: started ?? undefined,
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data) ? POLL_MS : false),
  });
  const record = live.data ?? started;
  const finished = record !== null && !isRunning(record);

  // Once the import has ended the table behind the wizard, and its history, show the new rows.
  useEffect(() => {
    if (!finished) return;
    for (const table of importedTables(resource)) void queryClient.invalidateQueries({ queryKey: resourceQueryKey(table) });
    void queryClient.invalidateQueries({ queryKey: ['imports', 'records'] });
  }, [finished, queryClient, resource]);

  const chooseSheet = (name: string) => {
    setSheet(name);
    setHeaderInputs(initialHeaderInputs);
  };
  const uploaded = (answer: UploadAnswer) => {
    setUpload(answer);
    setFetched(null);
    setMappingState(null);
    setSavedSetupKey(null);
    chooseSheet(answer.sheets[0] ?? '');
  };
  const changeSource = (field: string, source: FieldSource) => {
    if (!mapping) return;
    const sources = { ...mapping.sources };
    // A column serves one field: choosing it for this one takes it from the other.
    if (source.kind === 'column') {
      for (const [name, other] of Object.entries(sources)) if (other.kind === 'column' && other.column === source.column) sources[name] = { kind: 'none' };
    }
    sources[field] = source;
    setMappingState({ ...mapping, sources });
    setSetupError(null);
  };
  const changeConstant = (field: string, value: string) => {
    if (!mapping) return;
    setMappingState({ ...mapping, constants: { ...mapping.constants, [field]: value } });
    setExtraProblems(({ [field]: _removed, ...rest }) => rest);
  };
  const restart = () => {
    setStarted(null);
    setUpload(null);
    setFetched(null);
    setMappingState(null);
    setSavedSetupKey(null);
    setImportError(null);
    setStep(0);
  };

  // The spec's conditions for Next: a workbook; a header range with names; a saved setup; the last step submits.
  const canAdvance = [upload !== null, range !== null && hasHeaderNames, setupSaved, mapping !== null][step] ?? false;
  const waiting = setup.isPending || submit.isPending || (record !== null && isRunning(record) && record.progress === 0);
  const progress = record ? record.progress : Math.min(100, (step + (canAdvance ? 1 : 0)) * 25);
  const stepCaption = (index: number) => {
    if (index > step && !record) return undefined;
    if (index === 0 && upload) return upload.file_name;
    if (index === 1 && upload && range) return `${sheet} · ${selection.start}:${selection.end}`;
    if (index === 2 && mapping) return intl.formatMessage({ id: 'imports.mapping.count' }, { mapped: fields.filter((field) => mapping.sources[field.name]?.kind !== 'none').length, total: fields.length });
    return undefined;
  };

  const title = intl.formatMessage({ id: 'imports.wizard.title' }, { table: labels.title });
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby="import-wizard-title" data-testid="import-wizard">
      <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1.5 }}>
          <UploadFileOutlined color="primary" />
          <Typography id="import-wizard-title" variant="h6" component="h2" noWrap sx={{ fontWeight: 600 }}>{title}</Typography>
          {modes.length > 1 && <Chip size="small" color={mode === 'normal' ? 'default' : 'warning'} label={<FormattedMessage id={`imports.mode.${mode}`} />} />}
          <Box sx={{ flexGrow: 1 }} />
          {onShowHistory && (
            <Button color="inherit" startIcon={<HistoryOutlined />} onClick={onShowHistory} sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
              <FormattedMessage id="imports.history.button" />
            </Button>
          )}
          <IconButton edge="end" onClick={onClose} aria-label={intl.formatMessage({ id: 'imports.wizard.close' })} data-testid="import-close">
            <CloseOutlined />
          </IconButton>
        </Toolbar>
      </AppBar>

      <Box sx={{ px: { xs: 2, md: 4 }, pt: 2.5 }}>
        <Stepper activeStep={record ? steps.length : step} alternativeLabel>
          {steps.map((name, index) => {
            const caption = stepCaption(index);
            return (
              <Step key={name} completed={record !== null || index < step}>
                <StepLabel optional={caption ? <Typography variant="caption" color="text.secondary" noWrap component="div" sx={{ maxWidth: 220, mx: 'auto' }}>{caption}</Typography> : undefined}>
                  <FormattedMessage id={`imports.steps.${name}`} />
                </StepLabel>
              </Step>
            );
          })}
        </Stepper>
        <LinearProgress
          variant={waiting ? 'indeterminate' : 'determinate'}
          value={progress}
          color={record?.status === 'failed' ? 'error' : record?.status === 'succeeded' ? 'success' : 'primary'}
          sx={{ mt: 2.5, height: 4, borderRadius: 2 }}
          aria-label={intl.formatMessage({ id: 'imports.wizard.progress' })}
          data-testid="wizard-progress"
        />
      </Box>

      <DialogContent sx={{ px: { xs: 2, md: 4 }, py: 3 }}>
        {record ? (
          <ImportResult record={record} fieldLabel={fieldLabel} />
        ) : step === 0 ? (
          <UploadStep modes={modes} mode={mode} onModeChange={setMode} upload={upload} onUploaded={uploaded} />
        ) : step === 1 && upload ? (
          <HeaderStep
            resource={resource}
            upload={upload}
            sheet={sheet}
            onSheetChange={chooseSheet}
            selection={selection}
            onInputs={setHeaderInputs}
            fetched={fetched}
            onFetched={setFetched}
          />
        ) : step === 2 ? (
          fixed.isError ? (
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void fixed.refetch()}><FormattedMessage id="imports.wizard.retry" /></Button>}>
              {fixed.error instanceof LocalProblem ? fixed.error.message : importErrorText(fixed.error)}
            </Alert>
          ) : mapping && headers ? (
            <MappingStep
              fields={fields}
              fieldLabel={fieldLabel}
              headers={headers}
              samples={Object.fromEntries(Object.keys(headers).map((column) => [column, samples.data?.rows.map((row) => row.cells[column] ?? '').find((text) => text.trim() !== '') ?? '']))}
              choiceLabel={choiceLabel}
              sources={mapping.sources}
              matches={mapping.matches}
              constants={mapping.constants}
              onChange={changeSource}
              onConstantChange={changeConstant}
              saved={setupSaved}
              submitting={setup.isPending}
              submitError={setupError?.text ?? null}
              fieldErrors={setupError?.fields ?? {}}
              onSubmit={() => setup.mutate()}
            />
          ) : (
            <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}><FormattedMessage id="imports.mapping.loading" /></Box>
          )
        ) : step === 3 && mapping ? (
          <ExtraFieldsStep
            fields={oneValueFields}
            fieldLabel={fieldLabel}
            choiceLabel={choiceLabel}
            values={mapping.constants}
            problems={extraProblems}
            onChange={changeConstant}
            keepPosting={keepPosting}
            onKeepPosting={setKeepPosting}
            summary={{
              file: upload?.file_name ?? '',
              sheet,
              headerRows: range ? (range.headerFrom === range.headerTo ? String(range.headerFrom) : `${range.headerFrom}–${range.headerTo}`) : '',
              mapped: Object.keys(mappingPayload(mapping.sources, headers ?? {})).length,
            }}
            submitError={importError}
          />
        ) : null}
      </DialogContent>

      <DialogActions sx={{ px: { xs: 2, md: 4 }, py: 2, borderTop: 1, borderColor: 'divider', gap: 1 }}>
        {record ? (
          <>
            <Button onClick={restart} disabled={!finished} data-testid="import-another"><FormattedMessage id="imports.wizard.another" /></Button>
            {onShowHistory && <Button onClick={onShowHistory}><FormattedMessage id="imports.history.button" /></Button>}
            <Box sx={{ flexGrow: 1 }} />
            <Button variant="contained" onClick={onClose} data-testid="import-done"><FormattedMessage id={finished ? 'imports.wizard.done' : 'imports.wizard.hide'} /></Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}><FormattedMessage id="imports.wizard.cancel" /></Button>
            <Box sx={{ flexGrow: 1 }} />
            <Button startIcon={<ArrowBackOutlined />} onClick={() => setStep((current) => current - 1)} disabled={step === 0 || submit.isPending} data-testid="wizard-back">
              <FormattedMessage id="imports.wizard.back" />
            </Button>
            <Button
              variant="contained"
              endIcon={step < steps.length - 1 ? <ArrowForwardOutlined /> : undefined}
              disabled={!canAdvance}
              loading={submit.isPending}
              onClick={() => (step < steps.length - 1 ? setStep((current) => current + 1) : submit.mutate(undefined))}
              data-testid="wizard-next"
            >
              <FormattedMessage id={step < steps.length - 1 ? 'imports.wizard.next' : 'imports.wizard.submit'} />
            </Button>
          </>
        )}
      </DialogActions>

      <Dialog open={duplicate !== null} onClose={() => setDuplicate(null)} aria-labelledby="import-duplicate-title" data-testid="duplicate-dialog">
        <DialogTitle id="import-duplicate-title"><FormattedMessage id="imports.duplicate.title" /></DialogTitle>
        <DialogContent>
          <DialogContentText>
            <FormattedMessage
              id="imports.duplicate.text"
              values={{ date: when(duplicate?.date) }}
            />
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setDuplicate(null)}><FormattedMessage id="imports.duplicate.cancel" /></Button>
          <Button variant="outlined" onClick={() => { setDuplicate(null); submit.mutate('add'); }} data-testid="duplicate-add">
            <FormattedMessage id="imports.duplicate.add" />
          </Button>
          <Button variant="contained" onClick={() => { setDuplicate(null); submit.mutate('replace'); }} data-testid="duplicate-replace">
            <FormattedMessage id="imports.duplicate.replace" />
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
