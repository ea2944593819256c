import { createFileRoute } from '@tanstack/react-router';
import { Stack } from '@mantine/core';
import { PageHeader } from '../../../../components/page-header.js';
import { useRequiredSession } from '../../../../hooks/use-session.js';
import { useObservation } from '../../../../features/observations/use-observation.js';
import { sideOf } from '../../../../features/observations/viewer-side.js';
import { ObservationLoading, ObservationNotFound } from '../../../../features/observations/observation-state.js';
import { RubricScreen } from '../../../../features/rubrics/rubric-screen.js';
import { EvidencePanel, ItemNotes } from '../../../../features/evidence/evidence-panel.js';
import { ClassBar, canTakeNotes } from '../../../../features/evidence/class-bar.js';
import { useNotes } from '../../../../features/evidence/use-notes.js';
import { useObservationChat } from '../../../../features/chat/use-observation-chat.js';
import { ChatMobileButton } from '../../../../features/chat/chat-mobile-button.js';
import { PendingChangesNote } from '../../../../features/observations/pending-changes-note.js';

export const Route = createFileRoute('/_app/observations/uninformed-observation-rubric/$id')({ component: UninformedRubricPage });

function UninformedRubricPage() {
  const { id } = Route.useParams();
  const session = useRequiredSession();
  const obs = useObservation(id);
  const notes = useNotes(id, 'uninformed') ?? [];
  useObservationChat(obs ? id : null);
  return (
    <>
      <PageHeader title="Uninformed Observation Rubrics" parent="Observations" actions={obs ? <ChatMobileButton observationId={id} /> : null} />
      <PendingChangesNote observationId={id} />
      {obs === undefined ? <ObservationLoading /> : obs === null ? <ObservationNotFound id={id} /> : (
        <Stack>
          {/* The class bar stays on screen while scoring; the notes panel comes after the scores, so the first item is on the first screen. */}
          {canTakeNotes(obs, 'uninformed', sideOf(obs, session.id)) ? <ClassBar obs={obs} kind="uninformed" /> : null}
          <RubricScreen key={obs.id} obs={obs} kind="uninformed" side={sideOf(obs, session.id)} renderItemExtra={(itemId) => <ItemNotes notes={notes} itemId={itemId} />} />
          <EvidencePanel obs={obs} kind="uninformed" side={sideOf(obs, session.id)} notes={notes} />
        </Stack>
      )}
    </>
  );
}
