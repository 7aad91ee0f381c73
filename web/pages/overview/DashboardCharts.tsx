import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Dashboard } from '../../../common/reports/schemas.js';
import { chartCardMinHeight } from './chart-size.js';

// Only the pieces the charts draw, so the chunk stays small; the whole module loads with the overview's charts.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type DashboardData = Dashboard;

type Option = Record<string, unknown>;

/** An ECharts canvas: created on mount, given each new option, resized with its box, disposed on unmount. */
function EChart({ option, dark }: { option: Option; dark: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const chart = echarts.init(element, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.setOption(option, { notMerge: true });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element);
    return () => { observer.disconnect(); chart.dispose(); };
  }, [option, dark]);
  return <div ref={box} style={{ height: 280, width: '100%' }} />;
}

/** One chart with its table view: the same figures, drawn or listed; `note` says what the figures leave out. */
export function ChartCard({ titleId, option, table, testId, note }: { titleId: string; option: Option; table: ReactNode; testId: string; note?: ReactNode }) {
  const intl = useIntl();
  const theme = useTheme();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card variant="outlined" sx={{ height: '100%', minHeight: chartCardMinHeight }} data-testid={testId}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}><FormattedMessage id={titleId} /></Typography>
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_event, next: 'chart' | 'table' | null) => next && setView(next)} aria-label={intl.formatMessage({ id: 'overview.charts.view' })}>
            <ToggleButton value="chart"><FormattedMessage id="overview.charts.chart" /></ToggleButton>
            <ToggleButton value="table"><FormattedMessage id="overview.charts.table" /></ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        {view === 'chart'
          ? <EChart option={option} dark={theme.palette.mode === 'dark'} />
          : table}
        {note}
      </CardContent>
    </Card>
  );
}

/** A chart's figures as a table: numbers right-aligned in the reader's format. */
export function FigureTable({ headers, rows }: { headers: string[]; rows: Array<Array<string | number>> }) {
  const intl = useIntl();
  return (
    <Table size="small">
      <TableHead><TableRow>{headers.map((header) => <TableCell key={header}>{header}</TableCell>)}</TableRow></TableHead>
      <TableBody>
        {rows.map((row, index) => <TableRow key={index}>{row.map((cell, column) => <TableCell key={column} align={typeof cell === 'number' ? 'right' : 'left'}>{typeof cell === 'number' ? intl.formatNumber(cell) : cell}</TableCell>)}</TableRow>)}
      </TableBody>
    </Table>
  );
}

/**
 * Under a chart of values: how many of its lines had their value derived from the invoice value × exchange rate, and
 * how many had none and are left out (a bar or point without any is drawn empty, not at 0).
 */
export function ValueNote({ derived, missing, testId }: { derived: number; missing: number; testId: string }) {
  if (derived === 0 && missing === 0) return null;
  return (
    <Stack spacing={0.5} sx={{ mt: 1 }} data-testid={testId}>
      {missing > 0 && <Typography variant="caption" color="warning.dark"><FormattedMessage id="statements.values.missingLines" values={{ count: missing }} /></Typography>}
      {derived > 0 && <Typography variant="caption" color="text.secondary"><FormattedMessage id="statements.values.derivedLines" values={{ count: derived }} /></Typography>}
    </Stack>
  );
}

/** A value of a chart: null (no line had one) is a gap in the chart, never 0. */
export const chartValue = (value: string | null) => (value === null ? null : Number(value));

/** The lines' counts of derived and missing values, summed. */
const countsOf = (rows: ReadonlyArray<{ derived_lines: number; missing_lines: number }>) =>
  rows.reduce((sum, row) => ({ derived: sum.derived + row.derived_lines, missing: sum.missing + row.missing_lines }), { derived: 0, missing: 0 });

/** What every chart shares: a transparent background in the theme's font, and a value axis in compact figures. */
export function useChartBase() {
  const intl = useIntl();
  const theme = useTheme();
  const money = (value: number | string) => intl.formatNumber(Number(value), { notation: 'compact', maximumFractionDigits: 1 });
  return {
    theme,
    background: { backgroundColor: 'transparent', textStyle: { fontFamily: theme.typography.fontFamily } },
    axis: { type: 'value', axisLabel: { formatter: (value: number) => money(value) } },
  };
}

/** The overview's charts of a period's declarations; each has a table view of the same figures. */
export function DashboardCharts({ data }: { data: DashboardData }) {
  const intl = useIntl();
  const { theme, background, axis } = useChartBase();
  const months = [...new Set([...data.by_month.map((row) => row.month), ...data.duty.map((row) => row.month)])].sort();
  // A month whose lines have no value at all draws no bar rather than a bar at 0.
  const valueOf = (month: string, direction: 'import' | 'export') => {
    const known = data.by_month.filter((row) => row.month === month && row.direction === direction && row.value !== null);
    return known.length === 0 ? null : known.reduce((sum, row) => sum + Number(row.value), 0);
  };
  const noValue = intl.formatMessage({ id: 'statements.values.noValue' });
  const shown = (figure: string | null) => (figure === null ? noValue : Number(figure));
  const declared = countsOf(data.by_month);
  const exempted = countsOf(data.duty);
  const top = countsOf(data.top_materials);
  const importsLabel = intl.formatMessage({ id: 'overview.charts.imports' });
  const exportsLabel = intl.formatMessage({ id: 'overview.charts.exports' });
  const paidLabel = intl.formatMessage({ id: 'overview.charts.paid' });
  const exemptLabel = intl.formatMessage({ id: 'overview.charts.exempted' });
  const tableOf = (headers: string[], rows: Array<Array<string | number>>) => <FigureTable headers={headers} rows={rows} />;
  const month = intl.formatMessage({ id: 'overview.charts.month' });
  const value = intl.formatMessage({ id: 'overview.charts.value' });
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard
          testId="chart-by-month" titleId="overview.charts.byMonth"
          option={{
            ...background, tooltip: { trigger: 'axis' }, legend: { data: [importsLabel, exportsLabel], top: 0 }, grid: { left: 60, right: 16, top: 36, bottom: 30 },
            xAxis: { type: 'category', data: months }, yAxis: axis,
            series: [
              { name: importsLabel, type: 'bar', data: months.map((m) => valueOf(m, 'import')), itemStyle: { color: theme.palette.primary.main } },
              { name: exportsLabel, type: 'bar', data: months.map((m) => valueOf(m, 'export')), itemStyle: { color: theme.palette.secondary.main } },
            ],
          }}
          table={tableOf([month, intl.formatMessage({ id: 'overview.charts.direction' }), intl.formatMessage({ id: 'overview.charts.typeCode' }), intl.formatMessage({ id: 'overview.charts.lines' }), value],
            data.by_month.map((row) => [row.month, row.direction === 'import' ? importsLabel : exportsLabel, row.type_code, row.lines, shown(row.value)]))}
          note={<ValueNote testId="chart-by-month-values" derived={declared.derived} missing={declared.missing} />}
        />
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard
          testId="chart-duty" titleId="overview.charts.duty"
          option={{
            ...background, tooltip: { trigger: 'axis' }, legend: { data: [paidLabel, exemptLabel], top: 0 }, grid: { left: 60, right: 16, top: 36, bottom: 30 },
            xAxis: { type: 'category', data: data.duty.map((row) => row.month) }, yAxis: axis,
            series: [
              { name: paidLabel, type: 'bar', data: data.duty.map((row) => Number(row.paid)), itemStyle: { color: theme.palette.warning.main } },
              { name: exemptLabel, type: 'line', data: data.duty.map((row) => chartValue(row.exempted_value)), itemStyle: { color: theme.palette.success.main } },
            ],
          }}
          table={tableOf([month, paidLabel, exemptLabel], data.duty.map((row) => [row.month, Number(row.paid), shown(row.exempted_value)]))}
          note={<ValueNote testId="chart-duty-values" derived={exempted.derived} missing={exempted.missing} />}
        />
      </Grid>
      <Grid size={12}>
        <ChartCard
          testId="chart-top-materials" titleId="overview.charts.topMaterials"
          option={{
            ...background, tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } }, grid: { left: 110, right: 24, bottom: 20, top: 10 },
            xAxis: axis, yAxis: { type: 'category', data: [...data.top_materials].reverse().map((row) => row.code) },
            series: [{ name: value, type: 'bar', data: [...data.top_materials].reverse().map((row) => chartValue(row.value)), itemStyle: { color: theme.palette.primary.main } }],
          }}
          table={tableOf([intl.formatMessage({ id: 'overview.charts.code' }), intl.formatMessage({ id: 'overview.charts.name' }), intl.formatMessage({ id: 'overview.charts.lines' }), value],
            data.top_materials.map((row) => [row.code, row.name ?? '', row.lines, shown(row.value)]))}
          note={<ValueNote testId="chart-top-materials-values" derived={top.derived} missing={top.missing} />}
        />
      </Grid>
    </Grid>
  );
}
