import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../../components/page-header.js';
import { RubricVersionPage } from '../../../../features/rubrics/builder/rubric-version-page.js';

export const Route = createFileRoute('/_app/rubrics/edit-rubric/$id')({ component: Page });

function Page() {
  const { id } = Route.useParams();
  return (
    <>
      <PageHeader title="Rubric version" parent="Rubrics" />
      <RubricVersionPage key={id} id={id} />
    </>
  );
}
