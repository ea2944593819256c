/**
 * People single sign-on holds until an Admin decides (capability `sso.approve`): each with what the identity
 * provider said about them, approved with a role (one the Admin may create) and, for a department role, a
 * department — or rejected. Online only: the list and the decisions go straight to the server, which is where
 * the pending people are (they are not part of the replica).
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Code, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { SsoRequest } from '../../../shared/contract/sso.js';
import type { User } from '../../../shared/contract/users.js';
import { display, type Role } from '../../../shared/enums.js';
import { CREATABLE_ROLES } from '../../../shared/permissions.js';
import { errorMessage } from '../../api/errors.js';
import { approveSsoRequest, listSsoRequests, rejectSsoRequest } from '../../api/sso.js';
import { toast } from '../../components/toast.js';
import { useDepartments } from '../../hooks/use-departments.js';

const DEPARTMENT_ROLES: readonly Role[] = ['Head_of_Department', 'Observer', 'Faculty'];

export function PendingSsoRequests({ viewer }: { viewer: User }) {
  const [requests, setRequests] = useState<SsoRequest[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useCallback(() => {
    listSsoRequests()
      .then((r) => {
        setRequests(r.requests);
        setFailure(null);
      })
      .catch((err: unknown) => setFailure(errorMessage(err)));
  }, []);
  useEffect(load, [load]);
  if (failure) return <Alert color="gray" mb="md">Single sign-on requests could not be loaded: {failure}</Alert>;
  if (!requests || requests.length === 0) return null;
  return (
    <Card withBorder padding="lg" mb="md" aria-label="Waiting for approval">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Waiting for approval
        </Title>
        <Badge>{requests.length}</Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        They signed in through the university’s identity provider, and no rule placed them. Approve them with a role, or reject them.
      </Text>
      <Stack>
        {requests.map((r) => (
          <PendingRow key={r.id} request={r} viewer={viewer} onDone={load} />
        ))}
      </Stack>
    </Card>
  );
}

function PendingRow({ request, viewer, onDone }: { request: SsoRequest; viewer: User; onDone: () => void }) {
  const departments = useDepartments();
  const [role, setRole] = useState<string | null>(null);
  const [department, setDepartment] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const needsDepartment = role !== null && DEPARTMENT_ROLES.includes(role as Role);
  const ready = role !== null && (!needsDepartment || department !== null);
  const decide = async (what: 'approve' | 'reject') => {
    setBusy(true);
    try {
      const res =
        what === 'approve'
          ? await approveSsoRequest(request.id, { role: role as Role, ...(needsDepartment ? { department: Number(department) } : {}) })
          : await rejectSsoRequest(request.id);
      toast.success(res.message);
      onDone();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="sm" aria-label={request.email}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Text fw={600}>{request.name}</Text>
          <Text size="sm">{request.email}</Text>
          <Text size="xs" c="dimmed">
            Since {new Date(request.createdAt).toLocaleString()}
          </Text>
          <Code block mt={4} fz="xs">
            {JSON.stringify(request.claims, null, 1)}
          </Code>
        </div>
        <Stack gap="xs" miw={220}>
          <Select
            label="Role"
            placeholder="Choose a role"
            data={(CREATABLE_ROLES[viewer.role] ?? []).map((r) => ({ value: r, label: display(r) }))}
            value={role}
            onChange={setRole}
          />
          {needsDepartment ? (
            <Select
              label="Department"
              placeholder="Choose a department"
              data={(departments ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
              value={department}
              onChange={setDepartment}
            />
          ) : null}
          <Group gap="xs">
            <Button size="xs" disabled={!ready} loading={busy} onClick={() => void decide('approve')}>
              Approve
            </Button>
            <Button size="xs" variant="light" color="red" loading={busy} onClick={() => void decide('reject')}>
              Reject
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
