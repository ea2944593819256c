/**
 * "Import from a file" (docs/operations/provisioning.md): users, courses with their slots, or slot assignments as
 * CSV. The file is read in the browser with papaparse, streaming, with a progress bar (a 20 000-row file is read
 * in chunks, the page stays responsive) and checked for its header; the server then previews it — per row what
 * will be created, updated or left unchanged, and every error by row and column — and applies it only on
 * request, all of it or nothing. Templates of each kind download from here. Needs a connection.
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, FileInput, Group, Progress, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { applyImport, previewImport } from '../../api/provisioning.js';
import { errorMessage } from '../../api/errors.js';
import { toast } from '../../components/toast.js';
import { IMPORT_COLUMNS, importTemplate, type ImportKind, type ImportPreview } from '../../../shared/contract/provisioning.js';
import type { User } from '../../../shared/contract/users.js';
import { can } from '../../../shared/permissions.js';

const LABEL: Record<ImportKind, string> = { users: 'Users', courses: 'Courses and slots', assignments: 'Slot assignments' };
const SHOWN = 200;
const OFFLINE = 'Importing needs a connection.';

type Phase = { step: 'idle' } | { step: 'reading'; percent: number } | { step: 'checking' } | { step: 'ready'; csv: string; preview: ImportPreview } | { step: 'applying'; csv: string; preview: ImportPreview };

function download(kind: ImportKind) {
  const url = URL.createObjectURL(new Blob([importTemplate(kind)], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `observa-${kind}-template.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

/** Reads the file with papaparse in chunks, reporting progress; resolves the header row and the file's text. */
async function readFile(file: File, onProgress: (percent: number) => void): Promise<{ header: string[]; text: string }> {
  const { default: Papa } = await import('papaparse');
  let header: string[] | null = null;
  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(file, {
      chunkSize: 256 * 1024,
      chunk: (results) => {
        header ??= results.data.find((r) => r.some((c) => c.trim() !== ''))?.map((h) => h.trim().toLowerCase()) ?? null;
        onProgress(Math.min(100, Math.round((results.meta.cursor / Math.max(1, file.size)) * 100)));
      },
      complete: () => resolve(),
      error: (err) => reject(err),
    });
  });
  return { header: header ?? [], text: await file.text() };
}

export function ImportCard({ viewer }: { viewer: User }) {
  const kinds = useMemo(
    () => (['users', 'courses', 'assignments'] as const).filter((k) => can(viewer.role, k === 'users' ? 'user.manage' : k === 'courses' ? 'course.create' : 'slots.assign')),
    [viewer.role],
  );
  const [kind, setKind] = useState<ImportKind>(kinds[0] ?? 'users');
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  if (kinds.length === 0) return null;

  async function check(chosen: File | null) {
    setFile(chosen);
    setProblem(null);
    if (!chosen) return setPhase({ step: 'idle' });
    try {
      setPhase({ step: 'reading', percent: 0 });
      const { header, text } = await readFile(chosen, (percent) => setPhase({ step: 'reading', percent }));
      const missing = IMPORT_COLUMNS[kind].filter((c) => !header.includes(c));
      if (missing.length) {
        setPhase({ step: 'idle' });
        return setProblem(`Row 1 (the header) lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: start from the template.`);
      }
      setPhase({ step: 'checking' });
      setPhase({ step: 'ready', csv: text, preview: await previewImport(kind, text) });
    } catch (err) {
      setPhase({ step: 'idle' });
      setProblem(errorMessage(err, OFFLINE));
    }
  }

  async function apply() {
    if (phase.step !== 'ready') return;
    setPhase({ step: 'applying', csv: phase.csv, preview: phase.preview });
    try {
      const done = await applyImport(kind, phase.csv);
      toast.success(done.message);
      setPhase({ step: 'idle' });
      setFile(null);
    } catch (err) {
      setPhase({ step: 'ready', csv: phase.csv, preview: phase.preview });
      setProblem(errorMessage(err, OFFLINE));
    }
  }

  const preview = phase.step === 'ready' || phase.step === 'applying' ? phase.preview : null;
  const changing = preview ? preview.rows.filter((r) => r.action === 'create' || r.action === 'update') : [];
  return (
    <Card withBorder padding="lg" mt="lg">
      <Title order={3} size="h5" mb="xs">
        Import from a file
      </Title>
      <Stack gap="sm">
        <Text size="sm">Create or update many records at once from a CSV file. You see what will change before anything is written; a file with any error changes nothing.</Text>
        {kinds.length > 1 && (
          <SegmentedControl
            value={kind}
            onChange={(k) => {
              setKind(k as ImportKind);
              void check(null);
            }}
            data={kinds.map((k) => ({ value: k, label: LABEL[k] }))}
          />
        )}
        <Group>
          <Button variant="light" onClick={() => download(kind)}>
            Download the {LABEL[kind].toLowerCase()} template
          </Button>
          <Text size="xs" c="dimmed">
            Columns: {IMPORT_COLUMNS[kind].join(', ')}
          </Text>
        </Group>
        <FileInput label="CSV file" accept=".csv,text/csv" value={file} onChange={(f) => void check(f)} clearable disabled={phase.step === 'reading' || phase.step === 'checking' || phase.step === 'applying'} />
        {phase.step === 'reading' && <Progress value={phase.percent} aria-label="Reading the file" />}
        {(phase.step === 'checking' || phase.step === 'applying') && (
          <>
            <Progress value={100} striped animated aria-label={phase.step === 'checking' ? 'Checking the file' : 'Applying the file'} />
            <Text size="sm" c="dimmed">
              {phase.step === 'checking' ? 'Checking every row on the server…' : 'Applying the file…'}
            </Text>
          </>
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        {preview && (
          <>
            <Group gap="xs" aria-label="Preview counts">
              <Badge color="teal">{preview.counts.create} to create</Badge>
              <Badge color="blue">{preview.counts.update} to update</Badge>
              <Badge color="gray">{preview.counts.unchanged} unchanged</Badge>
              <Badge color={preview.counts.error ? 'red' : 'gray'}>{preview.counts.error} with errors</Badge>
            </Group>
            {preview.errors.length > 0 && (
              <Table striped aria-label="Errors">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Column</Table.Th>
                    <Table.Th>Problem</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.errors.slice(0, SHOWN).map((e, i) => (
                    <Table.Tr key={`${e.row}-${e.column}-${i}`}>
                      <Table.Td>{e.row}</Table.Td>
                      <Table.Td>{e.column}</Table.Td>
                      <Table.Td>{e.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {preview.errors.length > SHOWN && <Text size="sm">… and {preview.errors.length - SHOWN} more errors.</Text>}
            {changing.length > 0 && (
              <Table striped aria-label="Changes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Record</Table.Th>
                    <Table.Th>Change</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {changing.slice(0, SHOWN).map((r) => (
                    <Table.Tr key={r.row}>
                      <Table.Td>{r.row}</Table.Td>
                      <Table.Td>{r.key}</Table.Td>
                      <Table.Td>{r.action === 'create' ? 'create' : `update ${r.changes?.join(', ') ?? ''}`}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {changing.length > SHOWN && <Text size="sm">… and {changing.length - SHOWN} more changes.</Text>}
            <Group justify="flex-end">
              <Button onClick={() => void apply()} loading={phase.step === 'applying'} disabled={preview.counts.error > 0 || preview.counts.create + preview.counts.update === 0}>
                {preview.counts.error > 0 ? 'Fix the errors to apply' : preview.counts.create + preview.counts.update === 0 ? 'Nothing to change' : 'Apply the file'}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
