import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { agreements, isAgreementCode } from '../../../common/agreements.js';
import type { CoUtilisation, OriginPassChart, StatementCheckChart } from '../../../common/reports/schemas.js';
import { ChartCard, FigureTable, useChartBase, ValueNote } from './DashboardCharts.js';

export interface ComplianceData { coUtilisation?: CoUtilisation; statementCheck?: StatementCheckChart; origin?: OriginPassChart }

/** The name an agreement is known by; a line no agreement covers is "none". */
export function useAgreementName() {
  const intl = useIntl();
  return (code: string | null) => (code === null ? intl.formatMessage({ id: 'overview.charts.noAgreement' }) : isAgreementCode(code) ? agreements[code].name : code);
}

/** Where a chart has nothing to draw yet: what it will show and where its data comes from. */
function EmptyChart({ testId, titleId, textId, to, actionId }: { testId: string; titleId: string; textId: string; to: string; actionId: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}><FormattedMessage id={titleId} /></Typography>
        <Typography color="text.secondary" sx={{ my: 1 }}><FormattedMessage id={textId} /></Typography>
        <Button component={RouterLink} to={to} size="small"><FormattedMessage id={actionId} /></Button>
      </CardContent>
    </Card>
  );
}

/** C/O utilisation, the check statement and origin schedules of the period; each chart has a table view of the same figures. */
export function ComplianceCharts({ data }: { data: ComplianceData }) {
  const intl = useIntl();
  const { theme, background, axis } = useChartBase();
  const agreementName = useAgreementName();
  const t = (id: string) => intl.formatMessage({ id: `overview.charts.${id}` });
  const co = data.coUtilisation;
  const check = data.statementCheck;
  const origin = data.origin;
  // A group none of whose lines has a value draws no bar and reads "no value" in the table, rather than 0.
  const coFigure = (row: CoUtilisation['rows'][number], figure: string) => (row.missing_lines === row.lines ? null : Number(figure));
  const noValue = intl.formatMessage({ id: 'statements.values.noValue' });
  const coShown = (row: CoUtilisation['rows'][number], figure: string) => coFigure(row, figure) ?? noValue;
  const dutyUnknown = check?.by_status.reduce((sum, row) => sum + row.duty_unknown_rows, 0) ?? 0;
  const legendGrid = { tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } }, grid: { left: 60, right: 16, top: 36, bottom: 30 } };
  return (
    <Grid container spacing={2}>
      {co && (
        <Grid size={12}>
          {co.rows.length === 0
            ? <EmptyChart testId="chart-co-utilisation" titleId="overview.charts.coUtilisation" textId="overview.charts.coEmpty" to="/data/exim/ecus" actionId="overview.actions.import" />
            : (
              <ChartCard
                testId="chart-co-utilisation" titleId="overview.charts.coUtilisation"
                option={{
                  ...background, ...legendGrid, legend: { data: [t('withCo'), t('withoutCo'), t('saving')], top: 0 },
                  xAxis: { type: 'category', data: co.rows.map((row) => agreementName(row.key)) }, yAxis: axis,
                  series: [
                    { name: t('withCo'), type: 'bar', stack: 'value', data: co.rows.map((row) => coFigure(row, row.with_co_value)), itemStyle: { color: theme.palette.success.main } },
                    { name: t('withoutCo'), type: 'bar', stack: 'value', data: co.rows.map((row) => coFigure(row, row.without_co_value)), itemStyle: { color: theme.palette.grey[500] } },
                    { name: t('saving'), type: 'bar', data: co.rows.map((row) => coFigure(row, row.saving)), itemStyle: { color: theme.palette.warning.main } },
                  ],
                }}
                table={<FigureTable headers={[t('agreement'), t('lines'), t('withCo'), t('withoutCo'), t('saving')]}
                  rows={co.rows.map((row) => [agreementName(row.key), row.lines, coShown(row, row.with_co_value), coShown(row, row.without_co_value), coShown(row, row.saving)])} />}
                note={<ValueNote testId="chart-co-utilisation-values" derived={co.totals.derived_lines} missing={co.totals.missing_lines} />}
              />
            )}
        </Grid>
      )}
      {check && (
        <Grid size={{ xs: 12, lg: 6 }}>
          {check.by_status.length === 0
            ? <EmptyChart testId="chart-statement-check" titleId="overview.charts.checkTitle" textId="overview.charts.checkEmpty" to="/reports/check-statement" actionId="overview.charts.openCheck" />
            : (
              <ChartCard
                testId="chart-statement-check" titleId="overview.charts.checkTitle"
                option={{
                  ...background, ...legendGrid, legend: { data: [t('checkRows'), t('exposureVnd')], top: 0 },
                  xAxis: { type: 'category', data: check.by_status.map((row) => t(`status.${row.status}`)) },
                  // Two measures, two axes: how many materials (left) and the duty they put at stake (right).
                  yAxis: [{ type: 'value', minInterval: 1 }, { ...axis, splitLine: { show: false } }],
                  series: [
                    { name: t('checkRows'), type: 'bar', data: check.by_status.map((row) => row.rows), itemStyle: { color: theme.palette.info.main } },
                    { name: t('exposureVnd'), type: 'bar', yAxisIndex: 1, data: check.by_status.map((row) => Number(row.duty_exposure)), itemStyle: { color: theme.palette.error.main } },
                  ],
                }}
                table={(
                  <>
                    <FigureTable headers={[t('statusTitle'), t('checkRows'), t('exposureVnd')]} rows={check.by_status.map((row) => [t(`status.${row.status}`), row.rows, Number(row.duty_exposure)])} />
                    {check.top_open.length > 0 && (
                      <FigureTable headers={[t('code'), t('name'), t('exposure')]} rows={check.top_open.map((row) => [row.code, row.name ?? '', Number(row.duty_exposure)])} />
                    )}
                  </>
                )}
                note={(dutyUnknown > 0 || check.derived_value_rows > 0) && (
                  <Stack spacing={0.5} sx={{ mt: 1 }} data-testid="chart-statement-check-values">
                    {dutyUnknown > 0 && <Typography variant="caption" color="warning.dark"><FormattedMessage id="statements.values.checkUnknown" values={{ count: dutyUnknown }} /></Typography>}
                    {check.derived_value_rows > 0 && <Typography variant="caption" color="text.secondary"><FormattedMessage id="statements.values.checkDerived" values={{ count: check.derived_value_rows }} /></Typography>}
                  </Stack>
                )}
              />
            )}
        </Grid>
      )}
      {origin && (
        <Grid size={{ xs: 12, lg: 6 }}>
          {origin.by_agreement.length === 0
            ? <EmptyChart testId="chart-origin-pass" titleId="overview.charts.originTitle" textId="overview.charts.originEmpty" to="/fta/bangke" actionId="overview.actions.origin" />
            : (
              <ChartCard
                testId="chart-origin-pass" titleId="overview.charts.originTitle"
                option={{
                  ...background, ...legendGrid, legend: { data: [t('fulfilled'), t('notFulfilled')], top: 0 },
                  xAxis: { type: 'category', data: origin.by_agreement.map((row) => agreementName(row.agreement)) }, yAxis: { type: 'value', minInterval: 1 },
                  series: [
                    { name: t('fulfilled'), type: 'bar', stack: 'schedules', data: origin.by_agreement.map((row) => row.fulfilled), itemStyle: { color: theme.palette.success.main } },
                    { name: t('notFulfilled'), type: 'bar', stack: 'schedules', data: origin.by_agreement.map((row) => row.schedules - row.fulfilled), itemStyle: { color: theme.palette.error.light } },
                  ],
                }}
                table={<FigureTable headers={[t('agreement'), t('schedules'), t('fulfilled'), t('passRate')]}
                  rows={origin.by_agreement.map((row) => [agreementName(row.agreement), row.schedules, row.fulfilled, intl.formatNumber(row.fulfilled / row.schedules, { style: 'percent', maximumFractionDigits: 1 })])} />}
              />
            )}
        </Grid>
      )}
    </Grid>
  );
}
