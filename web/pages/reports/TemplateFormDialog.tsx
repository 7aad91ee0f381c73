import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type HTMLAttributes, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { columnNumber } from '../../../common/imports/cells.js';
import {
  formColumns, maxTemplateHeaderRows, requiredColumns, type StatementTemplate, type TemplateForm, type TemplateFormAnswer, type TemplatePreview,
  templateHeaderColumns, type TemplateSettings,
} from '../../../common/statements/templates.js';
import { ApiError } from '../../app/api.js';
import { useErrorText } from '../../app/session/error-text.js';
import { previewStoredForm, previewUpload, saveTemplateForm, type TemplateOwner } from './template-api.js';
import { proposeFooter, proposeHeader, proposeMapping } from './template-proposal.js';

/** The catalog id of a computed column's label: the statement screens' own, and two of this screen's. */
export function templateColumnLabelId(form: TemplateForm, key: string): string {
  if (key === 'stt') return 'statements.templates.columns.stt';
  if (form === '16' || key === 'note') return `statements.form16.columns.${key}`;
  return `statements.columns.${key}`;
}

/** What the inputs hold: rows as typed text, the mapping as computed column → letter ('' for none). */
interface Inputs {
  sheet: string;
  headerFrom: string;
  headerTo: string;
  footerRow: string;
  mapping: Record<string, string>;
}

const previewLimit = 30;
const numeric = { htmlInput: { inputMode: 'numeric' as const } };

/** The inputs proposed for a sheet: its guessed header, signature block and column matches. */
function proposedInputs(preview: TemplatePreview, sheet: string, form: TemplateForm, label: (key: string) => string): Inputs {
  const rows = preview.sheets.find((candidate) => candidate.name === sheet)?.rows ?? [];
  const header = proposeHeader(rows) ?? { from: 1, to: 1 };
  const footer = proposeFooter(rows, header.to);
  return {
    sheet, headerFrom: String(header.from), headerTo: String(header.to), footerRow: footer === null ? '' : String(footer),
    mapping: proposeMapping(form, templateHeaderColumns(rows, header.from, header.to), label),
  };
}

const storedInputs = (stored: TemplateFormAnswer): Inputs => ({
  sheet: stored.sheet_name, headerFrom: String(stored.header_from), headerTo: String(stored.header_to), footerRow: stored.footer_row === null ? '' : String(stored.footer_row), mapping: stored.mapping,
});

const rowNumber = (text: string) => (/^\d{1,6}$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : null);

/** The inputs as settings, or the message id of each input that is wrong. */
function checkedSettings(inputs: Inputs, form: TemplateForm): { settings: TemplateSettings } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const from = rowNumber(inputs.headerFrom);
  const to = rowNumber(inputs.headerTo);
  const footer = inputs.footerRow.trim() === '' ? null : rowNumber(inputs.footerRow);
  if (from === null) errors.header_from = 'statements.templates.errors.row';
  if (to === null) errors.header_to = 'statements.templates.errors.row';
  else if (from !== null && (to < from || to - from >= maxTemplateHeaderRows)) errors.header_to = 'statements.templates.errors.headerRows';
  if (inputs.footerRow.trim() !== '' && (footer === null || (to !== null && footer <= to))) errors.footer_row = 'statements.templates.errors.footer';
  const mapping = Object.fromEntries(Object.entries(inputs.mapping).filter(([, letter]) => letter !== ''));
  for (const key of requiredColumns[form]) if (!mapping[key]) errors[`mapping.${key}`] = 'statements.templates.errors.required';
  const seen = new Set<string>();
  for (const column of formColumns[form]) {
    const letter = mapping[column.key];
    if (letter && seen.has(letter)) errors[`mapping.${column.key}`] = 'statements.templates.errors.taken';
    if (letter) seen.add(letter);
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { settings: { sheet_name: inputs.sheet, header_from: from!, header_to: to!, footer_row: footer, mapping } };
}

/** The message id shown under an input for the server's field error; the upload's own is its error code's text. */
const serverFieldMessage = (field: string): string | null => {
  if (field.startsWith('mapping.')) return 'statements.templates.errors.column';
  return ({ sheet_name: 'statements.templates.errors.sheet', header_from: 'statements.templates.errors.noHeader', header_to: 'statements.templates.errors.headerRows', footer_row: 'statements.templates.errors.footer' } as Record<string, string>)[field] ?? null;
};

/**
 * One form's workbook of a template: choose the file (or keep the stored one), the sheet, the header rows and the
 * signature block's first row, and the workbook column of each computed column. Everything is proposed from the
 * workbook; a refused save keeps every choice and says what is wrong beside it.
 */
export function TemplateFormDialog({ owner, template, form, onClose, onSaved }: {
  owner: TemplateOwner; template: StatementTemplate; form: TemplateForm; onClose: () => void; onSaved: () => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const stored = template.forms.find((entry) => entry.form === form) ?? null;
  const label = (key: string) => intl.formatMessage({ id: templateColumnLabelId(form, key) });
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<TemplatePreview | null>(null);
  const [inputs, setInputs] = useState<Inputs | null>(stored ? storedInputs(stored) : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const storedPreview = useQuery({ queryKey: ['statement-templates', 'preview', template.id, form], queryFn: () => previewStoredForm(owner, template.id, form), enabled: stored !== null });
  const preview = uploaded ?? (file === null ? storedPreview.data ?? null : null);
  const reading = useMutation({
    mutationFn: (chosen: File) => previewUpload(owner, chosen),
    onSuccess: (answer) => {
      setUploaded(answer);
      setInputs(proposedInputs(answer, answer.sheets[0]?.name ?? '', form, label));
      setErrors({});
    },
    onError: (error) => { setFile(null); setUploaded(null); setErrors({ excel_file: errorText(error) }); },
  });
  const save = useMutation({
    mutationFn: (settings: TemplateSettings) => saveTemplateForm(owner, template.id, form, settings, file),
    onSuccess: onSaved,
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fields : {};
      const shown: Record<string, string> = {};
      for (const field of Object.keys(fields)) {
        const id = serverFieldMessage(field);
        if (id) shown[field] = intl.formatMessage({ id });
        else if (field === 'excel_file') shown[field] = errorText(error);
      }
      setErrors(shown);
      setFormError(Object.keys(shown).length > 0 ? null : errorText(error));
    },
  });

  const sheet = preview?.sheets.find((candidate) => candidate.name === inputs?.sheet);
  const rows = useMemo(() => sheet?.rows ?? [], [sheet]);
  const from = rowNumber(inputs?.headerFrom ?? '');
  const to = rowNumber(inputs?.headerTo ?? '');
  const columns = useMemo(() => (from !== null && to !== null && to >= from ? templateHeaderColumns(rows, from, to) : {}), [rows, from, to]);
  const letters = Object.keys(columns).sort((a, b) => columnNumber(a) - columnNumber(b));
  const shownLetters = [...new Set([...rows.slice(0, previewLimit).flatMap((row) => Object.keys(row.cells)), ...letters])].sort((a, b) => columnNumber(a) - columnNumber(b));
  const mapped = new Set(Object.values(inputs?.mapping ?? {}));
  const footer = rowNumber(inputs?.footerRow ?? '');

  const change = (patch: Partial<Inputs>, cleared: string[]) => {
    setInputs((current) => (current ? { ...current, ...patch } : current));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !cleared.includes(field))));
  };
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFormError(null);
    if (chosen) reading.mutate(chosen);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!inputs || (file === null && stored === null)) {
      setErrors({ excel_file: intl.formatMessage({ id: 'statements.templates.errors.file' }) });
      return;
    }
    const checked = checkedSettings(inputs, form);
    if ('errors' in checked) {
      setErrors(Object.fromEntries(Object.entries(checked.errors).map(([field, id]) => [field, intl.formatMessage({ id })])));
      return;
    }
    save.mutate(checked.settings);
  };

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="template-form-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="template-form-title">
          <FormattedMessage id="statements.templates.formTitle" values={{ form: <FormattedMessage id={`statements.templates.forms.${form}`} />, name: template.name }} />
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Box>
              <Button variant="outlined" component="label" startIcon={<UploadFileOutlined />}>
                <FormattedMessage id={stored ? 'statements.templates.replaceFile' : 'statements.templates.chooseFile'} />
                <input type="file" hidden accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" data-testid="template-file"
                  onChange={(event) => { choose(event.target.files?.[0] ?? null); event.target.value = ''; }} />
              </Button>
              <Typography variant="body2" color={errors.excel_file ? 'error' : 'text.secondary'} sx={{ mt: 0.5, overflowWrap: 'anywhere' }} role={errors.excel_file ? 'alert' : undefined}>
                {errors.excel_file ?? file?.name ?? stored?.file_name ?? <FormattedMessage id="statements.templates.noFile" />}
              </Typography>
              <Typography variant="caption" color="text.secondary"><FormattedMessage id="statements.templates.fileHint" /></Typography>
            </Box>
            {(reading.isPending || storedPreview.isFetching) && <LinearProgress />}
            {storedPreview.isError && file === null && <Alert severity="error">{errorText(storedPreview.error)}</Alert>}
            {preview && inputs && (
              <>
                <Grid container spacing={2}>
                  <Grid size={{ xs: 12, md: 3 }}>
                    <TextField select fullWidth size="small" label={<FormattedMessage id="statements.templates.sheet" />} value={sheet ? inputs.sheet : ''}
                      error={errors.sheet_name !== undefined} helperText={errors.sheet_name}
                      onChange={(event) => { setInputs(proposedInputs(preview, event.target.value, form, label)); setErrors({}); }}>
                      {preview.sheets.map((entry) => <MenuItem key={entry.name} value={entry.name}>{entry.name}</MenuItem>)}
                    </TextField>
                  </Grid>
                  <Grid size={{ xs: 6, md: 3 }}>
                    <TextField fullWidth size="small" label={<FormattedMessage id="statements.templates.headerFrom" />} value={inputs.headerFrom} name="header_from" slotProps={numeric}
                      error={errors.header_from !== undefined} helperText={errors.header_from} onChange={(event) => change({ headerFrom: event.target.value }, ['header_from', 'header_to'])} />
                  </Grid>
                  <Grid size={{ xs: 6, md: 3 }}>
                    <TextField fullWidth size="small" label={<FormattedMessage id="statements.templates.headerTo" />} value={inputs.headerTo} name="header_to" slotProps={numeric}
                      error={errors.header_to !== undefined} helperText={errors.header_to} onChange={(event) => change({ headerTo: event.target.value }, ['header_to'])} />
                  </Grid>
                  <Grid size={{ xs: 12, md: 3 }}>
                    <TextField fullWidth size="small" label={<FormattedMessage id="statements.templates.footerRow" />} value={inputs.footerRow} name="footer_row" slotProps={numeric}
                      error={errors.footer_row !== undefined} helperText={errors.footer_row ?? <FormattedMessage id="statements.templates.footerHelp" />}
                      onChange={(event) => change({ footerRow: event.target.value }, ['footer_row'])} />
                  </Grid>
                </Grid>
                <Box sx={{ maxHeight: 260, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="template-preview">
                  <Table size="small" stickyHeader aria-label={intl.formatMessage({ id: 'statements.templates.previewLabel' })}>
                    <TableHead>
                      <TableRow>
                        <TableCell />
                        {shownLetters.map((letter) => <TableCell key={letter}>{letter}</TableCell>)}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {rows.slice(0, previewLimit).map((row) => {
                        const part = from !== null && to !== null && row.row >= from && row.row <= to ? 'header' : row.row === footer ? 'footer' : null;
                        return (
                          <TableRow key={row.row} data-part={part ?? undefined} sx={{ bgcolor: part === 'header' ? 'action.selected' : part === 'footer' ? 'action.hover' : undefined }}>
                            <TableCell sx={{ color: 'text.secondary' }}>{row.row}</TableCell>
                            {shownLetters.map((letter) => (
                              <TableCell key={letter} sx={{ maxWidth: 200, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', fontWeight: part === 'header' ? 600 : undefined }}>
                                {row.cells[letter] ?? ''}
                              </TableCell>
                            ))}
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </Box>
                <Typography variant="body2" color="text.secondary"><FormattedMessage id="statements.templates.mappingText" /></Typography>
                <Table size="small" aria-label={intl.formatMessage({ id: 'statements.templates.mapping' })}>
                  <TableHead>
                    <TableRow>
                      <TableCell><FormattedMessage id="statements.templates.computedColumn" /></TableCell>
                      <TableCell><FormattedMessage id="statements.templates.workbookColumn" /></TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {formColumns[form].map((column) => {
                      const field = `mapping.${column.key}`;
                      const value = inputs.mapping[column.key] ?? '';
                      return (
                        <TableRow key={column.key}>
                          <TableCell>
                            {label(column.key)}{requiredColumns[form].includes(column.key) ? ' *' : ''}
                            <Typography variant="caption" color="text.secondary" component="div">{column.caption}</Typography>
                          </TableCell>
                          <TableCell sx={{ minWidth: 280 }}>
                            <TextField select fullWidth size="small" value={value in columns ? value : ''} error={errors[field] !== undefined} helperText={errors[field]}
                              slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'aria-label': label(column.key) } as HTMLAttributes<HTMLDivElement> } }} data-testid={`map-${column.key}`}
                              onChange={(event) => change({ mapping: { ...inputs.mapping, [column.key]: event.target.value } }, [field])}>
                              <MenuItem value=""><em><FormattedMessage id="statements.templates.notMapped" /></em></MenuItem>
                              {letters.map((letter) => (
                                <MenuItem key={letter} value={letter} disabled={mapped.has(letter) && value !== letter}>{letter} · {columns[letter]}</MenuItem>
                              ))}
                            </TextField>
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
                {letters.some((letter) => !mapped.has(letter)) && (
                  <Alert severity="info">
                    <FormattedMessage id="statements.templates.leftEmpty" values={{ columns: letters.filter((letter) => !mapped.has(letter)).map((letter) => `${letter} · ${columns[letter]}`).join('; ') }} />
                  </Alert>
                )}
              </>
            )}
            {formError && <Alert severity="error">{formError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}><FormattedMessage id="company.cancel" /></Button>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={reading.isPending} data-testid="template-save"><FormattedMessage id="company.save" /></Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
