/**
 * Agreement with the faculty members' self-scores per month as a line chart, loaded lazily (recharts is large). A
 * month without a figure is a gap, not a zero. The table beside it (severity-page.tsx) is its text alternative.
 */
import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';
import { memo } from 'react';
import { LineChart } from '@mantine/charts';

export interface SelfScorePoint {
  period: string;
  Exact: number | null;
  Adjacent: number | null;
}

export default memo(function SelfScoresChart({ points, label }: { points: SelfScorePoint[]; label: string }) {
  return (
    <LineChart
      h={260}
      data={points}
      dataKey="period"
      series={[
        { name: 'Adjacent', label: 'Adjacent agreement (%)', color: 'teal.6' },
        { name: 'Exact', label: 'Exact agreement (%)', color: 'blue.6' },
      ]}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      yAxisProps={{ domain: [0, 100] }}
      unit=" %"
      connectNulls={false}
      curveType="linear"
      role="figure"
      aria-label={label}
    />
  );
});
