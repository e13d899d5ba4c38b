import '@mantine/charts/styles.css';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import type { ReportChart as ReportChartData, ReportChartType } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import i18next from '../../../lib/i18n';

const COLORS = ['blue.7', 'teal.7', 'orange.7', 'grape.7', 'red.7', 'cyan.8', 'lime.8', 'pink.7'] as const;
const CATEGORY = '__category';

export interface ReportChartProps {
  chart: ReportChartData;
  type: ReportChartType;
}

/**
 * [M2.53] A server report's chart, drawn with @mantine/charts (recharts), as the chosen chart type: Column (upright
 * bars), Bar (lying bars), Line or Area; one series per measure. Its code loads only when a report draws a chart.
 */
export function ReportChart({ chart, type }: ReportChartProps) {
  const { t } = useTranslation();
  // Series names may hold dots or spaces, which recharts reads as paths: each series gets a plain key and its name as label.
  const series = chart.Series.map((s, i) => ({
    name: `s${i}`,
    label: s.Name,
    color: COLORS[i % COLORS.length] as string,
  }));
  const data = chart.Categories.map((category, c) => ({
    [CATEGORY]: category,
    ...Object.fromEntries(chart.Series.map((s, i) => [`s${i}`, s.Values[c] ?? 0])),
  }));
  const number = new Intl.NumberFormat(i18next.language, { maximumFractionDigits: 2 });
  const common = {
    h: 320,
    data,
    dataKey: CATEGORY,
    series,
    withLegend: true,
    valueFormatter: (value: number) => number.format(value),
    xAxisLabel: type === 'Bar' ? undefined : chart.CategoryName,
    legendProps: { verticalAlign: 'bottom' as const },
  };
  return (
    <Box
      role="img"
      aria-label={t('reports.chart.label', {
        type: t(`reports.chart.types.${type}`),
        category: chart.CategoryName,
        series: chart.Series.map((s) => s.Name).join(', '),
      })}
      data-testid="report-chart"
      data-chart-type={type}
    >
      {type === 'Line' && <LineChart {...common} curveType="linear" />}
      {type === 'Area' && <AreaChart {...common} curveType="linear" />}
      {(type === 'Column' || type === 'Bar' || type === 'Pie') && (
        <BarChart
          {...common}
          orientation={type === 'Bar' ? 'vertical' : 'horizontal'}
          yAxisProps={type === 'Bar' ? { width: 120 } : undefined}
        />
      )}
    </Box>
  );
}
