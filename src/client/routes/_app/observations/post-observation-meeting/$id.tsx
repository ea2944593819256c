import { createFileRoute } from '@tanstack/react-router';
import type { ObservationPlan } from '../../../../../shared/contract/observations.js';
import { MSG } from '../../../../../shared/messages.js';
import { PageHeader } from '../../../../components/page-header.js';
import { toast } from '../../../../components/toast.js';
import { useRequiredSession } from '../../../../hooks/use-session.js';
import { mutate } from '../../../../sync/index.js';
import { useObservation } from '../../../../features/observations/use-observation.js';
import { sideOf } from '../../../../features/observations/viewer-side.js';
import { ObservationLoading, ObservationNotFound } from '../../../../features/observations/observation-state.js';
import { PostObservationScreen } from '../../../../features/post-observation/post-observation-screen.js';
import { PlanStepForm } from '../../../../features/scheduling/plan-step-form.js';
import { PlanViewButton } from '../../../../features/scheduling/plan-view.js';
import { useObservationChat } from '../../../../features/chat/use-observation-chat.js';
import { ChatMobileButton } from '../../../../features/chat/chat-mobile-button.js';
import { PendingChangesNote } from '../../../../features/observations/pending-changes-note.js';

export const Route = createFileRoute('/_app/observations/post-observation-meeting/$id')({ component: PostObservationPage });

function PostObservationPage() {
  const { id } = Route.useParams();
  const session = useRequiredSession();
  const obs = useObservation(id);
  useObservationChat(obs ? id : null);

  const renderPlanForm = (plan: ObservationPlan) => (
    <PlanStepForm
      plan={plan}
      title="Provide Reflection Plan Details"
      onSubmit={async (answers) => {
        try {
          await mutate('reflectionPlan.submit', { observationsId: id, templateResponse: answers, templateId: plan.id });
          toast.success(MSG.postUpdated);
        } catch (err) {
          toast.error(err instanceof Error ? err.message : MSG.serverNotResponding);
        }
      }}
    />
  );
  const renderPlanView = (plan: ObservationPlan) => <PlanViewButton plan={plan} title="Reflection Plan" fileBase={`reflection-plan-${id.slice(0, 8)}`} />;

  return (
    <>
      <PageHeader title="Post Observation Meeting" parent="Observations" actions={obs ? <ChatMobileButton observationId={id} /> : null} />
      <PendingChangesNote observationId={id} />
      {obs === undefined ? (
        <ObservationLoading />
      ) : obs === null ? (
        <ObservationNotFound />
      ) : (
        <PostObservationScreen obs={obs} side={sideOf(obs, session.id)} token={session.token} renderPlanForm={renderPlanForm} renderPlanView={renderPlanView} />
      )}
    </>
  );
}
