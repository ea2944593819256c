/**
 * /analytics: department analytics for HOD (own department), Campus_Director, Admin and
 * Super_Admin (any department, or all): completion funnel by stage, overdue observations, observer rubric item
 * averages by semester and a heatmap of observer scores by faculty member, and the department's observations as
 * a CSV file (GET /api/analytics/export.csv). Computed by the server
 * (GET /api/analytics), so the page never loads every observation, and kept in the replica (use-analytics.ts), so
 * it opens at once and offline with the date of the copy shown. Below: the department's growth goals by rubric item
 * (department-goals-card.tsx) and, for Admin and Super_Admin, formative or summative per department
 * (department-modes-card.tsx).
 */
import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Button, Card, Center, Group, Loader, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '../../api/errors.js';
import { downloadFile } from '../../api/http.js';
import { toast } from '../../components/toast.js';
import type { Department } from '../../../shared/contract/common.js';
import type { User } from '../../../shared/contract/users.js';
import { SEES_ALL_USERS } from '../../../shared/permissions.js';
import { useAnalytics } from './use-analytics.js';
import { DepartmentModesCard } from './department-modes-card.js';
import { DepartmentGoalsCard } from './department-goals-card.js';
import { can } from '../../../shared/permissions.js';
import { seesDepartmentGoals } from '../../../shared/access-policy/index.js';

const charts = () => import('./analytics-charts.js');
const FunnelPanel = lazy(() => charts().then((m) => ({ default: m.FunnelPanel })));
const ItemAveragesPanel = lazy(() => charts().then((m) => ({ default: m.ItemAveragesPanel })));
const HeatmapPanel = lazy(() => charts().then((m) => ({ default: m.HeatmapPanel })));

const chartFallback = (
  <Center h={200}>
    <Loader size="sm" role="status" aria-label="Loading chart" />
  </Center>
);

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      <Suspense fallback={chartFallback}>{children}</Suspense>
    </Card>
  );
}

export function AnalyticsPage({ viewer, departments }: { viewer: User; departments: Department[] | undefined }) {
  const seesAll = SEES_ALL_USERS.includes(viewer.role);
  const [chosen, setChosen] = useState<number | null>(seesAll ? null : (viewer.department?.id ?? null));
  const departmentId = seesAll ? chosen : (viewer.department?.id ?? null);
  const [version, setVersion] = useState<string | null>(null);
  const result = useAnalytics(departmentId, version);
  const versions = result.state === 'ready' ? result.data.versions : [];
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadFile(`/analytics/export.csv${departmentId == null ? '' : `?departmentId=${departmentId}`}`, 'observations.csv');
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        {seesAll ? (
          <NativeSelect
            label="Department"
            w={280}
            value={chosen == null ? '' : String(chosen)}
            onChange={(e) => {
              setChosen(e.currentTarget.value ? Number(e.currentTarget.value) : null);
              setVersion(null);
            }}
            data={[{ value: '', label: 'All departments' }, ...(departments ?? []).map((d) => ({ value: String(d.id), label: d.name }))]}
          />
        ) : (
          <span />
        )}
        {versions.length > 1 && result.state === 'ready' ? (
          <NativeSelect
            label="Rubric"
            description="Averages compare observations of one rubric version"
            w={280}
            value={result.data.rubricVersionId}
            onChange={(e) => setVersion(e.currentTarget.value)}
            data={versions.map((v) => ({ value: v.id, label: `${v.name} v${v.number} (${v.observations})` }))}
          />
        ) : null}
        <Button variant="default" onClick={() => void exportCsv()} loading={exporting}>
          Export observations (CSV)
        </Button>
      </Group>
      {result.state === 'loading' ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading analytics" />
        </Center>
      ) : result.state === 'error' ? (
        <Alert color="red" title="Analytics are not available" role="alert">
          {result.message}
          {typeof navigator !== 'undefined' && !navigator.onLine ? ' Analytics are computed by the server: connect to see them.' : ''}
        </Alert>
      ) : (
        <>
          {result.keptAt != null ? (
            <Text size="sm" c="dimmed" role="status" data-testid="analytics-kept">
              {result.problem
                ? `Showing the copy kept on this device from ${new Date(result.keptAt).toLocaleString()} (${result.problem}).`
                : `Copy kept on this device from ${new Date(result.keptAt).toLocaleString()}; refreshing…`}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Section title="Completion funnel" id="funnel-title">
              <Text size="sm" c="dimmed" mb="xs">
                {result.data.total} observation(s); how many reached each stage.
              </Text>
              <FunnelPanel funnel={result.data.funnel} />
              <Table mt="sm" aria-label="Funnel counts">
                <Table.Tbody>
                  {result.data.funnel.map((f) => (
                    <Table.Tr key={f.stage}>
                      <Table.Td>{f.stage}</Table.Td>
                      <Table.Td ta="right" data-testid={`funnel-${f.stage}`}>
                        {f.count}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Section>
            <Section title="Overdue observations" id="overdue-title">
              <Text size="sm" c="dimmed" mb="xs">
                Open for more than {result.data.overdue.days} days: <b data-testid="overdue-count">{result.data.overdue.count}</b>
              </Text>
              {result.data.overdue.items.length === 0 ? (
                <Text c="dimmed">None.</Text>
              ) : (
                // Focusable, so a keyboard can scroll it sideways on a phone (axe: scrollable-region-focusable).
                <Table.ScrollContainer minWidth={420} type="native" tabIndex={0} role="region" aria-label="Overdue observations">
                  <Table striped aria-labelledby="overdue-title">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Faculty</Table.Th>
                        <Table.Th>Observer</Table.Th>
                        <Table.Th>Semester</Table.Th>
                        <Table.Th>Progress</Table.Th>
                        <Table.Th>Days open</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.data.overdue.items.map((o) => (
                        <Table.Tr key={o.id}>
                          <Table.Td>{o.faculty}</Table.Td>
                          <Table.Td>{o.observer}</Table.Td>
                          <Table.Td>{o.semester}</Table.Td>
                          <Table.Td>{o.progress}%</Table.Td>
                          <Table.Td>
                            <Badge color="red" variant="light">
                              {o.daysOpen}
                            </Badge>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Section>
          </SimpleGrid>
          <Section title="Rubric item averages by semester (observer scores)" id="averages-title">
            <ItemAveragesPanel items={result.data.items} averages={result.data.itemAverages} />
          </Section>
          <Section title="Observer scores by faculty member" id="heatmap-title">
            <Group mb="xs">
              <Text size="sm" c="dimmed">
                Average observer score ({result.data.scale.min}–{result.data.scale.max}) per rubric item, written in each cell; never shown to faculty. Item names are in the key below.
              </Text>
            </Group>
            <HeatmapPanel items={result.data.items} cells={result.data.heatmap} scale={result.data.scale} />
          </Section>
        </>
      )}
      {departmentId != null && seesDepartmentGoals({ id: viewer.id, role: viewer.role, departmentId: viewer.department?.id ?? null }, departmentId) ? <DepartmentGoalsCard departmentId={departmentId} /> : null}
      {can(viewer.role, 'department.mode') ? <DepartmentModesCard /> : null}
    </Stack>
  );
}
