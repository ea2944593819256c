/**
 * The analytics charts, loaded lazily (recharts is large): completion funnel, observer rubric averages by
 * semester (bars per item), and the faculty × item heatmap of observer score averages. Scores only ever reach
 * roles that may see observer scores (the server refuses Faculty and Observer).
 */
import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';
import { BarChart, FunnelChart, MatrixChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { AnalyticsResponse } from '../../../shared/contract/analytics.js';

const FUNNEL_COLORS = ['gray.5', 'yellow.6', 'blue.5', 'indigo.6', 'teal.6'];
const SEMESTER_COLORS: Record<string, string> = { Spring: 'teal.6', Summer: 'yellow.6', Fall: 'orange.6' };

export function FunnelPanel({ funnel }: { funnel: AnalyticsResponse['funnel'] }) {
  return (
    <FunnelChart
      // A name on a plain div is not allowed (axe: aria-prohibited-attr); as a figure the chart is announced by it.
      role="figure"
      aria-label="Completion funnel: observations that reached each stage"
      data={funnel.map((f, i) => ({ name: f.stage, value: f.count, color: FUNNEL_COLORS[i] }))}
      withLabels
      labelsPosition="right"
      size={240}
    />
  );
}

export function ItemAveragesPanel({ items, averages }: { items: AnalyticsResponse['items']; averages: AnalyticsResponse['itemAverages'] }) {
  const semesters = [...new Set(averages.map((a) => a.semester))].sort();
  if (semesters.length === 0) return <Text c="dimmed">No submitted observer scores yet.</Text>;
  const byKey = new Map(averages.map((a) => [`${a.semester}|${a.rubricItemId}`, a.average]));
  const data = items.map((it) => ({ item: it.code ? `${it.code} ${it.position}` : String(it.position), ...Object.fromEntries(semesters.map((s) => [s, byKey.get(`${s}|${it.id}`) ?? 0])) }));
  return (
    <BarChart
      h={300}
      data={data}
      dataKey="item"
      series={semesters.map((s) => ({ name: s, color: SEMESTER_COLORS[s] ?? 'gray.6' }))}
      withLegend
      yAxisProps={{ domain: [0, 4] }}
      xAxisProps={{ interval: 0, angle: -45, textAnchor: 'end', height: 70 }}
      // A name on a plain div is not allowed (axe: aria-prohibited-attr); as a figure the chart is announced by it.
      role="figure"
      aria-label="Observer score average per rubric item, by semester"
    />
  );
}

export function HeatmapPanel({ items, cells }: { items: AnalyticsResponse['items']; cells: AnalyticsResponse['heatmap'] }) {
  if (cells.length === 0) return <Text c="dimmed">No submitted observer scores yet.</Text>;
  const label = (id: string) => {
    const it = items.find((i) => i.id === id);
    return it ? `${it.code} ${it.position}` : id;
  };
  const faculty = [...new Set(cells.map((c) => c.faculty))].sort();
  return (
    <MatrixChart
      // A name on a plain div is not allowed (axe: aria-prohibited-attr); as a figure the chart is announced by it.
      role="figure"
      aria-label="Observer score average by faculty member and rubric item"
      data={cells.map((c) => ({ x: label(c.rubricItemId), y: c.faculty, value: c.average }))}
      xLabels={items.map((i) => label(i.id))}
      yLabels={faculty}
      domain={[0, 4]}
      withXLabels
      withYLabels
      withLegend
      legendLabels={['Lower', 'Higher']}
      withTooltip
      getTooltipLabel={(c) => `${c.y} · ${c.x}: ${c.value ?? '—'}`}
      yLabelsWidth={140}
      cellSize={22}
    />
  );
}
