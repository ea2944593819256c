import { createFileRoute } from '@tanstack/react-router';
import { Stack } from '@mantine/core';
import type { ObservationPlan } from '../../../../../shared/contract/observations.js';
import { MSG } from '../../../../../shared/messages.js';
import { PageHeader } from '../../../../components/page-header.js';
import { toast } from '../../../../components/toast.js';
import { useRequiredSession } from '../../../../hooks/use-session.js';
import { submitWithToast } from '../../../../components/submit-result.js';
import { useObservation } from '../../../../features/observations/use-observation.js';
import { sideOf } from '../../../../features/observations/viewer-side.js';
import { ObservationLoading, ObservationNotFound } from '../../../../features/observations/observation-state.js';
import { PostObservationScreen } from '../../../../features/post-observation/post-observation-screen.js';
import { PlanStepForm } from '../../../../features/scheduling/plan-step-form.js';
import { PlanViewButton } from '../../../../features/scheduling/plan-view.js';
import { planHeaderOf } from '../../../../features/scheduling/plan-export.js';
import { useObservationChat } from '../../../../features/chat/use-observation-chat.js';
import { ChatMobileButton } from '../../../../features/chat/chat-mobile-button.js';
import { PendingChangesNote } from '../../../../features/observations/pending-changes-note.js';
import { MeetingAgendaCard } from '../../../../features/agreement/agreement-panel.js';
import { NextAction } from '../../../../components/next-action.js';
import { useAgenda } from '../../../../features/agreement/use-agenda.js';
import { useNotes } from '../../../../features/evidence/use-notes.js';
import { GoalsCard } from '../../../../features/goals/goals-card.js';
import { CarriedGoalsCard } from '../../../../features/goals/carried-goals-card.js';

export const Route = createFileRoute('/_app/observations/post-observation-meeting/$id')({ component: PostObservationPage });

function PostObservationPage() {
  const { id } = Route.useParams();
  const session = useRequiredSession();
  const obs = useObservation(id);
  const agenda = useAgenda(id);
  const notes = useNotes(id) ?? [];
  useObservationChat(obs ? id : null);
  const viewer = { id: session.id, role: session.role, departmentId: session.department?.id ?? null };

  const renderPlanForm = (plan: ObservationPlan) => (
    <PlanStepForm
      plan={plan}
      title="Provide Reflection Plan Details"
      draftKey={{ form: 'reflectionPlan', entityId: id }}
      onSubmit={async (answers) => {
        try {
          return await submitWithToast('reflectionPlan.submit', { observationsId: id, templateResponse: answers, templateId: plan.id }, { success: MSG.postUpdated });
        } catch (err) {
          toast.error(err instanceof Error ? err.message : MSG.serverNotResponding);
          return false;
        }
      }}
    />
  );
  const renderPlanView = (plan: ObservationPlan) => (
    <PlanViewButton plan={plan} title="Reflection Plan" fileBase={`reflection-plan-${id.slice(0, 8)}`} header={obs ? planHeaderOf(obs, obs.meetings.postObservation?.scheduledOn ?? null) : undefined} />
  );

  return (
    <>
      <PageHeader title="Post Observation Meeting" parent="Observations" actions={obs ? <ChatMobileButton observationId={id} /> : null} />
      <PendingChangesNote observationId={id} />
      {obs === undefined ? (
        <ObservationLoading />
      ) : obs === null ? (
        <ObservationNotFound id={id} />
      ) : (
        <Stack>
          <NextAction obs={obs} viewerId={session.id} stages={['post-observation meeting']} />
          {/* The agreed agenda is what the meeting is about: it heads the meeting screen. */}
          <MeetingAgendaCard obs={obs} agenda={agenda ?? null} notes={notes} isFaculty={sideOf(obs, session.id) === 'faculty'} />
          {/* On the agenda too: the goals of earlier cycles, reviewed at this meeting. */}
          <CarriedGoalsCard obs={obs} viewer={viewer} reviewable title="On the agenda: goals from earlier cycles" />
          <PostObservationScreen obs={obs} side={sideOf(obs, session.id)} token={session.token} renderPlanForm={renderPlanForm} renderPlanView={renderPlanView} />
          {obs.meetings.postObservation ? <GoalsCard obs={obs} viewer={viewer} /> : null}
        </Stack>
      )}
    </>
  );
}
