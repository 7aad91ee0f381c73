import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { agreementCodes, agreements, type AgreementCode } from '../../../common/agreements.js';
import type { DutyRateRow } from '../../../common/lookup/schemas.js';

const isAgreementCode = (schedule: string): schedule is AgreementCode => (agreementCodes as readonly string[]).includes(schedule);

/** The name a schedule is known by: the agreement's common name, RCEP with its partner group. */
export function scheduleName(intl: IntlShape, schedule: string): string {
  if (schedule === 'ordinary') return intl.formatMessage({ id: 'lookup.code.scheduleOrdinary' });
  if (schedule === 'MFN') return intl.formatMessage({ id: 'lookup.code.scheduleMfn' });
  if (isAgreementCode(schedule)) return agreements[schedule].name;
  return schedule.startsWith('RCEP ') ? `RCEP (${schedule.slice(5)})` : schedule;
}

/**
 * What a published cell means in the reader's language; a plain rate needs no words, unless a preferential rate is
 * above MFN (an importer then pays MFN).
 */
function rateMeaning(intl: IntlShape, rate: DutyRateRow, mfn: number | null): string {
  const preferential = rate.schedule !== 'ordinary' && rate.schedule !== 'MFN';
  if (preferential && rate.kind === 'rate' && mfn !== null && (rate.percent ?? 0) > mfn) return intl.formatMessage({ id: 'lookup.code.aboveMfn' });
  if (rate.kind === 'no_preference') return intl.formatMessage({ id: 'lookup.code.noPreference' });
  if (rate.kind === 'rate_except') {
    const countries = intl.formatList(rate.exceptCountries.map((code) => intl.formatDisplayName(code, { type: 'region', fallback: 'code' }) ?? code));
    return intl.formatMessage({ id: 'lookup.code.rateExcept' }, { percent: intl.formatNumber(rate.percent ?? 0), countries });
  }
  if (rate.kind === 'text') return intl.formatMessage({ id: 'lookup.code.rateAsPublished' });
  // Every row says when its rate applies: the ordinary rate is not always 150% of MFN (5% where MFN is 0).
  if (rate.schedule === 'ordinary') return intl.formatMessage({ id: 'lookup.code.meaningOrdinary' });
  if (rate.schedule === 'MFN') return intl.formatMessage({ id: 'lookup.code.meaningMfn' });
  return intl.formatMessage({ id: 'lookup.code.meaningPreferential' });
}

/** A line's ordinary, MFN and preferential rates as the tariff publishes them, exclusions explained. */
export function DutyRatesTable({ rates }: { rates: DutyRateRow[] }) {
  const intl = useIntl();
  const mfn = rates.find((rate) => rate.schedule === 'MFN' && rate.kind === 'rate')?.percent ?? null;
  return (
    <>
    <Table size="small" aria-label={intl.formatMessage({ id: 'lookup.code.dutyRates' })}>
      <TableHead>
        <TableRow>
          <TableCell><FormattedMessage id="lookup.code.schedule" /></TableCell>
          <TableCell align="right"><FormattedMessage id="lookup.code.ratePercent" /></TableCell>
          <TableCell><FormattedMessage id="lookup.code.rateMeaning" /></TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rates.map((rate) => (
          <TableRow key={rate.schedule}>
            <TableCell sx={{ fontWeight: 600 }}>{scheduleName(intl, rate.schedule)}</TableCell>
            <TableCell align="right">{rate.kind === 'rate' ? intl.formatNumber(rate.percent ?? 0) : rate.published}</TableCell>
            <TableCell><Typography component="span" variant="body2" color="text.secondary">{rateMeaning(intl, rate, mfn)}</Typography></TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
    {rates.some((rate) => rate.schedule.startsWith('RCEP ')) && (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}><FormattedMessage id="lookup.code.rcepSchedules" /></Typography>
    )}
    </>
  );
}
