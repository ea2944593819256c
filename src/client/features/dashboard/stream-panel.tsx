/**
 * The observation stream (SPEC §2): period filter (Monthly default, Quarter, Yearly, Semesters), a year picker
 * for the per-year views (years from the data), status chips that toggle the bars, and the lazy chart.
 */
import { lazy, memo, startTransition, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Card, Chip, Group, Loader, Center, NativeSelect, SegmentedControl, Text, Title } from '@mantine/core';
import { OBSERVATION_STATUSES, type ObservationStatus } from '../../../shared/enums.js';
import { getDb } from '../../sync/index.js';
import { useReplicaQuery } from '../../hooks/use-replica-query.js';
import { loadStream, PERIODS, type Period, type Stream, type StreamRow, type StreamScope } from './compute-stream.js';

const StreamChart = lazy(() => import('./stream-chart.js'));
const CHART_HEIGHT = 300;

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
  const stream = useReplicaQuery(() => loadStream(getDb(), scope, period, year), [key, period, year]) ?? NO_STREAM;
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
      <ChartWhenVisible rows={stream.rows} statuses={shown} />
      <Text size="xs" c="dimmed" mt="xs">
        {total} observation(s) shown{stream.year ? ` for ${stream.year}` : ''}.
      </Text>
    </Card>
  );
}

function ChartLoading() {
  return (
    <Center h={CHART_HEIGHT}>
      <Loader role="status" aria-label="Loading chart" />
    </Center>
  );
}

/**
 * The chart (recharts: the largest chunk the dashboard loads, and its most expensive render) is fetched and
 * mounted once its place is in the viewport, as a transition. On a desktop it is in the first screen and loads
 * at once; on a phone it sits below the counts and loads when the user scrolls to it. The placeholder has the
 * chart's height, so nothing moves when it arrives.
 */
function ChartWhenVisible({ rows, statuses }: { rows: StreamRow[]; statuses: ObservationStatus[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      startTransition(() => setNear(true));
      return;
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        startTransition(() => setNear(true));
      }
    });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return (
    <div ref={ref} style={{ minHeight: CHART_HEIGHT }}>
      {near ? (
        <Suspense fallback={<ChartLoading />}>
          <StreamChart rows={rows} statuses={statuses} />
        </Suspense>
      ) : (
        <ChartLoading />
      )}
    </div>
  );
}
