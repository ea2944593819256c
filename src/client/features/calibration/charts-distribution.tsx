/**
 * One item's distribution of scores as a stacked bar chart, loaded lazily (recharts is large): the others' scores
 * and the reader's own score in a second colour, the reference level marked by a vertical line. The chart is a
 * picture for sighted readers; the table beside it (results-item-card.tsx) says the same in text.
 */
import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';
import { memo } from 'react';
import { BarChart } from '@mantine/charts';

export interface DistributionBar {
  level: string;
  Others: number;
  You: number;
}

export interface DistributionChartProps {
  bars: DistributionBar[];
  /** The reference level's bar label, when there is a reference. */
  reference: string | null;
  label: string;
  withOwn: boolean;
}

export default memo(function DistributionChart({ bars, reference, label, withOwn }: DistributionChartProps) {
  return (
    <BarChart
      h={220}
      data={bars}
      dataKey="level"
      type="stacked"
      series={[{ name: 'Others', label: 'Scores', color: 'blue.6' }, ...(withOwn ? [{ name: 'You', label: 'Your score', color: 'orange.6' }] : [])]}
      withLegend={withOwn}
      legendProps={{ verticalAlign: 'bottom' }}
      yAxisProps={{ domain: [0, 'auto'], allowDecimals: false }}
      tickLine="y"
      referenceLines={reference ? [{ x: reference, label: 'Reference', color: 'teal.6', labelPosition: 'insideTopRight' }] : []}
      // A name on a plain div is not allowed (axe: aria-prohibited-attr); as a figure the chart is announced by it.
      role="figure"
      aria-label={label}
    />
  );
});
