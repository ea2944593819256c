/**
 * The analytics charts, loaded lazily (recharts is large): completion funnel, observer rubric averages by
 * semester (bars per item, in rubric order), and the faculty × item heatmap of observer score averages with the
 * value in each cell and the items' names in a key. Scores only ever reach
 * roles that may see observer scores (the server refuses Faculty and Observer).
 */
import '@mantine/charts/styles.css';
import { BarChart, FunnelChart } from '@mantine/charts';
import { SimpleGrid, Table, Text } from '@mantine/core';
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

/** "1-A.1": the group and the item's place in it (SPEC §3 groups of five), the name beside it in the key. */
export const itemCode = (it: { code: string; position: number }) => (it.code ? `${it.code}.${it.position}` : String(it.position));

/** Rubric order: group, then position (the server sends them so; sorting here keeps a kept copy right too). */
export function inRubricOrder<T extends { code: string; position: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.code.localeCompare(b.code) || a.position - b.position);
}

export function ItemAveragesPanel({ items, averages }: { items: AnalyticsResponse['items']; averages: AnalyticsResponse['itemAverages'] }) {
  const semesters = [...new Set(averages.map((a) => a.semester))].sort();
  if (semesters.length === 0) return <Text c="dimmed">No submitted observer scores yet.</Text>;
  const byKey = new Map(averages.map((a) => [`${a.semester}|${a.rubricItemId}`, a.average]));
  const data = inRubricOrder(items).map((it) => ({ item: itemCode(it), ...Object.fromEntries(semesters.map((s) => [s, byKey.get(`${s}|${it.id}`) ?? 0])) }));
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

/**
 * Background of an average on the version's scale (SPEC: 0–4): red (low) through yellow to green (high); light
 * shades, so dark text reads on all.
 */
function heatColor(v: number, scale: { min: number; max: number }): string {
  const steps = ['#ffc9c9', '#ffd8a8', '#ffec99', '#d8f5a2', '#b2f2bb'];
  const span = scale.max - scale.min;
  const at = span > 0 ? ((v - scale.min) / span) * 4 : 2;
  return steps[Math.max(0, Math.min(4, Math.round(at)))];
}

/**
 * Faculty × rubric item, each cell the average observer score with its value written in it (a table, so a
 * screen reader reads row, column and value); the item names are in the key below and in each header's title.
 */
export function HeatmapPanel({ items, cells, scale = { min: 0, max: 4 } }: { items: AnalyticsResponse['items']; cells: AnalyticsResponse['heatmap']; scale?: AnalyticsResponse['scale'] }) {
  if (cells.length === 0) return <Text c="dimmed">No submitted observer scores yet.</Text>;
  const ordered = inRubricOrder(items);
  const faculty = [...new Map(cells.map((c) => [c.facultyId, c.faculty])).entries()].sort((a, b) => a[1].localeCompare(b[1]));
  const byKey = new Map(cells.map((c) => [`${c.facultyId}|${c.rubricItemId}`, c]));
  return (
    <>
      <Table.ScrollContainer minWidth={ordered.length * 44 + 160} type="native" tabIndex={0} role="region" aria-label="Heatmap of observer scores">
        <Table withColumnBorders fz="xs" aria-label="Average observer score by faculty member and rubric item" data-testid="heatmap">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Faculty</Table.Th>
              {ordered.map((it) => (
                <Table.Th key={it.id} ta="center" title={it.title} px={4}>
                  {itemCode(it)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {faculty.map(([id, name]) => (
              <Table.Tr key={id}>
                <Table.Th scope="row" fw={500}>
                  {name}
                </Table.Th>
                {ordered.map((it) => {
                  const c = byKey.get(`${id}|${it.id}`);
                  return (
                    <Table.Td key={it.id} ta="center" px={4} style={c ? { background: heatColor(c.average, scale), color: '#1a1b1e' } : undefined} title={c ? `${name} · ${itemCode(it)} ${it.title}: ${c.average.toFixed(1)} (${c.n} score${c.n === 1 ? '' : 's'})` : undefined}>
                      {c ? c.average.toFixed(1) : '—'}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ItemKey items={ordered} />
    </>
  );
}

/** The rubric items by code and name, in rubric order. */
export function ItemKey({ items }: { items: AnalyticsResponse['items'] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={2} mt="sm" component="dl" aria-label="Rubric items" style={{ margin: 0 }}>
      {items.map((it) => (
        <Text key={it.id} size="xs" component="div">
          <Text span fw={700} size="xs" component="dt" style={{ display: 'inline' }}>
            {itemCode(it)}
          </Text>{' '}
          <Text span size="xs" component="dd" style={{ display: 'inline', margin: 0 }}>
            {it.title}
          </Text>
        </Text>
      ))}
    </SimpleGrid>
  );
}
