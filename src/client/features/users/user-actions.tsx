/**
 * Offboarding in the user list: Deactivate / Reactivate for the users the viewer may manage (the rule of who
 * creates whom, `mayManageUser`; the server decides again), and "Reassign observations" — the open observations
 * the user observes, handed in one call to another active observer of the department. Needs a connection; the
 * server's message is shown as it comes (it names the field at fault).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { deactivateUser, fetchOpenObservations, reactivateUser, reassignObservations } from '../../api/offboarding.js';
import { errorMessage } from '../../api/errors.js';
import { toast } from '../../components/toast.js';
import type { OpenObservationsResponse } from '../../../shared/contract/offboarding.js';
import type { User } from '../../../shared/contract/users.js';
import { mayManageUser } from '../../../shared/permissions.js';

const OFFLINE = 'Deactivating and reassigning need a connection.';

export function mayManage(viewer: User, target: User): boolean {
  return mayManageUser({ role: viewer.role, departmentId: viewer.department?.id ?? null }, { role: target.role, departmentId: target.department?.id ?? null });
}

export function UserActions({ user }: { user: User }) {
  const [busy, setBusy] = useState(false);
  const [reassigning, setReassigning] = useState(false);
  // The replica catches up on its next pull; the answer shows the new state at once.
  const [deactivated, setDeactivated] = useState(Boolean(user.deactivatedAt));
  useEffect(() => setDeactivated(Boolean(user.deactivatedAt)), [user.deactivatedAt]);

  async function toggle() {
    if (!deactivated && !window.confirm(`Deactivate ${user.name}? They are signed out everywhere and cannot sign in until reactivated.`)) return;
    setBusy(true);
    try {
      const r = deactivated ? await reactivateUser(user.id) : await deactivateUser(user.id);
      setDeactivated(r.deactivatedAt !== null);
      toast.success(r.message);
      if (r.deactivatedAt && r.openObservations > 0) setReassigning(true);
    } catch (err) {
      toast.error(errorMessage(err, OFFLINE));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" color={deactivated ? 'teal' : 'red'} loading={busy} onClick={() => void toggle()} aria-label={`${deactivated ? 'Reactivate' : 'Deactivate'} ${user.name}`}>
        {deactivated ? 'Reactivate' : 'Deactivate'}
      </Button>
      {user.role === 'Observer' && (
        <Button size="xs" variant="subtle" onClick={() => setReassigning(true)} aria-label={`Reassign observations of ${user.name}`}>
          Reassign
        </Button>
      )}
      {reassigning && <ReassignModal user={user} onClose={() => setReassigning(false)} />}
    </Group>
  );
}

function ReassignModal({ user, onClose }: { user: User; onClose: () => void }) {
  const [data, setData] = useState<OpenObservationsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [observer, setObserver] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchOpenObservations(user.id)
      .then((d) => {
        if (!live) return;
        setData(d);
        setPicked(d.observations.map((o) => o.id));
      })
      .catch((err: unknown) => live && setError(errorMessage(err, OFFLINE)));
    return () => {
      live = false;
    };
  }, [user.id]);

  async function submit() {
    if (!observer || picked.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      const r = await reassignObservations(user.id, observer, picked);
      toast.success(r.message);
      onClose();
    } catch (err) {
      setError(errorMessage(err, OFFLINE));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Open observations of ${user.name}`} size="lg">
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {!data && !error && <Loader size="sm" aria-label="Loading open observations" />}
        {data && data.observations.length === 0 && <Text size="sm">No open observations: nothing to reassign.</Text>}
        {data && data.observations.length > 0 && (
          <>
            <Checkbox.Group value={picked} onChange={setPicked} label="Observations to hand over">
              <Stack gap={4} mt="xs">
                {data.observations.map((o) => (
                  <Checkbox key={o.id} value={o.id} label={`${o.courseCode ?? 'No course yet'} · ${o.facultyName} · ${o.semester} · ${o.status}`} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Select
              label="New observer"
              placeholder={data.observers.length ? 'Choose an observer' : 'No other active observer in this department'}
              data={data.observers.map((o) => ({ value: o.id, label: o.name }))}
              value={observer}
              onChange={setObserver}
              searchable
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button loading={busy} disabled={!observer || picked.length === 0} onClick={() => void submit()}>
                Reassign {picked.length}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
