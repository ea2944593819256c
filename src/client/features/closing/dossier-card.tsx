/**
 * "Your observation dossier" on a faculty member's profile: every final (signed-off) observation report of a
 * period as one PDF with a contents page, made by the server (GET /reports/dossier). Needs a connection.
 */
import { useState } from 'react';
import { Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { errorMessage } from '../../api/errors.js';
import { downloadFile } from '../../api/http.js';
import { toast } from '../../components/toast.js';

const today = () => new Date().toISOString().slice(0, 10);

/** `facultyName` when the reader is not the faculty member (their HOD, from an observation of theirs). */
export function DossierCard({ facultyId, facultyName }: { facultyId: string; facultyName?: string }) {
  const [from, setFrom] = useState(`${new Date().getFullYear()}-01-01`);
  const [to, setTo] = useState(today());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    if (!from || !to) return setError('Choose the first and the last day of the period.');
    if (to < from) return setError('The period ends before it starts.');
    setError(null);
    setBusy(true);
    try {
      await downloadFile(`/reports/dossier?facultyId=${facultyId}&from=${from}&to=${to}`, `dossier-${from}-${to}.pdf`);
    } catch (err) {
      toast.error(errorMessage(err, 'The dossier is made on the server: it needs a connection.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card withBorder padding="lg" mt="md" component="section" aria-label="Observation dossier">
      <Title order={3} size="h5" mb="xs">{facultyName ? `Observation dossier of ${facultyName}` : 'Observation dossier'}</Title>
      <Text size="sm" mb="sm">Every signed-off observation report of a period, in one PDF with a contents page — for a promotion or contract-renewal file.</Text>
      <Group align="flex-end">
        <TextInput type="date" label="From" value={from} max={to} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput type="date" label="To" value={to} min={from} onChange={(e) => setTo(e.currentTarget.value)} error={error} />
        <Button variant="default" onClick={() => void download()} loading={busy}>Download dossier</Button>
      </Group>
    </Card>
  );
}
