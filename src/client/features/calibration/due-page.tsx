/**
 * /calibration/due — who of a department is calibrated on a rubric version (docs/adr/2026-11-28-calibration.md):
 * each active observer, calibrated until when, due (ending within 30 days), expired (on which day) or never calibrated; filters for the
 * department (Admin and Super_Admin: any; a HOD: their own) and the version (default: the one an observation there
 * would use now, the server's choice); the version's thresholds, editable by its editors; per observer a link to
 * their severity and drift. HOD, Admin and Super_Admin only (the server refuses others).
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { maySetCalibrationThresholds, type Viewer } from '../../../shared/access-policy/index.js';
import type { Department } from '../../../shared/contract/common.js';
import type { RubricVersion } from '../../../shared/contract/rubrics.js';
import { fetchCalibrationDue } from '../../api/calibration-reports.js';
import { getDb } from '../../sync/index.js';
import { DUE_COLOR, dueDay, dueLabel, dueState } from './due-status.js';
import { useRemote } from './results-load.js';
import { ThresholdsEditor } from './thresholds-editor.js';

export interface DuePageProps {
  viewer: Viewer;
  departments: Department[];
}

export function DuePage({ viewer, departments }: DuePageProps) {
  const ownDepartment = viewer.role === 'Head_of_Department' ? (viewer.departmentId ?? null) : null;
  const [departmentId, setDepartmentId] = useState<number | null>(ownDepartment ?? departments[0]?.id ?? null);
  const department = ownDepartment ?? departmentId ?? departments[0]?.id ?? null;
  const [versionId, setVersionId] = useState<string | null>(null);
  const versions = useLiveQuery(async () => ((await getDb().rubricVersions.toArray()) as unknown as RubricVersion[]).filter((v) => v.status !== 'draft'), [], []);
  const offered = useMemo(
    () =>
      versions
        .filter((v) => v.departmentId == null || v.departmentId === department)
        .sort((a, b) => a.name.localeCompare(b.name) || b.number - a.number)
        .map((v) => ({ value: v.id, label: `${v.name} · version ${v.number}` })),
    [versions, department],
  );
  const due = useRemote(department == null ? null : () => fetchCalibrationDue({ departmentId: department, rubricVersionId: versionId }), [department, versionId]);
  const shownVersion = due.state === 'ready' ? due.data.rubricVersionId : versionId;
  const version = versions.find((v) => v.id === shownVersion);
  const versionLabel = version ? `${version.name} · version ${version.number}` : 'this rubric version';

  return (
    <Stack gap="lg">
      <Card withBorder padding="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          {ownDepartment == null ? (
            <Select
              label="Department"
              data={departments.map((d) => ({ value: String(d.id), label: d.name }))}
              value={department == null ? null : String(department)}
              onChange={(v) => {
                setDepartmentId(v ? Number(v) : null);
                setVersionId(null);
              }}
              allowDeselect={false}
              searchable
              w={260}
            />
          ) : null}
          <Select
            label="Rubric version"
            data={offered}
            value={shownVersion}
            onChange={setVersionId}
            placeholder="The department’s current version"
            allowDeselect={false}
            w={{ base: '100%', sm: 440 }}
          />
        </Group>
      </Card>
      {department == null ? <Alert color="blue">Choose a department.</Alert> : null}
      {due.state === 'loading' && department != null ? <Loader aria-label="Loading who is due" /> : null}
      {due.state === 'error' ? (
        <Alert color="red" title="Who is due cannot be shown">
          {due.message}
        </Alert>
      ) : null}
      {due.state === 'ready' ? (
        <>
          <Card withBorder padding="md" radius="md" component="section" aria-label="Observers and their calibration">
            {due.data.observers.length === 0 ? (
              <Text c="dimmed">This department has no active observers.</Text>
            ) : (
              <Table.ScrollContainer minWidth={0} className="cards-on-phone">
                <Table verticalSpacing="sm">
                  <Table.Caption>{`Observers and their calibration on ${versionLabel}`}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Observer</Table.Th>
                      <Table.Th scope="col">Calibration</Table.Th>
                      <Table.Th scope="col">Calibrated until</Table.Th>
                      <Table.Th scope="col">Severity and drift</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {due.data.observers.map((o) => {
                      const state = dueState(o);
                      return (
                        <Table.Tr key={o.userId}>
                          <Table.Td data-label="Observer">{o.name}</Table.Td>
                          <Table.Td data-label="Calibration" style={{ whiteSpace: 'nowrap' }}>
                            <Badge color={DUE_COLOR[state]} variant="light" miw="max-content">
                              {dueLabel(o)}
                            </Badge>
                          </Table.Td>
                          <Table.Td data-label="Calibrated until">{o.calibrated && o.certifiedUntil ? dueDay(o.certifiedUntil) : '—'}</Table.Td>
                          <Table.Td data-label="Severity and drift">
                            {/* A 44 px target: the page is used on tablets. */}
                            <Button
                              variant="light"
                              mih={44}
                              aria-label={`Severity and drift of ${o.name}`}
                              renderRoot={(props) => <Link {...props} to="/calibration/severity" search={{ observer: o.userId, version: due.data.rubricVersionId, name: o.name }} />}
                            >
                              View
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Text size="xs" c="dimmed" mt="xs">
              Due soon: the certification ends within 30 days. Expired: the latest certification on this version has ended (on the day shown). Never calibrated: no certification on this version.
            </Text>
          </Card>
          <ThresholdsEditor
            versionId={due.data.rubricVersionId}
            versionLabel={versionLabel}
            mayEdit={version ? maySetCalibrationThresholds(viewer, version) : false}
          />
        </>
      ) : null}
    </Stack>
  );
}
