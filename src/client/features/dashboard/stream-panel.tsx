/**
 * The observation stream (SPEC §2): period filter (Monthly default, Quarter, Yearly, Semesters), a year picker
 * for the per-year views (years from the data), status chips that toggle the bars, and the lazy chart.
 */
import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { Card, Chip, Group, Loader, Center, NativeSelect, SegmentedControl, Text, Title } from '@mantine/core';
import { OBSERVATION_STATUSES, type ObservationStatus } from '../../../shared/enums.js';
import { getDb } from '../../sync/index.js';
import { useStableLiveQuery } from '../../hooks/use-stable-live-query.js';
import { loadStream, PERIODS, type Period, type Stream, type StreamScope } from './compute-stream.js';

const StreamChart = lazy(() => import('./stream-chart.js'));

const NO_STREAM: Stream = { rows: [], years: [], year: null };

const scopeKey = (scope: StreamScope) => (scope.by === 'all' || scope.by === 'none' ? scope.by : `${scope.by}:${scope.value}`);

/**
 * Memoised on the scope's key: the dashboard re-renders whenever one of its live queries answers (each page of a
 * first download), and the chart is its most expensive part — it renders when its own bars change, not then.
 */
export const StreamPanel = memo(StreamPanelView, (a, b) => scopeKey(a.scope) === scopeKey(b.scope));

function StreamPanelView({ scope }: { scope: StreamScope }) {
  const [period, setPeriod] = useState<Period>('Monthly');
  const [year, setYear] = useState<number | null>(null);
  const [statuses, setStatuses] = useState<string[]>([...OBSERVATION_STATUSES]);
  // Index counts on the replica (compute-stream.ts); the previous bars stay while a new period loads.
  const key = scopeKey(scope);
  const stream = useStableLiveQuery(() => loadStream(getDb(), scope, period, year), [key, period, year]) ?? NO_STREAM;
  const shown = useMemo(() => OBSERVATION_STATUSES.filter((s) => statuses.includes(s)) as ObservationStatus[], [statuses]);
  const total = stream.rows.reduce((n, r) => n + shown.reduce((m, s) => m + r[s], 0), 0);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="stream-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="stream-title">
          Observation Stream
        </Title>
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            aria-label="Period"
            value={period}
            onChange={(v) => setPeriod(v as Period)}
            data={PERIODS.map((p) => ({ value: p, label: p }))}
            size="xs"
          />
          {period !== 'Yearly' ? (
            <NativeSelect
              aria-label="Year"
              size="xs"
              w={100}
              value={String(stream.year)}
              onChange={(e) => setYear(Number(e.currentTarget.value))}
              data={stream.years.map(String)}
            />
          ) : null}
        </Group>
      </Group>
      <Chip.Group multiple value={statuses} onChange={setStatuses}>
        <Group gap="xs" mb="sm" role="group" aria-label="Statuses shown">
          {OBSERVATION_STATUSES.map((s) => (
            <Chip key={s} value={s} size="xs">
              {s}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Suspense
        fallback={
          <Center h={300}>
            <Loader role="status" aria-label="Loading chart" />
          </Center>
        }
      >
        <StreamChart rows={stream.rows} statuses={shown} />
      </Suspense>
      <Text size="xs" c="dimmed" mt="xs">
        {total} observation(s) shown{stream.year ? ` for ${stream.year}` : ''}.
      </Text>
    </Card>
  );
}
