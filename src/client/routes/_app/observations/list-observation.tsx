import { createFileRoute, Link } from '@tanstack/react-router';
import { Button } from '@mantine/core';
import { PageHeader } from '../../../components/page-header.js';
import { useRequiredSession } from '../../../hooks/use-session.js';
import { can } from '../../../../shared/permissions.js';
import { ObservationTable } from '../../../features/observations/observation-table.js';
import { OBSERVATION_PAGE_SIZE, prefetchFirstPage } from '../../../features/observations/observation-query.js';
import { getDb } from '../../../sync/index.js';
import { useSessionStore } from '../../../stores/session.js';

export const Route = createFileRoute('/_app/observations/list-observation')({
  // Starts reading the first page from the replica as the navigation begins, without waiting for it: the table
  // shows those rows in its first render when they are there, and reads them itself when not.
  loader: () => prefetchFirstPage(getDb(), OBSERVATION_PAGE_SIZE, useSessionStore.getState().user?.id),
  component: ListObservationPage,
});

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
