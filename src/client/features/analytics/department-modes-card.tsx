/**
 * Formative or summative per department (src/shared/observation-mode.ts), for Admin and Super_Admin
 * ('department.mode'). A change applies to observations initiated afterwards; the ones under way keep their mode.
 * Written through the outbox like every change (the server's answer is shown online).
 */
import { useState } from 'react';
import { Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { MODE_DESCRIPTION, MODE_LABEL, OBSERVATION_MODES, type ObservationMode } from '../../../shared/observation-mode.js';
import { submitWithToast } from '../../components/submit-result.js';
import { getDb } from '../../sync/index.js';

interface DeptRow {
  id: number;
  name: string;
  observationMode: ObservationMode;
}

export function DepartmentModesCard() {
  const rows = useLiveQuery(async () => {
    const all = await getDb().departments.toArray();
    return all
      .map((d) => ({ id: Number(d.id), name: String(d.name ?? ''), observationMode: (d.observationMode as ObservationMode | undefined) ?? 'summative' }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, []);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="modes-title">
      <Title order={2} size="h4" id="modes-title" mb={4}>Formative or summative</Title>
      <Text size="sm" c="dimmed" mb="sm">
        How each department’s programme observes. {MODE_DESCRIPTION.formative} A change applies to observations initiated from now on.
      </Text>
      {rows === undefined ? null : rows.length === 0 ? (
        <Text c="dimmed">No departments on this device yet.</Text>
      ) : (
        <Stack gap="xs">
          {rows.map((d) => (
            <ModeRow key={d.id} dept={d} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function ModeRow({ dept }: { dept: DeptRow }) {
  const [busy, setBusy] = useState(false);
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" fw={500}>{dept.name}</Text>
      <SegmentedControl
        aria-label={`Observations in ${dept.name}`}
        disabled={busy}
        value={dept.observationMode}
        data={OBSERVATION_MODES.map((m) => ({ value: m, label: MODE_LABEL[m] }))}
        onChange={(v) => {
          setBusy(true);
          void submitWithToast('department.setMode', { departmentId: dept.id, mode: v as ObservationMode }, { success: `${dept.name}: observations are ${v} from now on.` }).finally(() => setBusy(false));
        }}
      />
    </Group>
  );
}
