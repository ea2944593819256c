/**
 * A rubric version's certification thresholds (default adjacent ≥ 80 % and exact ≥ 50 % against the expert's
 * reference): everyone on the due page reads them; the version's editors (maySetCalibrationThresholds) change them
 * online through PUT /calibration/thresholds/{versionId}, and the server's answer or refusal shows at once.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../api/errors.js';
import { fetchCalibrationThresholds, saveCalibrationThresholds } from '../../api/calibration-reports.js';
import { toast } from '../../components/toast.js';
import { useRemote } from './results-load.js';

const isOnline = () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false;

function pctError(label: string, v: number | string): string | undefined {
  if (v === '' || typeof v !== 'number' || !Number.isFinite(v)) return `${label}: enter a percentage`;
  if (v < 0 || v > 100) return `${label}: must be between 0 and 100`;
  return undefined;
}

export function ThresholdsEditor({ versionId, versionLabel, mayEdit }: { versionId: string; versionLabel: string; mayEdit: boolean }) {
  const r = useRemote(() => fetchCalibrationThresholds(versionId), [versionId]);
  const [adjacent, setAdjacent] = useState<number | string>('');
  const [exact, setExact] = useState<number | string>('');
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The server's figures fill the form when they arrive (not on every render: the answer object stays the same).
  const loaded = r.state === 'ready' ? r.data : null;
  useEffect(() => {
    if (!loaded) return;
    setAdjacent(loaded.adjacentPct);
    setExact(loaded.exactPct);
    setShown(false);
  }, [loaded]);

  const adjacentError = shown ? pctError('Adjacent agreement', adjacent) : undefined;
  const exactError = shown ? pctError('Exact agreement', exact) : undefined;

  async function save(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    setRefusal(null);
    if (pctError('a', adjacent) || pctError('a', exact)) return;
    if (!isOnline()) return void setRefusal('Thresholds are changed online only: connect and try again.');
    setBusy(true);
    try {
      await saveCalibrationThresholds(versionId, { adjacentPct: Number(adjacent), exactPct: Number(exact) });
      toast.success('Thresholds saved');
      r.reload();
    } catch (err) {
      setRefusal(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="cal-thresholds">
      <Stack gap="sm">
        <Title order={2} size="h5" id="cal-thresholds">
          {`Certification thresholds · ${versionLabel}`}
        </Title>
        {r.state === 'loading' ? <Loader size="sm" aria-label="Loading the thresholds" /> : null}
        {r.state === 'error' ? <Alert color="red">{r.message}</Alert> : null}
        {r.state === 'ready' && !mayEdit ? (
          <Text size="sm" data-testid="thresholds-read">
            {`Adjacent agreement ≥ ${r.data.adjacentPct} % and exact agreement ≥ ${r.data.exactPct} % against the expert’s reference${r.data.custom ? '' : ' (the defaults)'}.`}
          </Text>
        ) : null}
        {r.state === 'ready' && mayEdit ? (
          <form noValidate onSubmit={(e) => void save(e)} aria-label="Certification thresholds">
            <Stack gap="sm">
              <Group align="flex-start" wrap="wrap">
                <NumberInput label="Adjacent agreement (%)" withAsterisk min={0} max={100} decimalScale={1} value={adjacent} onChange={setAdjacent} error={adjacentError} w={240} />
                <NumberInput label="Exact agreement (%)" withAsterisk min={0} max={100} decimalScale={1} value={exact} onChange={setExact} error={exactError} w={240} />
              </Group>
              {refusal ? <Alert color="red">{refusal}</Alert> : null}
              <Text size="xs" c="dimmed">
                {r.data.custom ? 'Set for this version.' : 'The defaults (adjacent 80 %, exact 50 %).'} Certifications already given stay; a change applies to sessions that close from now on.
              </Text>
              <Button type="submit" loading={busy} w="fit-content">
                Save thresholds
              </Button>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Card>
  );
}
