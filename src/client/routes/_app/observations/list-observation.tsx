import { createFileRoute, Link } from '@tanstack/react-router';
import { Button } from '@mantine/core';
import { PageHeader } from '../../../components/page-header.js';
import { useRequiredSession } from '../../../hooks/use-session.js';
import { can } from '../../../../shared/permissions.js';
import { ObservationTable } from '../../../features/observations/observation-table.js';

export const Route = createFileRoute('/_app/observations/list-observation')({ component: ListObservationPage });

function ListObservationPage() {
  const session = useRequiredSession();
  const mayInitiate = can(session.role, 'observation.initiate');
  return (
    <>
      <PageHeader
        title="Observations"
        parent="Observations"
        actions={mayInitiate ? <Button component={Link} to="/observations/create-observation">Initiate Observation</Button> : null}
      />
      <ObservationTable role={session.role} />
    </>
  );
}
