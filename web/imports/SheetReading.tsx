import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DecimalMark } from '../../common/imports/coerce.js';
import { recogniseLayout } from '../../common/imports/ecus-layouts.js';
import { type SheetHeaders, sortedColumns } from './header-match.js';
import type { FieldSource } from './import-payload.js';
import type { NumberReading } from './use-number-reading.js';

/**
 * What the wizard read of the sheet before the columns are mapped: the known export layout it recognised, and how each
 * numeric column's numbers will be read ('100.000 → 100 000'), asking for the decimal mark only when the file
 * cannot tell.
 */
export function SheetReading({ headers, sources, fieldLabel, numbers }: {
  headers: SheetHeaders;
  sources: Record<string, FieldSource>;
  fieldLabel: (name: string) => string;
  numbers: NumberReading;
}) {
  const intl = useIntl();
  const layout = recogniseLayout(sortedColumns(headers).map((column) => headers[column] ?? ''));
  const fieldOfColumn = new Map(Object.entries(sources).flatMap(([field, source]) => (source.kind === 'column' ? [[source.column, field] as const] : [])));
  const readings = Object.entries(numbers.answer?.columns ?? {}).filter(([, reading]) => reading.examples.length > 0);
  // Thousands grouped by a thin space, which no one reads as a decimal mark: '100.000 → 100 000' says what was read in
  // every language, where '100.000 → 100.000' would not.
  const number = (value: string | null) => (value === null ? '?' : new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 6 })
    .formatToParts(Number(value)).map((part) => (part.type === 'group' ? '\u202f' : part.value)).join(''));

  return (
    <Stack spacing={1} data-testid="sheet-reading">
      {layout && (
        <Alert severity={layout.goodsLines ? 'success' : 'warning'} data-testid="recognised-layout">
          <FormattedMessage id={`imports.layouts.${layout.id}`} values={{ columns: layout.columns }} />
        </Alert>
      )}
      {readings.length > 0 && (
        <Alert severity={readings.some(([, reading]) => reading.conflicting) ? 'warning' : 'info'} data-testid="number-reading">
          <Typography variant="body2" sx={{ fontWeight: 600 }}><FormattedMessage id="imports.numbers.title" /></Typography>
          {readings.map(([column, reading]) => (
            <Typography key={column} variant="body2" data-column={column}>
              {fieldLabel(fieldOfColumn.get(column) ?? '')} ({column}): {reading.examples.map((example) => `${example.text} → ${number(example.value)}`).join(' · ')}
              {reading.source && <> — <FormattedMessage id={`imports.numbers.source.${reading.source}`} /></>}
              {reading.conflicting && <> — <FormattedMessage id="imports.numbers.conflicting" /></>}
            </Typography>
          ))}
        </Alert>
      )}
      {numbers.asked && (
        <Alert severity={numbers.undecided.length > 0 ? 'warning' : 'info'} data-testid="decimal-mark-question">
          <Typography variant="body2">
            <FormattedMessage id="imports.numbers.ask" />
          </Typography>
          <RadioGroup row value={numbers.decimalMark ?? ''} onChange={(event) => numbers.setDecimalMark(event.target.value as DecimalMark)}>
            <FormControlLabel value="," control={<Radio size="small" />} label={intl.formatMessage({ id: 'imports.numbers.comma' })} />
            <FormControlLabel value="." control={<Radio size="small" />} label={intl.formatMessage({ id: 'imports.numbers.dot' })} />
          </RadioGroup>
        </Alert>
      )}
    </Stack>
  );
}
