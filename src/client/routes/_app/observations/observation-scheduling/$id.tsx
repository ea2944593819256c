import { createFileRoute } from '@tanstack/react-router';
import { Stack } from '@mantine/core';
import { CarriedGoalsCard } from '../../../../features/goals/carried-goals-card.js';
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
      {obs === undefined ? (
        <ObservationLoading />
      ) : obs === null ? (
        <ObservationNotFound id={id} />
      ) : (
        <Stack>
          <SchedulingScreen obs={obs} side={sideOf(obs, session.id)} viewerId={session.id} />
          {/* The goals of the faculty member's last cycle, shown while this one is planned (reviewed at its meeting). */}
          <CarriedGoalsCard obs={obs} viewer={{ id: session.id, role: session.role, departmentId: session.department?.id ?? null }} reviewable={false} title="Goals from the last cycle" />
        </Stack>
      )}
    </>
  );
}
