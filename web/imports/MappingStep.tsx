import AutoFixHighOutlined from '@mui/icons-material/AutoFixHighOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, type HTMLAttributes } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DecimalMark } from '../../common/imports/coerce.js';
import { FieldInput } from '../resources/FieldInput.js';
import { firstValueText } from './first-value.js';
import { type ColumnMatch, type SheetHeaders, sortedColumns, unmappedColumns } from './header-match.js';
import { canBeConstant, type FieldSource, type ImportField, mappedFieldCount, unmappedRequired } from './import-payload.js';

const sourceValue = (source: FieldSource | undefined) =>
  source?.kind === 'column' ? `column:${source.column}` : source?.kind === 'constant' ? 'constant' : 'none';

const sourceOfValue = (value: string): FieldSource =>
  value.startsWith('column:') ? { kind: 'column', column: value.slice('column:'.length) } : value === 'constant' ? { kind: 'constant' } : { kind: 'none' };

const matchIcons = { remembered: <HistoryOutlined />, exact: <AutoFixHighOutlined />, likely: <HelpOutlineOutlined />, similar: <HelpOutlineOutlined /> };
// A proposal from a name that sheets also give other columns, or from a part of a name, is shown as one to check.
const matchColors = { remembered: 'primary', exact: 'default', likely: 'warning', similar: 'warning' } as const;

/**
 * Step 3: one row per field with the sheet column it takes (proposed from the last setup and the
 * header names), or one value for every row; SUBMIT saves the setup for the company.
 */
export function MappingStep({
  fields, fieldLabel, choiceLabel, headers, samples, decimalMarks, sources, matches, constants, onChange, onConstantChange, saved, submitting, submitError, fieldErrors, onSubmit,
}: {
  fields: readonly ImportField[];
  fieldLabel: (name: string) => string;
  choiceLabel: (field: string, value: string) => string;
  headers: SheetHeaders;
  /** The first value under each column, to recognise it by. */
  samples: Record<string, string>;
  /** Each numeric column's decimal mark, as the sheet's reading decided it. */
  decimalMarks: Record<string, DecimalMark | null>;
  sources: Record<string, FieldSource>;
  matches: Record<string, ColumnMatch>;
  /** Values of the fields that take one value for every row. */
  constants: Record<string, string>;
  onChange: (field: string, source: FieldSource) => void;
  onConstantChange: (field: string, value: string) => void;
  saved: boolean;
  submitting: boolean;
  submitError: string | null;
  fieldErrors: Record<string, string>;
  onSubmit: () => void;
}) {
  const intl = useIntl();
  const columns = sortedColumns(headers);
  const takenBy = new Map(Object.entries(sources).flatMap(([field, source]) => (source.kind === 'column' ? [[source.column, field] as const] : [])));
  const missing = unmappedRequired(fields, sources, constants);
  const ordered = [...fields.filter((field) => field.required), ...fields.filter((field) => !field.required)];
  const mappedCount = mappedFieldCount(fields, sources);
  const leftOver = unmappedColumns(headers, takenBy.keys());

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, position: 'sticky', top: -24, zIndex: 2, bgcolor: 'background.paper', py: 1.5, mt: -1.5 }}
      >
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="body2" color="text.secondary"><FormattedMessage id="imports.mapping.intro" /></Typography>
          {missing.length > 0 ? (
            <Typography variant="body2" color="warning.main" sx={{ mt: 0.5 }} data-testid="mapping-missing">
              <FormattedMessage id="imports.mapping.missing" values={{ fields: missing.map(fieldLabel).join(', ') }} />
            </Typography>
          ) : (
            <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }} data-testid="mapping-count">
              <FormattedMessage id="imports.mapping.count" values={{ mapped: mappedCount, total: fields.length }} />
            </Typography>
          )}
        </Box>
        <Button variant="contained" onClick={onSubmit} disabled={missing.length > 0} loading={submitting} sx={{ alignSelf: { xs: 'flex-end', md: 'center' } }} data-testid="mapping-submit">
          <FormattedMessage id="imports.mapping.submit" />
        </Button>
      </Stack>

      {submitError && <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} data-testid="setup-error">{submitError}</Alert>}
      {saved && !submitError && (
        <Alert severity="success" icon={<CheckCircleOutlined />} data-testid="setup-saved"><FormattedMessage id="imports.mapping.saved" /></Alert>
      )}

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <TableContainer>
          <Table size="small" aria-label={intl.formatMessage({ id: 'imports.mapping.title' })}>
            <TableHead sx={{ display: { xs: 'none', sm: 'table-header-group' } }}>
              <TableRow>
                <TableCell sx={{ fontWeight: 600, width: '30%' }}><FormattedMessage id="imports.mapping.field" /></TableCell>
                <TableCell sx={{ fontWeight: 600, width: '45%' }}><FormattedMessage id="imports.mapping.column" /></TableCell>
                <TableCell sx={{ fontWeight: 600 }}><FormattedMessage id="imports.mapping.example" /></TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ordered.map((field, index) => {
                const source = sources[field.name] ?? { kind: 'none' };
                const match = matches[field.name];
                const proposed = match && source.kind === 'column' && source.column === match.column ? match : undefined;
                const error = fieldErrors[field.name];
                const isMissing = missing.includes(field.name);
                const firstOptional = !field.required && (index === 0 || ordered[index - 1]?.required === true);
                const firstValue = source.kind === 'column' ? firstValueText(samples[source.column] ?? '', field.kind, decimalMarks[source.column], intl.locale) : '';
                return (
                  <Fragment key={field.name}>
                  {firstOptional && (
                    <TableRow>
                      <TableCell colSpan={3} sx={{ bgcolor: 'action.hover', py: 0.75 }}>
                        <Typography variant="caption" sx={{ fontWeight: 600 }} color="text.secondary">
                          <FormattedMessage id="imports.mapping.optional" />
                        </Typography>
                      </TableCell>
                    </TableRow>
                  )}
                  <TableRow data-field-row={field.name}>
                    <TableCell sx={{ display: { xs: 'block', sm: 'table-cell' }, borderBottom: { xs: 'none', sm: undefined }, pb: { xs: 0, sm: undefined } }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {fieldLabel(field.name)}
                        {field.required && <Box component="span" sx={{ color: 'error.main', ml: 0.5 }} aria-hidden>*</Box>}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        <FormattedMessage id={`imports.kind.${field.kind}`} />
                        {field.required && <> · <FormattedMessage id="imports.mapping.required" /></>}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'block', sm: 'table-cell' } }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <TextField
                          select
                          size="small"
                          fullWidth
                          value={sourceValue(source)}
                          onChange={(event) => onChange(field.name, sourceOfValue(event.target.value))}
                          error={error !== undefined || (isMissing && submitError !== null)}
                          helperText={error}
                          slotProps={{
                            htmlInput: { 'data-testid': `map-${field.name}` },
                            select: {
                              SelectDisplayProps: { 'aria-label': fieldLabel(field.name) } as HTMLAttributes<HTMLDivElement>,
                              MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } },
                            },
                          }}
                        >
                          <MenuItem value="none">
                            <em><FormattedMessage id={field.required ? 'imports.mapping.choose' : 'imports.mapping.skip'} /></em>
                          </MenuItem>
                          <ListSubheader><FormattedMessage id="imports.mapping.sheetColumns" /></ListSubheader>
                          {columns.map((column) => {
                            const owner = takenBy.get(column);
                            return (
                              <MenuItem key={column} value={`column:${column}`} data-column={column}>
                                <Box component="span" sx={{ fontWeight: 600, mr: 1, minWidth: 24 }}>{column}</Box>
                                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>— {headers[column] || intl.formatMessage({ id: 'imports.mapping.untitled' })}</Box>
                                {owner && owner !== field.name && (
                                  <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                                    <FormattedMessage id="imports.mapping.takenBy" values={{ field: fieldLabel(owner) }} />
                                  </Typography>
                                )}
                              </MenuItem>
                            );
                          })}
                          {canBeConstant(field) && <Divider />}
                          {canBeConstant(field) && (
                            <MenuItem value="constant" data-testid={`constant-${field.name}`}>
                              <FormattedMessage id="imports.mapping.constant" />
                            </MenuItem>
                          )}
                        </TextField>
                        <Box sx={{ width: 136, flexShrink: 0, display: { xs: 'none', sm: 'block' } }}>
                          {proposed && (
                            <Chip
                              size="small"
                              // The longer proposals ('Common name: check') wrap inside the chip rather than lose their end.
                              sx={{ height: 'auto', minHeight: 24, maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
                              variant="outlined"
                              color={matchColors[proposed.source]}
                              icon={matchIcons[proposed.source]}
                              label={<FormattedMessage id={`imports.mapping.source.${proposed.source}`} />}
                            />
                          )}
                        </Box>
                      </Stack>
                      {firstValue !== '' && (
                        // A phone has no room for the first-value column: the value stands under the choice.
                        <Typography variant="caption" color="text.secondary" component="p" sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }} data-testid="first-value-inline">
                          <FormattedMessage id="imports.mapping.example" />: {firstValue}
                        </Typography>
                      )}
                      {source.kind === 'constant' && (
                        <Box sx={{ mt: 1, maxWidth: { sm: 'calc(100% - 144px)' } }}>
                          <FieldInput
                            name={field.name}
                            definition={{ kind: field.kind, required: field.required, choices: field.choices, maxLength: field.maxLength }}
                            label={intl.formatMessage({ id: 'imports.mapping.constantValue' })}
                            value={constants[field.name] ?? ''}
                            onChange={(value) => onConstantChange(field.name, value)}
                            choiceLabel={(value) => choiceLabel(field.name, value)}
                          />
                          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                            <FormattedMessage id="imports.mapping.constantHint" />
                          </Typography>
                        </Box>
                      )}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, color: 'text.secondary', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                      {firstValue}
                    </TableCell>
                  </TableRow>
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>

      {leftOver.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="extra-columns">
          <Typography variant="subtitle2" component="h3"><FormattedMessage id="imports.mapping.extraTitle" /></Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            <FormattedMessage id="imports.mapping.extraHint" />
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
            {leftOver.map((entry) => (
              <Chip key={entry.column} size="small" variant="outlined" label={`${entry.column} · ${entry.title} → ${entry.name}`} />
            ))}
          </Stack>
        </Paper>
      )}

    </Stack>
  );
}
