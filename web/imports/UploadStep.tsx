import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type DragEvent, type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { dayInputFormat } from '../app/i18n/business-day.js';
import type { ImportMode, UploadAnswer } from './import-api.js';
import { uploadWorkbook } from './import-api.js';
import { acceptedExtensions, fileSize, isAcceptedFile } from './upload-file.js';
import { useImportErrorText } from './use-import-text.js';

/** '1.5 MB' in the reader's language. */
export function useFileSize(): (bytes: number) => string {
  const intl = useIntl();
  return (bytes) => {
    const { value, unit } = fileSize(bytes);
    return intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
  };
}

type Sending = { name: string; size: number; share: number | null };

/**
 * Step 1: the import mode (ECUS only), then the workbook, dropped on the area or chosen from the disk, with what it
 * needs below. It is uploaded once; the later steps read it on the server by its id.
 */
export function UploadStep({ modes, mode, onModeChange, upload, onUploaded, children }: {
  modes: readonly ImportMode[];
  mode: ImportMode;
  onModeChange: (mode: ImportMode) => void;
  upload: UploadAnswer | null;
  onUploaded: (answer: UploadAnswer) => void;
  /** Shown below the upload: what the sheet needs. */
  children?: ReactNode;
}) {
  const intl = useIntl();
  const importErrorText = useImportErrorText();
  const sizeText = useFileSize();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [sending, setSending] = useState<Sending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const send = (file: File) => {
    setError(null);
    if (!isAcceptedFile(file.name)) {
      setError(intl.formatMessage({ id: 'imports.upload.wrongType' }, { name: file.name, formats: acceptedExtensions.join(' ') }));
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setSending({ name: file.name, size: file.size, share: 0 });
    uploadWorkbook(file, (share) => setSending((current) => (current ? { ...current, share: share >= 1 ? null : share } : current)), controller.signal)
      .then((answer) => {
        setSending(null);
        onUploaded(answer);
      })
      .catch((reason: unknown) => {
        if ((reason as Error).name === 'AbortError') return;
        setSending(null);
        setError(importErrorText(reason));
      });
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !sending) send(file);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      input.current?.click();
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 760, mx: 'auto', width: '100%' }}>
      {modes.length > 1 && (
        <Stack spacing={1}>
          <Typography variant="subtitle2" component="h3"><FormattedMessage id="imports.mode.title" /></Typography>
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={mode}
            onChange={(_event, value: ImportMode | null) => { if (value) onModeChange(value); }}
            aria-label={intl.formatMessage({ id: 'imports.mode.title' })}
            sx={{ flexWrap: 'wrap' }}
          >
            {modes.map((item) => (
              <ToggleButton key={item} value={item} sx={{ flex: '1 1 200px', flexDirection: 'column', alignItems: 'flex-start', textAlign: 'left', textTransform: 'none', px: 2, py: 1.25 }} data-testid={`import-mode-${item}`}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}><FormattedMessage id={`imports.mode.${item}`} /></Typography>
                <Typography variant="caption" color="text.secondary"><FormattedMessage id={`imports.mode.${item}Hint`} /></Typography>
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
      )}

      <Paper
        variant="outlined"
        role="button"
        tabIndex={0}
        aria-label={intl.formatMessage({ id: 'imports.upload.area' })}
        onClick={() => { if (!sending) input.current?.click(); }}
        onKeyDown={onKeyDown}
        onDragOver={(event) => { event.preventDefault(); setDragging(true); }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="upload-area"
        sx={(theme) => ({
          p: { xs: 3, md: 5 },
          textAlign: 'center',
          cursor: sending ? 'progress' : 'pointer',
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? alpha(theme.palette.primary.main, 0.06) : 'transparent',
          transition: theme.transitions.create(['border-color', 'background-color']),
          '&:hover, &:focus-visible': { borderColor: 'primary.main', outline: 'none' },
        })}
      >
        <CloudUploadOutlined sx={{ fontSize: 48, color: dragging ? 'primary.main' : 'text.secondary' }} />
        <Typography variant="h6" component="p" sx={{ mt: 1, fontWeight: 600 }}><FormattedMessage id="imports.upload.title" /></Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          <FormattedMessage id="imports.upload.hint" values={{ formats: acceptedExtensions.join(' ') }} />
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="import-date-format">
          <FormattedMessage id="imports.upload.dates" values={{ format: dayInputFormat.toLowerCase() }} />
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          accept={acceptedExtensions.join(',')}
          data-testid="upload-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) send(file);
          }}
        />
      </Paper>

      {sending && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="upload-progress">
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
            <InsertDriveFileOutlined color="action" />
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>{sending.name}</Typography>
              <Typography variant="caption" color="text.secondary">
                {sending.share === null
                  ? <FormattedMessage id="imports.upload.reading" values={{ size: sizeText(sending.size) }} />
                  : <FormattedMessage id="imports.upload.sending" values={{ size: sizeText(sending.size), percent: sending.share }} />}
              </Typography>
            </Box>
            <Button size="small" color="inherit" onClick={() => { abort.current?.abort(); setSending(null); }}>
              <FormattedMessage id="imports.upload.cancel" />
            </Button>
          </Stack>
          <LinearProgress variant={sending.share === null ? 'indeterminate' : 'determinate'} value={(sending.share ?? 0) * 100} />
        </Paper>
      )}

      {error && <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} data-testid="upload-error">{error}</Alert>}

      {upload && !sending && (
        <Alert icon={<CheckCircleOutlined />} severity="success" data-testid="upload-done">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>{upload.file_name}</Typography>
          <FormattedMessage id="imports.upload.done" values={{ size: sizeText(upload.size), sheets: upload.sheets.length, format: upload.format.toUpperCase() }} />
        </Alert>
      )}

      {children}
    </Stack>
  );
}
