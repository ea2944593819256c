import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { useCurrentUser } from '../../../hooks/use-session.js';
import { CreateObservationForm } from '../../../features/observations/create-observation-form.js';
import { ObservationNotFound } from '../../../features/observations/observation-state.js';

export const Route = createFileRoute('/_app/observations/create-observation')({ component: CreateObservationPage });

function CreateObservationPage() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title="Initiate Observation" parent="Observations" />
      {user?.role === 'Head_of_Department' ? (
        <CreateObservationForm hod={user} />
      ) : (
        <ObservationNotFound message="Only a Head of Department initiates observations." />
      )}
    </>
  );
}
