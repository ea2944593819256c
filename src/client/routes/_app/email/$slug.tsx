import { createFileRoute } from '@tanstack/react-router';
import { EMAIL_SLUGS } from '../../../../shared/enums.js';
import { NotFound } from '../../../components/not-found.js';
import { PageHeader } from '../../../components/page-header.js';
import { useSession } from '../../../hooks/use-session.js';
import { EmailTemplatePage } from '../../../features/email-templates/email-template-page.js';

/** /email/:slug — new-user, initiate-observation, update-observation, observation-prompt (SPEC §2). */
export const Route = createFileRoute('/_app/email/$slug')({ component: Page });

function Page() {
  const { slug } = Route.useParams();
  const session = useSession();
  if (!Object.hasOwn(EMAIL_SLUGS, slug)) return <NotFound />;
  const { type, title } = EMAIL_SLUGS[slug as keyof typeof EMAIL_SLUGS];
  return (
    <>
      <PageHeader title={title} parent="Email Templates" />
      {session ? <EmailTemplatePage key={type} type={type} role={session.role} /> : null}
    </>
  );
}
