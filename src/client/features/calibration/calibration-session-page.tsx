/**
 * The session page (/calibration/$sessionId): a participant's session comes from the replica (it works offline);
 * an organiser's is read from the server (organisers do not replicate the sessions they organise), and while it is
 * open the organiser may edit or delete it here (edit-session.tsx).
 */
import { useEffect, useState } from 'react';
import { Alert, Loader, Group, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useNetwork } from '@mantine/hooks';
import { Link, useNavigate } from '@tanstack/react-router';
import type { CalibrationSession } from '../../../shared/contract/calibration.js';
import { fetchCalibrationSession } from '../../api/calibration.js';
import { errorMessage } from '../../api/errors.js';
import { useRubricVersion } from '../../hooks/use-rubric-version.js';
import { getDb } from '../../sync/index.js';
import { CalibrationScoring } from './calibration-scoring.js';
import { SessionOrganiserActions } from './edit-session.js';

export function CalibrationSessionPage({ sessionId }: { sessionId: string }) {
  const replica = useLiveQuery(async () => ((await getDb().calibrationSessions.get(sessionId)) as unknown as CalibrationSession | undefined) ?? null, [sessionId]);
  const { online } = useNetwork();
  const navigate = useNavigate();
  const [remote, setRemote] = useState<{ session: CalibrationSession | null; error: string | null } | null>(null);
  useEffect(() => {
    if (replica !== null || !online) return;
    let live = true;
    fetchCalibrationSession(sessionId).then(
      (session) => live && setRemote({ session, error: null }),
      (err: unknown) => live && setRemote({ session: null, error: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [replica, online, sessionId]);
  const session = replica ?? remote?.session ?? null;
  const version = useRubricVersion(session?.rubricVersionId);

  if (replica === undefined || (replica === null && online && remote === null)) {
    return (
      <Group role="status" aria-label="Loading the session">
        <Loader size="sm" />
        <Text c="dimmed">Loading the session…</Text>
      </Group>
    );
  }
  if (!session) {
    return (
      <Alert color={online ? 'red' : 'yellow'} role="alert" title="Session not available">
        {online ? (remote?.error ?? 'This calibration session was not found.') : 'This session is not on this device; connect to open it.'} <Link to="/calibration">Back to the sessions</Link>
      </Alert>
    );
  }
  const scoring = <CalibrationScoring key={session.id} session={session} version={version} />;
  // roster: only an organiser's view of the session has one.
  if (!session.roster || session.status !== 'open') return scoring;
  return (
    <Stack>
      <SessionOrganiserActions session={session} onChanged={(s) => setRemote({ session: s, error: null })} onDeleted={() => void navigate({ to: '/calibration' })} />
      {scoring}
    </Stack>
  );
}
