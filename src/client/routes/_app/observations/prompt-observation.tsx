import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { useCurrentUser } from '../../../hooks/use-session.js';
import { PromptForm } from '../../../features/prompt/prompt-form.js';

/** Owned by the admin UI although it lives under observations/ (SPEC §2 Prompt Observation screen). */
export const Route = createFileRoute('/_app/observations/prompt-observation')({ component: Page });

function Page() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title="Prompt Observation" parent="Observations" />
      {user ? <PromptForm user={user} /> : null}
    </>
  );
}
