import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../../components/page-header.js';
import { useRequiredSession } from '../../../../hooks/use-session.js';
import { useObservation } from '../../../../features/observations/use-observation.js';
import { sideOf } from '../../../../features/observations/viewer-side.js';
import { ObservationLoading, ObservationNotFound } from '../../../../features/observations/observation-state.js';
import { SchedulingScreen } from '../../../../features/scheduling/scheduling-screen.js';
import { useObservationChat } from '../../../../features/chat/use-observation-chat.js';
import { ChatMobileButton } from '../../../../features/chat/chat-mobile-button.js';
import { PendingChangesNote } from '../../../../features/observations/pending-changes-note.js';

export const Route = createFileRoute('/_app/observations/observation-scheduling/$id')({ component: SchedulingPage });

function SchedulingPage() {
  const { id } = Route.useParams();
  const session = useRequiredSession();
  const obs = useObservation(id);
  useObservationChat(obs ? id : null);
  return (
    <>
      <PageHeader title="Observation Scheduling" parent="Observations" actions={obs ? <ChatMobileButton observationId={id} /> : null} />
      <PendingChangesNote observationId={id} />
      {obs === undefined ? <ObservationLoading /> : obs === null ? <ObservationNotFound id={id} /> : <SchedulingScreen obs={obs} side={sideOf(obs, session.id)} viewerId={session.id} />}
    </>
  );
}
