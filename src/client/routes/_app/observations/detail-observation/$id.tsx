import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { Alert, Stack, Text } from '@mantine/core';
import { can } from '../../../../../shared/permissions.js';
import { PageHeader } from '../../../../components/page-header.js';
import { useRequiredSession } from '../../../../hooks/use-session.js';
import { useObservation } from '../../../../features/observations/use-observation.js';
import { sideOf } from '../../../../features/observations/viewer-side.js';
import { CalendarButton } from '../../../../features/observations/calendar-button.js';
import { ObservationDetail } from '../../../../features/observations/observation-detail.js';
import { DeleteObservationButton } from '../../../../features/observations/delete-observation-button.js';
import { RemoveFromDeviceButton } from '../../../../features/observations/remove-from-device-button.js';
import { ObservationLoading, ObservationNotFound } from '../../../../features/observations/observation-state.js';
import { useObservationChat } from '../../../../features/chat/use-observation-chat.js';
import { ChatMobileButton } from '../../../../features/chat/chat-mobile-button.js';
import { PendingChangesNote } from '../../../../features/observations/pending-changes-note.js';
import { AgreementPanel } from '../../../../features/agreement/agreement-panel.js';
import { useAgenda } from '../../../../features/agreement/use-agenda.js';
import { AuditTimeline } from '../../../../features/audit/audit-timeline.js';
import { useNotes } from '../../../../features/evidence/use-notes.js';
import { mayDownloadDossier, seesAuditTrail, seesContent } from '../../../../../shared/access-policy/index.js';
import { MODE_DESCRIPTION } from '../../../../../shared/observation-mode.js';
import { GoalsCard } from '../../../../features/goals/goals-card.js';
import { CarriedGoalsCard } from '../../../../features/goals/carried-goals-card.js';
import { DossierCard } from '../../../../features/closing/dossier-card.js';
import { ClosingCard } from '../../../../features/closing/closing-card.js';
import { ReportButton } from '../../../../features/closing/report-button.js';

export const Route = createFileRoute('/_app/observations/detail-observation/$id')({ component: DetailPage });


function DetailPage() {
  const { id } = Route.useParams();
  const session = useRequiredSession();
  const obs = useObservation(id);
  const [deleted, setDeleted] = useState(false);
  const notes = useNotes(id) ?? [];
  const agenda = useAgenda(id);
  useObservationChat(obs ? id : null);
  const viewer = { id: session.id, role: session.role, departmentId: session.department?.id ?? null };
  return (
    <>
      <PageHeader title="Observation Detail" parent="Observations" actions={obs ? <ChatMobileButton observationId={id} /> : null} />
      <PendingChangesNote observationId={id} />
      {deleted ? (
        <Text c="dimmed">Observation deleted. Returning to the list…</Text>
      ) : obs === undefined ? (
        <ObservationLoading />
      ) : obs === null ? (
        <ObservationNotFound id={id} />
      ) : (
        <Stack>
          <ObservationDetail
            obs={obs}
            side={sideOf(obs, session.id)}
            actions={
              <>
                {sideOf(obs, session.id) !== 'viewer' ? <CalendarButton observationId={id} /> : null}
                {seesContent(viewer, obs) ? <ReportButton observationId={id} /> : null}
                {can(session.role, 'observation.delete') ? <DeleteObservationButton id={id} onDeleted={() => setDeleted(true)} /> : null}
                <RemoveFromDeviceButton id={id} />
              </>
            }
          />
          {!seesContent(viewer, obs) ? (
            <Alert color="blue" variant="light" title="Formative observation">
              {MODE_DESCRIPTION.formative} You see where the cycle stands and when each step was done.
            </Alert>
          ) : null}
          <ClosingCard obs={obs} viewer={{ ...viewer, name: session.name }} />
          <GoalsCard obs={obs} viewer={viewer} />
          <CarriedGoalsCard obs={obs} viewer={viewer} reviewable={false} />
          {session.id !== obs.facultyId && mayDownloadDossier(viewer, { id: obs.facultyId, departmentId: obs.departmentId }) ? (
            <DossierCard facultyId={obs.facultyId} facultyName={obs.faculty.name} />
          ) : null}
          <AgreementPanel obs={obs} userId={session.id} role={session.role} departmentId={session.department?.id ?? null} notes={notes} agenda={agenda ?? null} />
          {seesAuditTrail(viewer, obs) ? <AuditTimeline observationId={id} /> : null}
        </Stack>
      )}
    </>
  );
}
