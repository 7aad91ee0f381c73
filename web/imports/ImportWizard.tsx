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
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useReducer } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { useSession } from '../app/session/SessionProvider.js';
import { useResourceLabels } from '../resources/labels.js';
import { DuplicateDialog } from './DuplicateDialog.js';
import { ExtraFieldsStep } from './ExtraFieldsStep.js';
import { HeaderStep, useHeaderFetch } from './HeaderStep.js';
import { type ImportMode, importModes, isRunning } from './import-api.js';
import { type FieldSource, mappedFieldCount, unmappedRequired } from './import-payload.js';
import { ImportResult } from './ImportResult.js';
import { MappingStep } from './MappingStep.js';
import { MissingFieldsWarning } from './MissingFieldsWarning.js';
import { SheetReading } from './SheetReading.js';
import { TemplateColumns } from './TemplateColumns.js';
import { UploadStep } from './UploadStep.js';
import { useImportMapping } from './use-import-mapping.js';
import { useImportRun } from './use-import-run.js';
import { useNumberReading } from './use-number-reading.js';
import { useImportErrorText } from './use-import-text.js';
import { useSaveSetup } from './use-save-setup.js';
import { useSheetHeader } from './use-sheet-header.js';
import { useStartImport } from './use-start-import.js';
import { initialWizard, wizardReducer, wizardSteps as steps } from './wizard-flow.js';

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
  const importErrorText = useImportErrorText();
  const { companySlug, company, folderSlug } = useSession();
  const folderSet = company?.folder_set.find((set) => set.slug === folderSlug);
  const labels = useResourceLabels(resource);
  const modes = importModes(resource);

  const [wizard, dispatch] = useReducer(wizardReducer, initialMode, initialWizard);
  const { mode, step, upload, sheet } = wizard;
  const { selection, range, headers, hasHeaderNames } = useSheetHeader(upload, sheet, wizard.headerInputs, wizard.fetched);
  const importMapping = useImportMapping({ resource, mode, companySlug, upload, sheet, range, headers, edited: wizard.mapping, withSamples: step >= 2 });
  const { fixed, fields, mapping, fieldLabel } = importMapping;
  const setupSaved = importMapping.setupKey !== null && wizard.savedSetupKey === importMapping.setupKey;
  const setup = useSaveSetup({ resource, mode, headers, mapping: importMapping, onSaved: (key) => dispatch({ type: 'setupSaved', key }) });
  const numbers = useNumberReading({ upload, sheet, range, fields, sources: mapping?.sources });
  const submit = useStartImport({
    resource, mode, upload, sheet, range, headers, mapping: importMapping, decimalMark: numbers.decimalMark,
    onStarted: (record) => dispatch({ type: 'importStarted', record }),
  });
  const { record, finished } = useImportRun(resource, wizard.started);
  const headerFetch = useHeaderFetch({ resource, upload, sheet, onFetched: (fetched) => dispatch({ type: 'headersFetched', fetched }) });

  const changeSource = (field: string, source: FieldSource) => {
    if (!mapping) return;
    dispatch({ type: 'chooseSource', mapping, field, source });
    setup.clearError();
  };
  const changeConstant = (field: string, value: string) => {
    if (!mapping) return;
    dispatch({ type: 'typeConstant', mapping, field, value });
    submit.clearExtraProblem(field);
  };
  const restart = () => {
    dispatch({ type: 'restart' });
    submit.clearError();
  };

  // Next needs a workbook; a header range (the proposed one counts as chosen: Next reads its names); a mapping
  // with every required field (Next saves it as the setup); the last step submits.
  const mappingComplete = mapping !== null && unmappedRequired(fields, mapping.sources, mapping.constants).length === 0;
  // Numbers the file cannot tell ('100.000' in every numeric column) wait for the user's decimal mark.
  const canAdvance = [upload !== null, range !== null && !headerFetch.pending, mappingComplete && !setup.pending && numbers.undecided.length === 0, mapping !== null][step] ?? false;
  const advance = () => {
    if (step === 1 && !hasHeaderNames) {
      headerFetch.fetch(range, (fetched) => {
        if (Object.values(fetched.headers).some((title) => title.trim() !== '')) dispatch({ type: 'next' });
      });
    } else if (step === 2 && !setupSaved) {
      setup.save(() => dispatch({ type: 'next' }));
    } else if (step < steps.length - 1) {
      dispatch({ type: 'next' });
    } else {
      submit.submit();
    }
  };
  const waiting = setup.pending || submit.pending || (record !== null && isRunning(record) && record.progress === 0);
  const progress = record ? record.progress : Math.min(100, (step + (canAdvance ? 1 : 0)) * 25);
  const stepCaption = (index: number) => {
    if (index > step && !record) return undefined;
    if (index === 0 && upload) return upload.file_name;
    if (index === 1 && upload && range) return `${sheet} · ${selection.start}:${selection.end}`;
    if (index === 2 && mapping) return intl.formatMessage({ id: 'imports.mapping.count' }, { mapped: mappedFieldCount(fields, mapping.sources), total: fields.length });
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
        {/* A phone has room for the four numbers, not four names side by side: it names the current step below them. */}
        <Stepper activeStep={record ? steps.length : step} alternativeLabel sx={{ '& .MuiStepLabel-labelContainer': { display: { xs: 'none', sm: 'block' } } }}>
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
        {!record && steps[step] && (
          <Typography variant="subtitle2" sx={{ display: { sm: 'none' }, textAlign: 'center', mt: 1 }} data-testid="wizard-step-name">
            <FormattedMessage id="imports.wizard.stepOf" values={{ number: step + 1, count: steps.length, name: intl.formatMessage({ id: `imports.steps.${steps[step]}` }) }} />
          </Typography>
        )}
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
          <UploadStep modes={modes} mode={mode} onModeChange={(chosen) => dispatch({ type: 'chooseMode', mode: chosen })} upload={upload} onUploaded={(answer) => dispatch({ type: 'uploaded', upload: answer })}>
            <TemplateColumns
              resource={resource}
              mode={mode}
              companySlug={companySlug}
              fields={fields}
              fieldLabel={fieldLabel}
              choiceLabel={labels.choice}
              state={{ loading: fixed.isPending, error: fixed.isError ? fixed.error : null }}
              onRetry={() => void fixed.refetch()}
            />
          </UploadStep>
        ) : step === 1 && upload ? (
          <HeaderStep
            upload={upload}
            sheet={sheet}
            onSheetChange={(name) => dispatch({ type: 'chooseSheet', sheet: name })}
            selection={selection}
            onInputs={(inputs) => dispatch({ type: 'editHeader', inputs })}
            fetched={wizard.fetched}
            headerFetch={headerFetch}
          />
        ) : step === 2 ? (
          fixed.isError ? (
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void fixed.refetch()}><FormattedMessage id="imports.wizard.retry" /></Button>}>
              {importErrorText(fixed.error)}
            </Alert>
          ) : mapping && headers ? (
            <Stack spacing={2}>
            <SheetReading headers={headers} sources={mapping.sources} fieldLabel={fieldLabel} numbers={numbers} />
            <MissingFieldsWarning resource={resource.name} mode={mode} fieldNames={fields.map((field) => field.name)} sources={mapping.sources} />
            <MappingStep
              fields={fields}
              fieldLabel={fieldLabel}
              headers={headers}
              samples={importMapping.samples(Object.keys(headers))}
              decimalMarks={Object.fromEntries(Object.entries(numbers.answer?.columns ?? {}).map(([column, reading]) => [column, reading.mark]))}
              choiceLabel={labels.choice}
              sources={mapping.sources}
              matches={mapping.matches}
              constants={mapping.constants}
              onChange={changeSource}
              onConstantChange={changeConstant}
              saved={setupSaved}
              submitting={setup.pending}
              submitError={setup.error?.text ?? null}
              fieldErrors={setup.error?.fields ?? {}}
              onSubmit={() => setup.save()}
            />
            </Stack>
          ) : (
            <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}><FormattedMessage id="imports.mapping.loading" /></Box>
          )
        ) : step === 3 && mapping ? (
          <ExtraFieldsStep
            fields={importMapping.oneValueFields}
            fieldLabel={fieldLabel}
            choiceLabel={labels.choice}
            values={mapping.constants}
            problems={submit.extraProblems}
            onChange={changeConstant}
            keepPosting={submit.keepPosting}
            onKeepPosting={submit.setKeepPosting}
            summary={{
              file: upload?.file_name ?? '',
              sheet,
              headerRows: range ? (range.headerFrom === range.headerTo ? String(range.headerFrom) : `${range.headerFrom}–${range.headerTo}`) : '',
              mapped: intl.formatMessage({ id: 'imports.mapping.count' }, { mapped: mappedFieldCount(fields, mapping.sources), total: fields.length }),
              folderSet: folderSet?.name ?? '',
            }}
            submitError={submit.error}
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
            <Button startIcon={<ArrowBackOutlined />} onClick={() => dispatch({ type: 'back' })} disabled={step === 0 || submit.pending} data-testid="wizard-back">
              <FormattedMessage id="imports.wizard.back" />
            </Button>
            <Button
              variant="contained"
              endIcon={step < steps.length - 1 ? <ArrowForwardOutlined /> : undefined}
              disabled={!canAdvance}
              loading={submit.pending || headerFetch.pending || setup.pending}
              onClick={advance}
              data-testid="wizard-next"
            >
              <FormattedMessage id={step < steps.length - 1 ? 'imports.wizard.next' : 'imports.wizard.submit'} />
            </Button>
          </>
        )}
      </DialogActions>

      <DuplicateDialog open={submit.duplicate !== null} date={submit.duplicate?.date} onAnswer={submit.answerDuplicate} />
    </Dialog>
  );
}
