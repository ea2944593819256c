/**
 * The bar chart itself, loaded lazily (recharts is large): only this chunk imports @mantine/charts and its CSS,
 * so the initial bundle stays small. Y axis starts at zero and counts in whole steps.
 */
import '@mantine/charts/styles.css';
import { memo } from 'react';
import { BarChart } from '@mantine/charts';
// The legend's colour dots: the client loads Mantine CSS per component (see src/client/styles.ts).
import '@mantine/core/styles/ColorSwatch.css';
import type { ObservationStatus } from '../../../shared/enums.js';
import type { StreamRow } from './compute-stream.js';

export const STATUS_COLORS: Record<ObservationStatus, string> = {
  Pending: 'yellow.6',
  Ongoing: 'blue.6',
  Completed: 'teal.6',
};

export interface StreamChartProps {
  rows: StreamRow[];
  statuses: ObservationStatus[];
}

/** Memoised: the panel re-renders for its controls; the chart only when its bars or series change. */
export default memo(function StreamChart({ rows, statuses }: StreamChartProps) {
  return (
    <BarChart
      h={300}
      data={rows}
      dataKey="period"
      series={statuses.map((name) => ({ name, color: STATUS_COLORS[name] }))}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      yAxisProps={{ domain: [0, 'auto'], allowDecimals: false }}
      xAxisProps={{ interval: 0, angle: rows.length > 6 ? -30 : 0, textAnchor: rows.length > 6 ? 'end' : 'middle', height: rows.length > 6 ? 60 : 30 }}
      tickLine="y"
      // A name on a plain div is not allowed (axe: aria-prohibited-attr); as a figure the chart is announced by it.
      role="figure"
      aria-label="Observations by status per period"
    />
  );
});
