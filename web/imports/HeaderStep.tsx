import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import KeyboardArrowDownOutlined from '@mui/icons-material/KeyboardArrowDownOutlined';
import KeyboardArrowUpOutlined from '@mui/icons-material/KeyboardArrowUpOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type MouseEvent, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { useSnackbar } from '../app/snackbar/SnackbarProvider.js';
import { clickRange, columnNumber, type HeaderRange, inRange, maxHeaderRows, sameRange } from './cell-range.js';
import { type SheetHeaders, sortedColumns } from './header-match.js';
import { excelHeaders, previewRows, type UploadAnswer } from './import-api.js';
import { readHeaders } from './import-payload.js';
import { type HeaderInputs, type HeaderSelection, PREVIEW_ROWS, rangeInputs } from './use-header-selection.js';
import { useImportErrorText } from './use-import-text.js';

export const previewQueryKey = (uploadId: string, sheet: string, fromRow: number) => ['imports', 'preview', uploadId, sheet, fromRow] as const;

/** The preview window's rows, shared by the step and the wizard's first guess of the header. */
export const previewQuery = (uploadId: string, sheet: string, fromRow: number) => ({
  queryKey: previewQueryKey(uploadId, sheet, fromRow),
  queryFn: ({ signal }: { signal: AbortSignal }) => previewRows(uploadId, sheet, fromRow, PREVIEW_ROWS, signal),
  staleTime: Infinity,
});

/** Names fetched for one sheet and range; they stand only while the selection is unchanged. */
export interface FetchedHeaders {
  sheet: string;
  range: HeaderRange;
  headers: SheetHeaders;
}

class InvalidHeaderList extends Error {}

/** How the wizard reads the names of a header range; the step's button and the wizard's Next both use it. */
export interface HeaderFetch {
  /** Reads the names of `range` (the proposed one counts as chosen); `then` runs once they are in. */
  fetch: (range: HeaderRange | null, then?: (fetched: FetchedHeaders) => void) => void;
  pending: boolean;
}

/** Reads the header names of a range from the server and keeps them in the wizard. */
export function useHeaderFetch({ resource, upload, sheet, onFetched }: {
  resource: ResourceDefinition;
  upload: UploadAnswer | null;
  sheet: string;
  onFetched: (headers: FetchedHeaders) => void;
}): HeaderFetch {
  const intl = useIntl();
  const snackbar = useSnackbar();
  const importErrorText = useImportErrorText();
  const select = useMutation({
    mutationFn: async (chosen: HeaderRange): Promise<FetchedHeaders> => {
      if (!upload) throw new InvalidHeaderList();
      const headers = readHeaders(await excelHeaders(resource, upload.upload_id, sheet, chosen));
      if (!headers) throw new InvalidHeaderList();
      return { sheet, range: chosen, headers };
    },
    onSuccess: (answer) => {
      onFetched(answer);
      snackbar.success(fetchedText(intl, answer));
    },
    onError: (error) => {
      snackbar.error(error instanceof InvalidHeaderList ? intl.formatMessage({ id: 'imports.header.invalidList' }) : importErrorText(error));
    },
  });
  return {
    fetch: (range, then) => {
      if (!range) {
        snackbar.error(intl.formatMessage({ id: 'imports.header.notSelected' }));
        return;
      }
      select.mutate(range, { onSuccess: (answer) => then?.(answer) });
    },
    pending: select.isPending,
  };
}

const namedColumns = (headers: SheetHeaders) => sortedColumns(headers).filter((column) => (headers[column] ?? '').trim() !== '');

/** What was found: the header rows and how many columns they name. */
function fetchedText(intl: IntlShape, fetched: FetchedHeaders): string {
  const { headerFrom, headerTo } = fetched.range;
  const rows = headerFrom === headerTo ? String(headerFrom) : `${headerFrom}–${headerTo}`;
  return intl.formatMessage({ id: 'imports.header.fetched' }, { rows, multiple: headerFrom === headerTo ? 'no' : 'yes', count: namedColumns(fetched.headers).length });
}

/**
 * Step 2: the sheet, the header cells (Start and End, typed or picked on the preview) and the header
 * names the server reads from them.
 */
export function HeaderStep({ upload, sheet, onSheetChange, selection, onInputs, fetched, headerFetch }: {
  upload: UploadAnswer;
  sheet: string;
  onSheetChange: (sheet: string) => void;
  selection: HeaderSelection;
  onInputs: (inputs: HeaderInputs) => void;
  fetched: FetchedHeaders | null;
  headerFetch: HeaderFetch;
}) {
  const intl = useIntl();
  const importErrorText = useImportErrorText();
  const { range, windowFrom } = selection;
  const preview = useQuery({ ...previewQuery(upload.upload_id, sheet, windowFrom), placeholderData: keepPreviousData });
  const columns = preview.data?.columns ?? [];
  const rows = preview.data?.rows ?? [];
  const currentHeaders = fetched !== null && fetched.sheet === sheet && sameRange(fetched.range, range) ? fetched.headers : null;
  const current = currentHeaders !== null;

  const edges = { first: columns[0] ?? 'A', last: columns.at(-1) ?? 'A' };
  // A touch screen has no Shift key: there the first tap starts the header and the next tap on a row below ends it.
  const touch = useMediaQuery('(pointer: coarse)');
  const [touchStart, setTouchStart] = useState<number | null>(null);
  const pick = (row: number, extend: boolean) => {
    const ends = touch && !extend && touchStart !== null && range !== null && row > touchStart;
    const next = clickRange(range, row, extend || ends, edges);
    setTouchStart(ends ? null : row);
    onInputs({ ...rangeInputs(next), touched: true, source: 'picked', windowFrom });
  };
  const typed = (which: 'start' | 'end', value: string) =>
    onInputs({ start: selection.start, end: selection.end, [which]: value.toUpperCase().replace(/\s/g, ''), touched: true, source: 'typed', windowFrom });
  const page = (from: number) => onInputs({ start: selection.start, end: selection.end, touched: true, source: 'picked', windowFrom: Math.max(1, from) });

  const named = currentHeaders ? namedColumns(currentHeaders) : [];

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          select
          size="small"
          label={intl.formatMessage({ id: 'imports.header.sheet' })}
          value={sheet}
          onChange={(event) => onSheetChange(event.target.value)}
          sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'sheet-select' } }}
        >
          {upload.sheets.map((name) => <MenuItem key={name} value={name}>{name}</MenuItem>)}
        </TextField>
        <TextField
          size="small"
          label={intl.formatMessage({ id: 'imports.header.start' })}
          value={selection.start}
          onChange={(event) => typed('start', event.target.value)}
          error={selection.problem === 'start'}
          helperText={selection.problem === 'start' ? intl.formatMessage({ id: 'imports.header.problem.start' }) : intl.formatMessage({ id: 'imports.header.startHint' })}
          sx={{ width: { md: 190 } }}
          slotProps={{ htmlInput: { 'data-testid': 'header-start', autoCapitalize: 'characters', spellCheck: false } }}
        />
        <TextField
          size="small"
          label={intl.formatMessage({ id: 'imports.header.end' })}
          value={selection.end}
          onChange={(event) => typed('end', event.target.value)}
          error={selection.problem !== null && selection.problem !== 'start'}
          helperText={selection.problem !== null && selection.problem !== 'start'
            ? intl.formatMessage({ id: `imports.header.problem.${selection.problem}` }, { max: maxHeaderRows })
            : intl.formatMessage({ id: 'imports.header.endHint' })}
          sx={{ width: { md: 190 } }}
          slotProps={{ htmlInput: { 'data-testid': 'header-end', autoCapitalize: 'characters', spellCheck: false } }}
        />
        <Button variant="contained" onClick={() => headerFetch.fetch(range)} loading={headerFetch.pending} sx={{ whiteSpace: 'nowrap', mt: { md: 0.25 } }} data-testid="select-header">
          <FormattedMessage id="imports.header.select" />
        </Button>
        {current && fetched && (
          <Chip color="success" icon={<CheckCircleOutlined />} label={fetchedText(intl, fetched)} sx={{ mt: { md: 0.5 } }} data-testid="header-fetched" />
        )}
      </Stack>

      {current && (
        named.length > 0 ? (
          <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="header-names">
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
              <FormattedMessage id="imports.header.names" values={{ count: named.length }} />
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
              {named.map((column) => (
                <Chip key={column} size="small" variant="outlined" label={`${column} · ${currentHeaders?.[column] ?? ''}`} />
              ))}
            </Stack>
          </Paper>
        ) : (
          <Alert severity="warning"><FormattedMessage id="imports.header.empty" /></Alert>
        )
      )}
      {!current && fetched !== null && fetched.sheet === sheet && (
        <Alert severity="info"><FormattedMessage id="imports.header.changed" /></Alert>
      )}

      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          <FormattedMessage id={touch ? 'imports.header.previewHintTouch' : 'imports.header.previewHint'} />
        </Typography>
        <Button size="small" color="inherit" startIcon={<KeyboardArrowUpOutlined />} disabled={windowFrom <= 1} onClick={() => page(windowFrom - PREVIEW_ROWS)}>
          <FormattedMessage id="imports.header.earlier" />
        </Button>
        <Button size="small" color="inherit" startIcon={<KeyboardArrowDownOutlined />} disabled={rows.length < PREVIEW_ROWS} onClick={() => page(windowFrom + PREVIEW_ROWS)}>
          <FormattedMessage id="imports.header.later" />
        </Button>
      </Stack>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {preview.isFetching && <LinearProgress sx={{ height: 2 }} />}
        {preview.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>{importErrorText(preview.error)}</Alert>
        ) : (
          <TableContainer sx={{ maxHeight: { xs: 420, md: 'calc(100vh - 430px)' }, minHeight: 200 }}>
            <Table size="small" stickyHeader aria-label={intl.formatMessage({ id: 'imports.header.preview' })} data-testid="sheet-preview">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 48, bgcolor: 'action.hover', position: 'sticky', left: 0, zIndex: 3 }} />
                  {columns.map((column) => {
                    const inside = range !== null && columnNumber(column) >= columnNumber(range.colStart) && columnNumber(column) <= columnNumber(range.colEnd);
                    return (
                      <TableCell key={column} align="center" sx={{ bgcolor: 'action.hover', color: inside ? 'primary.main' : 'text.secondary', fontWeight: 600, py: 0.5 }}>
                        {column}
                      </TableCell>
                    );
                  })}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => {
                  const isHeader = range !== null && row.row >= range.headerFrom && row.row <= range.headerTo;
                  const onClick = (event: MouseEvent) => pick(row.row, event.shiftKey);
                  const onKeyDown = (event: KeyboardEvent) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      pick(row.row, event.shiftKey);
                    }
                  };
                  return (
                    <TableRow
                      key={row.row}
                      hover
                      selected={isHeader}
                      tabIndex={0}
                      onClick={onClick}
                      onKeyDown={onKeyDown}
                      aria-selected={isHeader}
                      data-row={row.row}
                      data-header={isHeader ? 'true' : undefined}
                      sx={{ cursor: 'pointer', userSelect: 'none' }}
                    >
                      <TableCell
                        component="th"
                        scope="row"
                        sx={(theme) => ({
                          position: 'sticky', left: 0, zIndex: 1, textAlign: 'right', color: isHeader ? 'primary.main' : 'text.secondary', fontWeight: 600,
                          bgcolor: isHeader ? alpha(theme.palette.primary.main, 0.16) : theme.palette.background.paper,
                        })}
                      >
                        {row.row}
                      </TableCell>
                      {columns.map((column) => {
                        const text = row.cells[column] ?? '';
                        const highlighted = inRange(range, row.row, column);
                        return (
                          <TableCell
                            key={column}
                            title={text.length > 30 ? text : undefined}
                            sx={(theme) => ({
                              maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap',
                              fontWeight: highlighted ? 600 : undefined,
                              bgcolor: highlighted ? alpha(theme.palette.primary.main, 0.1) : undefined,
                              borderLeft: `1px solid ${theme.palette.divider}`,
                            })}
                          >
                            {text}
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  );
                })}
                {!preview.isFetching && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={columns.length + 1}>
                      <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}><FormattedMessage id="imports.header.noRows" /></Box>
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
    </Stack>
  );
}
