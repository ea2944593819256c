/**
 * The rubrics a builder may use or edit (GET /rubrics), each with its versions: draft, published, retired; the
 * institution's default and the departments' defaults marked. From here: a new rubric (blank, or imported from a
 * JSON export), a draft to edit, a new draft from a published version, retire, export, and a department's default.
 * Online only: drafts are not on the device (docs/adr/2026-11-28-rubric-versions.md).
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Alert, Badge, Button, Card, FileButton, Group, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { RubricSummary, RubricVersionSummary } from '../../../../shared/contract/rubrics.js';
import type { Department } from '../../../../shared/contract/common.js';
import { RubricDefinition } from '../../../../shared/rubric-definition.js';
import { maySetDefaultRubric } from '../../../../shared/access-policy/rubrics.js';
import type { Role } from '../../../../shared/enums.js';
import { toast } from '../../../components/toast.js';
import { createRubric, exportVersion, fetchRubrics, newDraftFrom, retireVersion, setDepartmentDefault } from '../../../api/rubrics.js';
import { blankDefinition } from './builder-state.js';

export interface RubricListProps {
  viewer: { id: string; role: Role; departmentId: number | null };
  departments: Department[];
}

const STATUS_COLOR = { draft: 'yellow', published: 'teal', retired: 'gray' } as const;
const message = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong');
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');

/** Problems of an imported file, each "path: message" as the shared schema names them. */
export function importProblems(text: string): { definition: RubricDefinition | null; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { definition: null, problems: ['The file is not JSON.'] };
  }
  const r = RubricDefinition.safeParse(json);
  if (r.success) return { definition: r.data, problems: [] };
  return { definition: null, problems: r.error.issues.map((i) => `${i.path.map(String).join('.') || 'file'}: ${i.message}`) };
}

export function RubricList({ viewer, departments }: RubricListProps) {
  const navigate = useNavigate();
  const [rubrics, setRubrics] = useState<RubricSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [importIssues, setImportIssues] = useState<string[]>([]);
  const load = useCallback(() => {
    fetchRubrics().then(
      (r) => {
        setRubrics(r);
        setError(null);
      },
      (err: unknown) => setError(message(err)),
    );
  }, []);
  useEffect(load, [load]);

  const open = (versionId: string) => void navigate({ to: '/rubrics/edit-rubric/$id', params: { id: versionId } });
  const act = (fn: () => Promise<unknown>, done: string) =>
    fn().then(
      () => {
        toast.success(done);
        load();
      },
      (err: unknown) => toast.error(message(err)),
    );

  async function importFile(file: File | null) {
    if (!file) return;
    const { definition, problems } = importProblems(await file.text());
    setImportIssues(problems);
    if (!definition) return toast.error('The file is not a rubric export.');
    try {
      const v = await createRubric({ departmentId: scopeOf(viewer), definition });
      toast.success('Rubric imported as a draft');
      open(v.id);
    } catch (err) {
      setImportIssues([message(err)]);
      toast.error(message(err));
    }
  }

  const deptName = (id: number | null) => (id == null ? 'Institution' : (departments.find((d) => d.id === id)?.name ?? `Department ${id}`));
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">{viewer.role === 'Head_of_Department' ? 'Your department’s rubrics and the institution’s.' : 'The institution’s rubrics and the departments’.'}</Text>
        <Group gap="xs">
          <FileButton onChange={(f) => void importFile(f)} accept="application/json,.json">
            {(props) => <Button variant="default" {...props}>Import JSON</Button>}
          </FileButton>
          <Button onClick={() => setCreating(true)}>New rubric</Button>
        </Group>
      </Group>
      {importIssues.length ? (
        <Alert color="red" title="Import refused" role="alert" withCloseButton onClose={() => setImportIssues([])}>
          <Stack gap={2}>{importIssues.map((p) => <Text size="sm" key={p}>{p}</Text>)}</Stack>
        </Alert>
      ) : null}
      {error ? <Alert color="red" role="alert">{error} The rubric builder needs a connection.</Alert> : null}
      {rubrics === null && !error ? <Text c="dimmed">Loading rubrics…</Text> : null}
      {rubrics?.map((r) => (
        <Card key={r.id} withBorder radius="md" padding="md" component="section" aria-label={r.name} data-testid="rubric-card">
          <Group justify="space-between" wrap="wrap" mb="xs">
            <Stack gap={2}>
              <Title order={2} size="h4">{r.name}</Title>
              <Group gap="xs">
                <Text size="sm" c="dimmed">{deptName(r.departmentId)}</Text>
                {r.institutionDefault ? <Badge variant="light" color="blue">Institution default</Badge> : null}
                {r.defaultFor.map((d) => <Badge key={d} variant="light" color="grape">Default for {deptName(d)}</Badge>)}
              </Group>
            </Stack>
            <DefaultControl rubric={r} viewer={viewer} departments={departments} onSet={(d) => act(() => setDepartmentDefault(d, r.id), 'Department default set')} />
          </Group>
          <VersionTable rubric={r} onOpen={open} onAct={act} />
        </Card>
      ))}
      {rubrics?.length === 0 ? <Text c="dimmed">No rubrics yet.</Text> : null}
      <NewRubricModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreate={async (name) => {
          const v = await createRubric({ departmentId: scopeOf(viewer), definition: blankDefinition(name) });
          setCreating(false);
          open(v.id);
        }}
      />
    </Stack>
  );
}

/** A HOD builds their department's rubrics, administrators the institution's (POST /rubrics without a department). */
const scopeOf = (viewer: RubricListProps['viewer']) => (viewer.role === 'Head_of_Department' ? viewer.departmentId : null);

function VersionTable({ rubric, onOpen, onAct }: { rubric: RubricSummary; onOpen: (id: string) => void; onAct: (fn: () => Promise<unknown>, done: string) => void }) {
  const hasDraft = rubric.versions.some((v) => v.status === 'draft');
  return (
    <Table.ScrollContainer minWidth={520} type="native" tabIndex={0} role="region" aria-label={`Versions of ${rubric.name}`}>
      <Table verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Version</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Published</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rubric.versions.map((v: RubricVersionSummary) => (
            <Table.Tr key={v.id} data-testid="version-row" data-status={v.status}>
              <Table.Td>
                <Link to="/rubrics/edit-rubric/$id" params={{ id: v.id }}>Version {v.number}</Link>
              </Table.Td>
              <Table.Td><Badge variant="light" color={STATUS_COLOR[v.status]}>{v.status}</Badge></Table.Td>
              <Table.Td>{day(v.publishedAt)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="wrap">
                  {v.status === 'draft' && rubric.mayEdit ? <Button size="compact-sm" onClick={() => onOpen(v.id)}>Edit</Button> : null}
                  {v.status !== 'draft' && rubric.mayEdit && !hasDraft ? (
                    <Button size="compact-sm" variant="light" aria-label={`New draft from version ${v.number} of ${rubric.name}`} onClick={() => void newDraftFrom(v.id).then((d) => onOpen(d.id), (err: unknown) => toast.error(message(err)))}>New draft</Button>
                  ) : null}
                  {v.status === 'published' && rubric.mayEdit ? (
                    <Button size="compact-sm" variant="subtle" color="red" aria-label={`Retire version ${v.number} of ${rubric.name}`} onClick={() => onAct(() => retireVersion(v.id), 'Version retired')}>Retire</Button>
                  ) : null}
                  <Button size="compact-sm" variant="default" aria-label={`Export version ${v.number} of ${rubric.name}`} onClick={() => void exportVersion(v.id, rubric.name).catch((err: unknown) => toast.error(message(err)))}>Export</Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DefaultControl({ rubric, viewer, departments, onSet }: { rubric: RubricSummary; viewer: RubricListProps['viewer']; departments: Department[]; onSet: (departmentId: number) => void }) {
  const [dept, setDept] = useState<string | null>(null);
  if (!rubric.versions.some((v) => v.status === 'published')) return null;
  if (viewer.role === 'Head_of_Department') {
    const own = viewer.departmentId;
    if (own == null || rubric.defaultFor.includes(own) || !maySetDefaultRubric(viewer, own)) return null;
    return <Button size="sm" variant="light" onClick={() => onSet(own)} aria-label={`Make ${rubric.name} the department default`}>Make department default</Button>;
  }
  const options = departments.filter((d) => (rubric.departmentId == null || rubric.departmentId === d.id) && !rubric.defaultFor.includes(d.id));
  if (options.length === 0) return null;
  return (
    <Group gap="xs" align="flex-end">
      <Select label="Department" placeholder="Choose" data={options.map((d) => ({ value: String(d.id), label: d.name }))} value={dept} onChange={setDept} w={200} size="sm" />
      <Button size="sm" variant="light" disabled={!dept} onClick={() => dept && onSet(Number(dept))}>Set as default</Button>
    </Group>
  );
}

function NewRubricModal({ opened, onClose, onCreate }: { opened: boolean; onClose: () => void; onCreate: (name: string) => Promise<void> }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function create() {
    const r = RubricDefinition.shape.name.safeParse(name);
    if (!r.success) return setError(r.error.issues[0]?.message ?? 'must not be empty');
    setBusy(true);
    try {
      await onCreate(r.data);
      setName('');
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal opened={opened} onClose={onClose} title="New rubric" centered>
      <Stack>
        <TextInput label="Name" value={name} onChange={(e) => { setName(e.currentTarget.value); setError(null); }} error={error} data-autofocus required />
        <Text size="sm" c="dimmed">It starts as draft version 1 with one group, one item and four levels (1–4), to edit before publishing.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => void create()} loading={busy}>Create</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
